// The records of schema 2 and of `history.jsonl`, read only to bring older data forward
// (`LegacyFiles`, `HistoryLog(legacy:)`).

/// `state.json` of schema 2: the items were inside it, and history was JSON Lines.
struct StateRecordV2: Codable {
    var schema: Int
    var settings: SettingsRecord
    var stores: [StoreRecord]
    var categories: [CategoryRecord]
    var items: [ItemRecord]
    var carts: [CartRecord]
    var historyBytes: Int
    var undo: UndoRecord
}

/// A line of `history.jsonl`: one event, applied in order.
struct HistoryEventRecord: Codable, Equatable {
    enum Kind: String, Codable {
        /// A cart was completed (or completed again after a reopen).
        case completed
        /// A completed cart left history: reopened or deleted.
        case removed
        /// Prices were seen, by hand or on a trip.
        case prices
        /// The prices a trip recorded were taken back (its cart was reopened or deleted).
        case retracted
    }

    var event: Kind
    var cart: CartRecord?
    var cartId: String?
    var observations: [ObservationRecord]?
}

/// The first line of `history.jsonl`.
struct HistoryHeaderRecord: Codable, Equatable {
    static let currentSchema = 1
    var schema: Int
    var file: String

    static let current = HistoryHeaderRecord(schema: currentSchema, file: "grock-history")
}
