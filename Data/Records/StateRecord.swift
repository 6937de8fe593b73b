/// The active state as stored in `state.json` (schema 2): everything but history.
///
/// Amounts are integer minor units of `settings.currency`; quantities are decimal strings;
/// times are RFC 3339 text. Nothing is stored as floating point.
struct StateRecord: Codable, Equatable {
    static let currentSchema = 2

    var schema: Int = StateRecord.currentSchema
    var settings: SettingsRecord
    var stores: [StoreRecord]
    var categories: [CategoryRecord]
    var items: [ItemRecord]
    /// Planning and shopping carts; completed ones are in the history file.
    var carts: [CartRecord]
    /// How many bytes of the history file are committed; bytes after that are the remains of
    /// an interrupted change and are ignored, then cut off by the next change.
    var historyBytes: Int
    var undo: UndoRecord

    static let empty = StateRecord(settings: SettingsRecord(currency: "EUR", isSetUp: false), stores: [], categories: [], items: [],
                                   carts: [], historyBytes: 0, undo: UndoRecord(nextSequence: 1, entries: []))
}

struct SettingsRecord: Codable, Equatable {
    var currency: String
    var isSetUp: Bool
}

struct StoreRecord: Codable, Equatable {
    var id: String
    var name: String
    var createdAt: String
    var aisleOrder: [String]
    var removed: Bool
}

struct CategoryRecord: Codable, Equatable {
    var id: String
    var name: String
    var sortOrder: Int
}

struct ItemRecord: Codable, Equatable {
    var id: String
    var name: String
    var categoryId: String
    var unit: String
    var prices: [PriceOptionRecord]
}

struct PriceOptionRecord: Codable, Equatable {
    var storeId: String
    var unit: String
    var regular: QuoteRecord?
    var promotion: PromotionRecord?
}

struct QuoteRecord: Codable, Equatable {
    var price: Int64
    var observedAt: String
}

struct PromotionRecord: Codable, Equatable {
    var price: Int64
    var observedAt: String
    var until: String?
}

struct CartRecord: Codable, Equatable {
    var id: String
    var name: String
    var budget: Int64?
    var status: String
    var createdAt: String
    var startedAt: String?
    var completedAt: String?
    var lines: [CartLineRecord]
}

struct CartLineRecord: Codable, Equatable {
    var itemId: String
    var name: String
    var category: String?
    var quantity: String
    var unit: String
    var plannedStoreId: String?
    var plannedPrice: Int64?
    var fulfilled: Bool
    var actualStoreId: String?
    var actualPrice: Int64?
    var purchasedQuantity: String?
    var impulse: Bool
}

/// The changes that can be undone, newest last. Entry `n`'s state before the change is the
/// file `undo/n.json`, or, when `hadState` is false, the empty state of a new data directory.
struct UndoRecord: Codable, Equatable {
    var nextSequence: Int
    var entries: [UndoEntryRecord]
}

struct UndoEntryRecord: Codable, Equatable {
    var sequence: Int
    var summary: String
    var hadState: Bool
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

struct ObservationRecord: Codable, Equatable {
    var itemId: String
    var storeId: String
    var price: Int64
    var unit: String
    var observedAt: String
    /// `manual`, or the id of the cart whose trip paid it.
    var source: String
    var promotion: Bool
}

/// The first line of `history.jsonl`.
struct HistoryHeaderRecord: Codable, Equatable {
    static let currentSchema = 1
    var schema: Int
    var file: String

    static let current = HistoryHeaderRecord(schema: currentSchema, file: "grock-history")
}
