/// One category of the vault with its items.
public struct VaultSection: Sendable, Hashable {
    /// The category; sections come in the vault's order.
    public let category: Category
    /// Its items, by name.
    public let items: [ItemDetails]
}
