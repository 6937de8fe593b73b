/// An item's identity, name and category: what finding an item by name needs, without its
/// prices.
public struct ItemName: Sendable, Hashable {
    /// The item's identity.
    public let id: ItemID
    /// The item's name as stored, not its `Name.key`.
    public let name: String
    /// The category it is in.
    public let categoryID: CategoryID

    /// A storage's answer about one item, for a storage that reads names apart from prices.
    public init(id: ItemID, name: String, categoryID: CategoryID) {
        self.id = id
        self.name = name
        self.categoryID = categoryID
    }
}
