/// A promotional price, valid through `until` (inclusive) or until a regular price is recorded.
public struct Promotion: Sendable, Hashable {
    /// The promotional price and when it was seen.
    public let quote: PriceQuote
    /// The last day it is valid; nil until a regular price replaces it.
    public let until: Day?

    /// A promotion as given.
    public init(quote: PriceQuote, until: Day?) {
        self.quote = quote
        self.until = until
    }

    /// Whether it still counts on `day`.
    public func isValid(on day: Day) -> Bool { until.map { day <= $0 } ?? true }
}
