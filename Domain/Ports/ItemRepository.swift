/// The vault's items.
public protocol ItemRepository: AnyObject {
    /// Every vault item with its prices, in no promised order; empty for an empty vault.
    func allItems() throws -> [Item]
    /// Every item's name and category; a storage may answer this without reading prices.
    func itemNames() throws -> [ItemName]
    /// The items whose name has `key` (`Name.key`): none or one, unless names clash; a storage
    /// may answer this without reading every name.
    func itemNames(withKey key: String) throws -> [ItemName]
    /// The item with `id`; nil when the vault has none (never had, or deleted).
    func item(_ id: ItemID) throws -> Item?
    /// Stores `item`, replacing the one with its id, or adding it.
    func save(_ item: Item) throws
    /// Takes the item out of the vault; its lines on carts and its history stay.
    func deleteItem(_ id: ItemID) throws
}

extension ItemRepository {
    /// Filters every name: correct for any storage, but it reads every name.
    public func itemNames(withKey key: String) throws -> [ItemName] {
        try itemNames().filter { Name.key($0.name) == key }
    }
}
