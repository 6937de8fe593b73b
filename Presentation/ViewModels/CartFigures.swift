import Domain

/// A cart's totals, worked out once so that drawing it cannot fail.
public struct CartFigures: Sendable, Hashable {
    /// The cart the figures are of.
    public let cart: Cart
    /// The budget spending is held against; nil without one.
    public let budget: Money?
    /// Every line's planned cost added up; lines with no known price count as nothing.
    public let planned: Money
    /// What was paid for the lines bought.
    public let actual: Money
    /// The plan while planning, what was paid after.
    public let spending: Money
    /// The budget less `spending`; negative when over; nil without a budget.
    public let remaining: Money?
    /// By how much `spending` exceeds the budget; nil within it or without one.
    public let overBudget: Money?
    /// Each line's cost: paid once bought, else planned; nil when unknown. By line, not by
    /// item: a completed trip may hold an item on several lines (two lines alike cost alike).
    public let lineCosts: [CartItem: Money?]

    /// Works out the totals of `cart`.
    /// - Throws: `DomainError.amountOverflow` when a sum does not fit in an amount.
    public init(_ cart: Cart) throws {
        self.cart = cart
        budget = cart.budget
        planned = try cart.plannedTotal()
        actual = try cart.actualTotal()
        spending = try cart.spendingAgainstBudget()
        remaining = try cart.remainingBudget()
        overBudget = try cart.overBudget()
        lineCosts = Dictionary(try cart.lines.map { ($0, try $0.expectedCost()) }, uniquingKeysWith: { first, _ in first })
    }
}
