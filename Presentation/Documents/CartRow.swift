import Domain

/// A cart as a row of the home screen and the cart list.
public struct CartRow: Sendable, Hashable, Encodable {
    /// The cart's id, to open it whatever it is renamed to.
    public let id: String
    /// The cart's name as the user gave it.
    public let name: String
    /// Planning, shopping or completed; written as its raw value.
    public let status: CartStatus
    /// The day it was made; written `YYYY-MM-DD`.
    public let created: DocumentDay
    /// The budget, as a decimal string; nil without one.
    public let budget: String?
    /// Every line's planned cost added up, as a decimal string.
    public let plannedTotal: String
    /// What was paid for the lines bought, as a decimal string.
    public let actualTotal: String
    /// The budget less the plan (while planning) or what was paid (after); negative when over;
    /// nil without a budget.
    public let remaining: String?
    /// Whether the cart is over its budget: a front's cue to colour it.
    public let overBudget: Bool
    /// By how much the cart is over its budget; nil within it or without one.
    public let overBudgetBy: String?
    /// How many of `lines` are bought.
    public let fulfilled: Int
    /// How many lines the cart has, impulse buys included.
    public let lines: Int
    /// The ISO code of the row's amounts (`EUR`).
    public let currency: String

    /// The row of a cart with its totals.
    public init(_ figures: CartFigures) {
        let cart = figures.cart
        id = cart.id.rawValue
        name = cart.name
        status = cart.status
        created = DocumentDay(cart.createdAt.day)
        budget = cart.budget?.amountText
        plannedTotal = figures.planned.amountText
        actualTotal = figures.actual.amountText
        remaining = figures.remaining?.amountText
        overBudget = figures.overBudget != nil
        overBudgetBy = figures.overBudget?.amountText
        fulfilled = cart.progress.fulfilled
        lines = cart.progress.total
        currency = cart.currency.code
    }
}
