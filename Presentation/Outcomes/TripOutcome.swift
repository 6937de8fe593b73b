import Domain

/// What a finished trip came to: the cart's totals against its budget, and how many vault
/// prices it updated.
public struct TripOutcome: Encodable, Sendable, Hashable {
    /// The completed cart: what was spent (`actualTotal`), the budget, and what was bought.
    public let cart: CartRow
    /// The vault items whose prices the trip updated: those bought, not on impulse.
    public let pricesUpdated: Int

    /// The outcome of the trip `figures` were worked out for, once it is completed.
    public init(_ figures: CartFigures) {
        cart = CartRow(figures)
        pricesUpdated = figures.cart.lines.count { $0.isFulfilled && !$0.isImpulse }
    }
}
