import Domain

/// What a finished trip came to: what was spent against the budget, and what was bought.
public struct TripOutcome: Encodable, Sendable, Hashable {
    public let spent: String
    public let budget: String?
    /// By how much the trip went over its budget; nil within it or without one.
    public let overBudget: String?
    /// What was left of the budget; nil without one.
    public let remaining: String?
    public let currency: String
    /// The lines bought, of `lines`.
    public let fulfilled: Int
    public let lines: Int
    /// The vault items whose prices the trip updated: those bought, not on impulse.
    public let pricesUpdated: Int

    public init(_ figures: CartFigures) {
        let cart = figures.cart
        spent = figures.actual.amountText
        budget = cart.budget?.amountText
        overBudget = figures.overBudget?.amountText
        remaining = figures.remaining?.amountText
        currency = cart.currency.code
        fulfilled = cart.progress.fulfilled
        lines = cart.progress.total
        pricesUpdated = cart.lines.count { $0.isFulfilled && !$0.isImpulse }
    }
}
