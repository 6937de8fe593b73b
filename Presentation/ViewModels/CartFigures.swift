import Domain

/// A cart's totals, worked out once so that drawing it cannot fail.
public struct CartFigures: Sendable, Hashable {
    public let cart: Cart
    public let planned: Money
    public let actual: Money
    /// The plan while planning, what was paid after.
    public let spending: Money
    public let remaining: Money?
    public let overBudget: Money?
    /// Each line's cost: paid once bought, else planned; nil when unknown. By line, not by
    /// item: a completed trip may hold an item on several lines (two lines alike cost alike).
    public let lineCosts: [CartItem: Money?]

    public init(_ cart: Cart) throws {
        self.cart = cart
        planned = try cart.plannedTotal()
        actual = try cart.actualTotal()
        spending = try cart.spendingAgainstBudget()
        remaining = try cart.remainingBudget()
        overBudget = try cart.overBudget()
        lineCosts = Dictionary(try cart.lines.map { ($0, try $0.expectedCost()) }, uniquingKeysWith: { first, _ in first })
    }
}
