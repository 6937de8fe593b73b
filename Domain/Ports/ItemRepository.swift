/// An item's identity, name and category: what finding an item by name needs, without its
/// prices.
public struct ItemName: Sendable, Hashable {
    public let id: ItemID
    public let name: String
    public let categoryID: CategoryID

    public init(id: ItemID, name: String, categoryID: CategoryID) {
        self.id = id
        self.name = name
        self.categoryID = categoryID
    }
}

/// The vault's items.
public protocol ItemRepository: AnyObject {
    func allItems() throws -> [Item]
    /// Every item's name and category; a storage may answer this without reading prices.
    func itemNames() throws -> [ItemName]
    /// The items whose name has `key` (`Name.key`): none or one, unless names clash; a storage
    /// may answer this without reading every name.
    func itemNames(withKey key: String) throws -> [ItemName]
    func item(_ id: ItemID) throws -> Item?
    func save(_ item: Item) throws
    func deleteItem(_ id: ItemID) throws
}

extension ItemRepository {
    public func itemNames(withKey key: String) throws -> [ItemName] {
        try itemNames().filter { Name.key($0.name) == key }
    }
}
