/// The price of an item at a store today, and how old that knowledge is.
public struct CurrentPrice: Sendable, Hashable {
    /// The price, per the option's basis.
    public let unitPrice: UnitPrice
    /// When it was seen or paid.
    public let observedAt: Timestamp
    /// The last day of the promotion; nil for a regular price or an open promotion.
    public let promotionUntil: Day?
    /// Whether the price is a promotion's.
    public let isPromotion: Bool
}
