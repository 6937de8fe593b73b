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

/// Builds the spending report from completed trips, optionally between two months (inclusive,
/// `YYYY-MM`).
public struct SpendingInsights: Sendable {
    let storage: any Storage

    /// Usually reached as `UseCases.spendingInsights`.
    public init(storage: any Storage) { self.storage = storage }

    /// The report of the trips completed from month `from` to month `to` (`YYYY-MM`, both
    /// inclusive; nil leaves that end open).
    /// - Throws: `DomainError.reversedRange` when `from` is after `to`; `.amountOverflow` when
    ///   a damaged history's totals cannot be added up.
    public func callAsFunction(from: String? = nil, to: String? = nil) async throws -> SpendingReport {
        try await withInflation(from: from, to: to, base: nil).report
    }

    /// The report and the personal inflation index from one reading of history.
    /// - Parameter base: the index's base month (see `PersonalInflation`).
    /// - Throws: as `callAsFunction(from:to:)`.
    public func withInflation(from: String? = nil, to: String? = nil, base: String?) async throws -> (report: SpendingReport, inflation: InflationIndex?) {
        try await storage.read { repositories in
            let currency = try repositories.settings().currency
            let stores = Dictionary(firstByKey: try repositories.allStores().map { ($0.id, $0.name) })
            let spending = try repositories.spending()
            return (try SpendingInsights.report(spending, storeNames: stores, currency: currency, from: from, to: to),
                    try PersonalInflation.index(spending, base: base))
        }
    }

    static func report(_ spending: any Spending, storeNames: [StoreID: String], currency: Currency, from: String?, to: String?) throws -> SpendingReport {
        // Months as `YYYY-MM` compare as text.
        if let from, let to, from > to { throw DomainError.reversedRange(from: from, to: to) }
        // Trips first: the months' trips in range.
        let allTrips = spending.trips
        let tripMonths = TripGrouping.months(of: allTrips)
        let selection = tripMonths.trips(inGroupsWhere: { month in (from.map { month >= $0 } ?? true) && (to.map { month <= $0 } ?? true) })
        var months = Tally(currency: currency)
        var trips: [SpendingReport.Trip] = []
        var total = Money.zero(currency)
        for (index, trip) in allTrips.enumerated() where selection.contains(index) {
            total = try total.adding(trip.actual)
            try months.add(tripMonths.label(ofTrip: index), trip.actual.minorUnits, trip: index)
            trips.append(SpendingReport.Trip(cartID: trip.cartID, name: trip.name, day: trip.completedAt.day, planned: trip.planned,
                                             actual: trip.actual, budget: trip.budget))
        }
        // Then the lines, added up by the storage in one pass: per store, per category.
        let totals = try spending.totals(of: selection)
        var stores = Tally(currency: currency), categories = Tally(currency: currency)
        for (store, sum) in totals.byStore {
            try stores.add(store.flatMap { storeNames[$0] } ?? "No store", sum.amount.minorUnits, trips: sum.trips)
        }
        for (category, sum) in totals.byCategory {
            try categories.add(category ?? "Impulse buys", sum.amount.minorUnits, trips: sum.trips)
        }
        // Price changes: from the first price paid at the store of the last, since prices of
        // two stores (Lidl's against Rewe's) are no change of price.
        var changes: [SpendingReport.PriceChange] = []
        for span in spending.priceSpans(of: selection) where span.purchases > 1 {
            let a = span.first, b = span.last
            // Prices per different units compare by what they price: 1.99/kg then 2.49/kg paid
            // for a line in g, a pack of 250 g then one of 500 g.
            guard let ratio = b.basis.ratio(to: a.basis), a.price.minorUnits > 0 else { continue }
            // In 128 bits: a price from a damaged file may be anything an Int64 holds. The first
            // price per basis B is priceA × ratio; the change is (priceB - that) / that.
            let earlier = Int128(a.price.minorUnits) * ratio.numerator, later = Int128(b.price.minorUnits) * ratio.denominator
            let points = Rounding.halfEvenClamped((later - earlier) * 10_000, dividedBy: earlier)
            changes.append(SpendingReport.PriceChange(item: b.item, first: UnitPrice(a.price, per: a.basis), last: UnitPrice(b.price, per: b.basis),
                                                      basisPoints: points))
        }
        changes.sort { abs($0.basisPoints) != abs($1.basisPoints) ? abs($0.basisPoints) > abs($1.basisPoints) : $0.item < $1.item }
        let byAmount: (SpendingReport.Total, SpendingReport.Total) -> Bool = { $0.amount != $1.amount ? $0.amount > $1.amount : $0.label < $1.label }
        let overBudgetTotal = try Money.sum(trips.compactMap(\.overBudget), currency: currency)
        let completions = allTrips.map(\.completedAt)
        let historyMonths = completions.min().flatMap { first in
            completions.max().map { SpendingReport.MonthRange(first: first.day.monthText, last: $0.day.monthText) }
        }
        return SpendingReport(currency: currency, byMonth: months.totals.sorted { $0.label < $1.label },
                              byStore: stores.totals.sorted(by: byAmount), byCategory: categories.totals.sorted(by: byAmount),
                              trips: trips.sorted { $0.day < $1.day }, total: total, overBudgetTotal: overBudgetTotal, priceChanges: changes,
                              historyMonths: historyMonths)
    }

    /// Totals per label. Lines arrive trip by trip, so counting the trips of a label only needs
    /// the last trip seen for it.
    private struct Tally {
        let currency: Currency
        var amounts: [String: (minorUnits: Int64, trips: Int, lastTrip: Int)] = [:]
        var order: [String] = []

        init(currency: Currency) { self.currency = currency }

        mutating func add(_ label: String, _ amount: Int64, trip: Int) throws {
            guard var entry = amounts[label] else {
                order.append(label)
                amounts[label] = (amount, 1, trip)
                return
            }
            let (sum, overflow) = entry.minorUnits.addingReportingOverflow(amount)
            guard !overflow else { throw DomainError.amountOverflow }
            entry.minorUnits = sum
            if entry.lastTrip != trip {
                entry.trips += 1
                entry.lastTrip = trip
            }
            amounts[label] = entry
        }

        /// Adds a total already counted elsewhere (two stores can share a name).
        mutating func add(_ label: String, _ amount: Int64, trips: Int) throws {
            guard var entry = amounts[label] else {
                order.append(label)
                amounts[label] = (amount, trips, -1)
                return
            }
            let (sum, overflow) = entry.minorUnits.addingReportingOverflow(amount)
            guard !overflow else { throw DomainError.amountOverflow }
            entry.minorUnits = sum
            entry.trips += trips
            amounts[label] = entry
        }

        var totals: [SpendingReport.Total] {
            order.compactMap { label in
                amounts[label].map { SpendingReport.Total(label: label, amount: Money(minorUnits: $0.minorUnits, currency: currency), trips: $0.trips) }
            }
        }
    }
}
