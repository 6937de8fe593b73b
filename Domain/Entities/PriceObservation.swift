/// One price seen for an item at a store: on a shelf, in a flyer, or paid on a trip.
public struct PriceObservation: Sendable, Hashable {
    public enum Source: Sendable, Hashable {
        /// Typed in by the user (`item price`).
        case manual
        /// Paid on the trip of this cart.
        case trip(CartID)
    }

    public let item: ItemID
    public let store: StoreID
    public let price: UnitPrice
    public let observedAt: Timestamp
    public let source: Source
    public let isPromotion: Bool

    public init(item: ItemID, store: StoreID, price: UnitPrice, observedAt: Timestamp, source: Source, isPromotion: Bool = false) {
        self.item = item
        self.store = store
        self.price = price
        self.observedAt = observedAt
        self.source = source
        self.isPromotion = isPromotion
    }
}
