/// A completed trip in brief: what history lists and insights add up, without its lines.
public struct TripSummary: Sendable, Hashable {
    /// The completed cart.
    public let cartID: CartID
    /// The cart's name.
    public let name: String
    /// When the trip happened.
    public let completedAt: Timestamp
    /// The cart's budget; nil without one.
    public let budget: Money?
    /// The planned cost of its vault lines (impulse buys were never planned).
    public let planned: Money
    /// What was paid for the lines bought.
    public let actual: Money
    /// How many lines were bought.
    public let fulfilled: Int
    /// How many lines it had, bought or not.
    public let lines: Int

    /// A summary as a storage kept it.
    public init(cartID: CartID, name: String, completedAt: Timestamp, budget: Money?, planned: Money, actual: Money, fulfilled: Int,
                lines: Int) {
        self.cartID = cartID
        self.name = name
        self.completedAt = completedAt
        self.budget = budget
        self.planned = planned
        self.actual = actual
        self.fulfilled = fulfilled
        self.lines = lines
    }

    /// The summary of `cart`; one not completed counts from when it was created.
    /// - Throws: `DomainError.amountOverflow` when its lines cannot be added up.
    public init(_ cart: Cart) throws {
        self.init(cartID: cart.id, name: cart.name, completedAt: cart.completedAt ?? cart.createdAt, budget: cart.budget,
                  planned: try Money.sum(cart.lines.filter { !$0.isImpulse }.compactMap { try $0.plannedCost() }, currency: cart.currency),
                  actual: try cart.actualTotal(), fulfilled: cart.progress.fulfilled, lines: cart.progress.total)
    }

    /// How much more than the budget was paid; nil within budget or without one.
    public var overBudget: Money? {
        guard let budget, actual > budget else { return nil }
        return Money(minorUnits: Money.difference(actual.minorUnits, budget.minorUnits), currency: actual.currency)
    }
}
