/// One category of the vault with its items.
public struct VaultSection: Sendable, Hashable {
    public let category: Category
    public let items: [ItemDetails]
}
