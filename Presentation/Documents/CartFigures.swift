import Domain

/// A cart's totals, worked out once so that drawing it cannot fail: amounts as `Money`, for
/// fronts that draw them (a budget bar) or format them themselves; `CartRow` has the rest.
public struct CartFigures: Sendable, Hashable {
    /// The cart the figures are of, for the rows and outcomes made from them.
    let cart: Cart
    /// Whether `spending` is the plan (`planning`) or what was paid.
    public let status: CartStatus
    /// The currency of every amount.
    public let currency: Currency
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

    /// Works out the totals of `cart`.
    /// - Throws: `DomainError.amountOverflow` when a sum does not fit in an amount.
    public init(_ cart: Cart) throws {
        self.cart = cart
        status = cart.status
        currency = cart.currency
        budget = cart.budget
        planned = try cart.plannedTotal()
        actual = try cart.actualTotal()
        spending = try cart.spendingAgainstBudget()
        remaining = try cart.remainingBudget()
        overBudget = try cart.overBudget()
    }
}
