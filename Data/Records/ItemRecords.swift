// The records of an item, its prices at each store and a price seen: in the vault, history,
// backups and sync parts.

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
