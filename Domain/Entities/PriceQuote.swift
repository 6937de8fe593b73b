/// A price seen at some moment.
public struct PriceQuote: Sendable, Hashable {
    /// The price of one unit of the option's unit.
    public let price: Money
    /// When it was seen or paid.
    public let observedAt: Timestamp

    /// A quote as given.
    public init(price: Money, observedAt: Timestamp) {
        self.price = price
        self.observedAt = observedAt
    }
}
