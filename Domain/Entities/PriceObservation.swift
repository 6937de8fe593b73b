/// One price seen for an item at a store: on a shelf, in a flyer, or paid on a trip.
public struct PriceObservation: Sendable, Hashable {
    /// Who said the price.
    public enum Source: Sendable, Hashable {
        /// Typed in by the user (`item price`).
        case manual
        /// Paid on the trip of this cart.
        case trip(CartID)
    }

    /// The item priced.
    public let item: ItemID
    /// Where.
    public let store: StoreID
    /// The price, per what the store sold it by.
    public let price: UnitPrice
    /// When it was seen or paid; a day typed without a time stands for its noon.
    public let observedAt: Timestamp
    /// Seen by hand, or paid on a trip.
    public let source: Source
    /// Whether it was a promotion's price rather than the regular one.
    public let isPromotion: Bool

    /// An observation as given.
    public init(item: ItemID, store: StoreID, price: UnitPrice, observedAt: Timestamp, source: Source, isPromotion: Bool = false) {
        self.item = item
        self.store = store
        self.price = price
        self.observedAt = observedAt
        self.source = source
        self.isPromotion = isPromotion
    }
}
