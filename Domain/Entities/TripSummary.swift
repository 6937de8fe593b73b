/// A completed trip in brief: what history lists and insights add up, without its lines.
public struct TripSummary: Sendable, Hashable {
    public let cartID: CartID
    public let name: String
    public let completedAt: Timestamp
    public let budget: Money?
    /// The planned cost of its vault lines (impulse buys were never planned).
    public let planned: Money
    public let actual: Money
    public let fulfilled: Int
    public let lines: Int

    public init(cartID: CartID, name: String, completedAt: Timestamp, budget: Money?, planned: Money, actual: Money, fulfilled: Int, lines: Int) {
        self.cartID = cartID
        self.name = name
        self.completedAt = completedAt
        self.budget = budget
        self.planned = planned
        self.actual = actual
        self.fulfilled = fulfilled
        self.lines = lines
    }

    public init(_ cart: Cart) throws {
        self.init(cartID: cart.id, name: cart.name, completedAt: cart.completedAt ?? cart.createdAt, budget: cart.budget,
                  planned: try Money.sum(cart.lines.filter { !$0.isImpulse }.compactMap { try $0.plannedCost() }, currency: cart.currency),
                  actual: try cart.actualTotal(), fulfilled: cart.progress.fulfilled, lines: cart.progress.total)
    }

    public var overBudget: Money? {
        guard let budget, actual > budget else { return nil }
        return Money(minorUnits: Money.difference(actual.minorUnits, budget.minorUnits), currency: actual.currency)
    }
}

/// What was spent in one month on completed trips: a summary a storage may keep up to date.
public struct MonthSpending: Sendable, Hashable {
    /// `YYYY-MM`.
    public let month: String
    public let total: Money
    public let trips: Int

    public init(month: String, total: Money, trips: Int) {
        self.month = month
        self.total = total
        self.trips = trips
    }

    /// The months of `trips`, in month order.
    public static func of(_ trips: [TripSummary], currency: Currency) throws -> [MonthSpending] {
        var totals: [String: (Int64, Int)] = [:]
        for trip in trips {
            let month = trip.completedAt.day.monthText
            let (sum, overflow) = (totals[month]?.0 ?? 0).addingReportingOverflow(trip.actual.minorUnits)
            guard !overflow else { throw DomainError.amountOverflow }
            totals[month] = (sum, (totals[month]?.1 ?? 0) + 1)
        }
        return totals.sorted { $0.key < $1.key }.map { MonthSpending(month: $0.key, total: Money(minorUnits: $0.value.0, currency: currency), trips: $0.value.1) }
    }
}
