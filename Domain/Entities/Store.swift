/// A shop where items are bought.
public struct Store: Sendable, Hashable, Identifiable {
    /// The store's identity, which history keeps.
    public let id: StoreID
    /// Unique among stores not removed, as `Name.key` compares names.
    public var name: String
    /// When it was first added.
    public let createdAt: Timestamp
    /// This store's walking order of categories; categories not listed come after, in their
    /// global order.
    public var aisleOrder: [CategoryID]
    /// A removed store is kept so that history can still name it, but hidden everywhere else.
    public var isRemoved: Bool
    /// What this store's receipts call items, learned when the user confirmed a match: the
    /// receipt's name in its matching key (`ReceiptMatcher.key`) and the item it means.
    public var receiptNames: [String: ItemID]

    /// A store as given; a new one has no aisle order and no receipt names.
    public init(id: StoreID, name: String, createdAt: Timestamp, aisleOrder: [CategoryID] = [], isRemoved: Bool = false,
                receiptNames: [String: ItemID] = [:]) {
        self.id = id
        self.name = name
        self.createdAt = createdAt
        self.aisleOrder = aisleOrder
        self.isRemoved = isRemoved
        self.receiptNames = receiptNames
    }
}
