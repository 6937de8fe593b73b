import Domain

/// A cart as a row of the home screen and the cart list.
public struct CartRow: Sendable, Hashable, Encodable {
    public let id: String
    public let name: String
    public let status: String
    public let created: String
    public let budget: String?
    public let plannedTotal: String
    public let actualTotal: String
    public let remaining: String?
    public let overBudget: Bool
    /// By how much the cart is over its budget; nil within it or without one.
    public let overBudgetBy: String?
    public let fulfilled: Int
    public let lines: Int
    public let currency: String

    public init(_ figures: CartFigures) {
        let cart = figures.cart
        id = cart.id.rawValue
        name = cart.name
        status = cart.status.rawValue
        created = cart.createdAt.day.description
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
