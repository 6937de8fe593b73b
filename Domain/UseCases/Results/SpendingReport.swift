/// Figures about completed trips: what was spent, where, on what, against which budgets.
public struct SpendingReport: Sendable, Hashable {
    /// A span of months, `YYYY-MM`, both inclusive.
    public struct MonthRange: Sendable, Hashable {
        /// The first month.
        public let first: String
        /// The last month.
        public let last: String
    }

    /// A labelled total, such as a month, a store or a category.
    public struct Total: Sendable, Hashable {
        /// The month (`YYYY-MM`), the store's name or the category's; "No store" and "Impulse buys"
        /// for lines without.
        public let label: String
        /// What was spent under the label.
        public let amount: Money
        /// On how many trips.
        public let trips: Int
    }

    /// One completed trip against its plan and budget.
    public struct Trip: Sendable, Hashable {
        /// The completed cart.
        public let cartID: CartID
        /// The cart's name.
        public let name: String
        /// The day the trip was completed.
        public let day: Day
        /// What its lines were planned to cost, for the lines with a planned price.
        public let planned: Money
        /// What was paid.
        public let actual: Money
        /// The budget it had; nil without one.
        public let budget: Money?
        /// How much more than the budget was paid; nil within budget or without one.
        public var overBudget: Money? {
            guard let budget, actual > budget else { return nil }
            return Money(minorUnits: Money.difference(actual.minorUnits, budget.minorUnits), currency: actual.currency)
        }
    }

    /// How an item's price moved between the first and the last time it was paid, at the store
    /// it was last paid at.
    public struct PriceChange: Sendable, Hashable {
        /// The item's name.
        public let item: String
        /// The first price paid for it at that store.
        public let first: UnitPrice
        /// The last price paid for it.
        public let last: UnitPrice
        /// Change in hundredths of a percent (1234 = +12.34 %), rounded half to even.
        public let basisPoints: Int
    }

    /// The currency of every amount.
    public let currency: Currency
    /// Spending per month, oldest first.
    public let byMonth: [Total]
    /// Spending per store, most first.
    public let byStore: [Total]
    /// Spending per category, most first.
    public let byCategory: [Total]
    /// The trips in range, by day.
    public let trips: [Trip]
    /// What the trips in range spent.
    public let total: Money
    /// By how much the trips over budget went over it, in all.
    public let overBudgetTotal: Money
    /// Items paid for more than once in range, the largest change first.
    public let priceChanges: [PriceChange]
    /// The first and last month of the whole history, whatever range was asked for: so that an
    /// empty range can say where the history is. Nil without completed trips.
    public let historyMonths: MonthRange?

    /// What a trip spent on average, in whole minor units (rounded towards zero); nil without
    /// trips.
    public var averageBasket: Money? {
        trips.isEmpty ? nil : Money(minorUnits: total.minorUnits / Int64(trips.count), currency: currency)
    }

    /// The trips that went over their budget.
    public var tripsOverBudget: [Trip] { trips.filter { $0.overBudget != nil } }

    /// The mean of |actual − planned| over trips with a plan, in minor units. Added up in 128
    /// bits, so it cannot overflow; a mean of amounts that fit in 64 bits fits too.
    public var meanPlanningError: Money? {
        let planned = trips.filter { $0.planned.minorUnits > 0 }
        guard !planned.isEmpty else { return nil }
        let sum = planned.reduce(Int128(0)) { $0 + abs(Int128($1.actual.minorUnits) - Int128($1.planned.minorUnits)) }
        return Money(minorUnits: Int64(clamping: sum / Int128(planned.count)), currency: currency)
    }
}
