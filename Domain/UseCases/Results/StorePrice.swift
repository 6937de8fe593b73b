/// An item's price at one store, as the vault shows it.
public struct StorePrice: Sendable, Hashable {
    /// The store the row is about; never a removed one.
    public let store: Store
    /// The price there today (a running promotion over the regular one); nil when none is.
    public let current: CurrentPrice?
    /// The price per kg, l, each or pack, for comparing sizes.
    public let normalised: UnitPrice?
    /// The last price known, even when an expired promotion left no current price.
    public let unit: MeasureUnit
    /// What the store's prices are per: the unit, or a pack with what it holds.
    public let basis: PriceUnit
    /// Whether it is the item's cheapest store today (one store at most).
    public let isCheapest: Bool
}
