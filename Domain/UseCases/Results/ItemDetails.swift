/// An item with everything the vault knows about its prices.
public struct ItemDetails: Sendable, Hashable {
    /// The item as the vault holds it.
    public let item: Item
    /// Its category; nil when no category has its id.
    public let category: Category?
    /// One row per store, cheapest first; stores with no current price last.
    public let prices: [StorePrice]
    /// The store with the cheapest current price; nil when no store has one.
    public var cheapest: StorePrice? { prices.first(where: \.isCheapest) }
}
