/// An item with everything the vault knows about its prices.
public struct ItemDetails: Sendable, Hashable {
    public let item: Item
    public let category: Category?
    /// One row per store, cheapest first; stores with no current price last.
    public let prices: [StorePrice]
    public var cheapest: StorePrice? { prices.first(where: \.isCheapest) }
}
