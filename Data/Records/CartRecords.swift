// The records of a cart and its lines: in `state.tsv`, history, backups and sync parts.

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
