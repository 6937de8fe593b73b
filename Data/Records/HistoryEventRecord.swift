// Read only to bring history of schema 2 forward (`HistoryLog(legacy:)`).

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
