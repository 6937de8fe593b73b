/// An item's price at one store, as the vault shows it.
public struct StorePrice: Sendable, Hashable {
    public let store: Store
    public let current: CurrentPrice?
    /// The price per kg, l, each or pack, for comparing sizes.
    public let normalised: UnitPrice?
    /// The last price known, even when an expired promotion left no current price.
    public let unit: MeasureUnit
    /// What the store's prices are per: the unit, or a pack with what it holds.
    public let basis: PriceUnit
    public let isCheapest: Bool
}
