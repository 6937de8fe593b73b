/// How an item's price moved at one store: its latest purchase, and the earliest at the same
/// store (prices of two stores are no change of price). Latest and earliest go by when their
/// trips finished; of two lines of the same moment, the later line is the latest and the
/// earlier one the earliest.
public struct PriceSpan: Sendable, Hashable {
    /// The earliest purchase at the store of `last`.
    public let first: PurchasedLine
    /// The latest purchase of the item.
    public let last: PurchasedLine
    /// How many times the item was bought at that store, on the trips asked about.
    public let purchases: Int

    /// A span as a storage worked it out.
    public init(first: PurchasedLine, last: PurchasedLine, purchases: Int) {
        self.first = first
        self.last = last
        self.purchases = purchases
    }
}
