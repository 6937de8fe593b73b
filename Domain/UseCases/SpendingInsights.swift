/// Figures about completed trips: what was spent, where, on what, against which budgets.
public struct SpendingReport: Sendable, Hashable {
    /// A span of months, `YYYY-MM`, both inclusive.
    public struct MonthRange: Sendable, Hashable {
        public let first: String
        public let last: String
    }

    /// A labelled total, such as a month, a store or a category.
    public struct Total: Sendable, Hashable {
        public let label: String
        public let amount: Money
        public let trips: Int
    }

    /// One completed trip against its plan and budget.
    public struct Trip: Sendable, Hashable {
        public let cartID: CartID
        public let name: String
        public let day: Day
        public let planned: Money
        public let actual: Money
        public let budget: Money?
        public var overBudget: Money? {
            guard let budget, actual > budget else { return nil }
            return Money(minorUnits: Money.difference(actual.minorUnits, budget.minorUnits), currency: actual.currency)
        }
    }

    /// How an item's price moved between the first and the last time it was paid, at the store
    /// it was last paid at.
    public struct PriceChange: Sendable, Hashable {
        public let item: String
        public let first: UnitPrice
        public let last: UnitPrice
        /// Change in hundredths of a percent (1234 = +12.34 %), rounded half to even.
        public let basisPoints: Int
    }

    public let currency: Currency
    public let byMonth: [Total]
    public let byStore: [Total]
    public let byCategory: [Total]
    public let trips: [Trip]
    public let total: Money
    /// By how much the trips over budget went over it, in all.
    public let overBudgetTotal: Money
    public let priceChanges: [PriceChange]
    /// The first and last month of the whole history, whatever range was asked for: so that an
    /// empty range can say where the history is. Nil without completed trips.
    public let historyMonths: MonthRange?

    public var averageBasket: Money? {
        trips.isEmpty ? nil : Money(minorUnits: total.minorUnits / Int64(trips.count), currency: currency)
    }

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

    public init(storage: any Storage) { self.storage = storage }

    public func callAsFunction(from: String? = nil, to: String? = nil) async throws -> SpendingReport {
        try await withInflation(from: from, to: to, base: nil).report
    }

    /// The report and the personal inflation index from one reading of history.
    /// - Parameter base: the index's base month (see `PersonalInflation`).
    public func withInflation(from: String? = nil, to: String? = nil, base: String?) async throws -> (report: SpendingReport, inflation: InflationIndex?) {
        try await storage.read { repositories in
            let currency = try repositories.settings().currency
            let stores = Dictionary(uniqueKeysWithValues: try repositories.allStores().map { ($0.id, $0.name) })
            let spending = try repositories.spending()
            return (try SpendingInsights.report(spending, storeNames: stores, currency: currency, from: from, to: to),
                    try PersonalInflation.index(spending, base: base))
        }
    }

    static func report(_ spending: SpendingData, storeNames: [StoreID: String], currency: Currency, from: String?, to: String?) throws -> SpendingReport {
        // Months as `YYYY-MM` compare as text.
        if let from, let to, from > to { throw DomainError.reversedRange(from: from, to: to) }
        // Trips first: which are in range. A month's text is made once, not once per trip.
        var included = [Bool](repeating: false, count: spending.trips.count)
        var months = Tally(currency: currency)
        var trips: [SpendingReport.Trip] = []
        var total = Money.zero(currency)
        var monthTexts: [Int: String] = [:]
        for (index, trip) in spending.trips.enumerated() {
            let day = trip.completedAt.day
            let month = monthTexts[day.monthNumber] ?? day.monthText
            monthTexts[day.monthNumber] = month
            guard (from.map { month >= $0 } ?? true) && (to.map { month <= $0 } ?? true) else { continue }
            included[index] = true
            total = try total.adding(trip.actual)
            try months.add(month, trip.actual.minorUnits, trip: index)
            trips.append(SpendingReport.Trip(cartID: trip.cartID, name: trip.name, day: trip.completedAt.day, planned: trip.planned,
                                             actual: trip.actual, budget: trip.budget))
        }
        // Then the lines, by number: per store, per category, first and last price per item.
        // Slot 0 of the store and category sums is "none".
        var storeSums = [(total: Int64, trips: Int, lastTrip: Int)](repeating: (0, 0, -1), count: spending.stores.count + 1)
        var categorySums = [(total: Int64, trips: Int, lastTrip: Int)](repeating: (0, 0, -1), count: spending.categories.count + 1)
        // Added up by a static function, not a closure over the arrays, which would check
        // exclusive access on each of 200,000 calls.
        let itemCount = spending.itemIDs.count
        var first = [Int](repeating: -1, count: itemCount), last = [Int](repeating: -1, count: itemCount), seen = [Int](repeating: 0, count: itemCount)
        let tripTimes = spending.trips.map(\.completedAt.secondsSince1970)
        var firstTime = [Int64](repeating: .max, count: itemCount), lastTime = [Int64](repeating: .min, count: itemCount)
        for line in 0..<spending.lineCount {
            let trip = Int(spending.lineTrip[line])
            guard included[trip] else { continue }
            let cost = spending.lineCost[line]
            try SpendingInsights.add(&storeSums, Int(spending.lineStore[line]) + 1, cost, trip)
            try SpendingInsights.add(&categorySums, Int(spending.lineCategory[line]) + 1, cost, trip)
            let item = Int(spending.lineItem[line])
            guard item >= 0 else { continue }
            let time = tripTimes[trip]
            if last[item] < 0 || time >= lastTime[item] {
                last[item] = line
                lastTime[item] = time
            }
        }
        // The first price is the first paid at the store of the last: prices of two stores
        // (Lidl's against Rewe's) are no change of price.
        for line in 0..<spending.lineCount {
            let trip = Int(spending.lineTrip[line]), item = Int(spending.lineItem[line])
            guard included[trip], item >= 0, spending.lineStore[line] == spending.lineStore[last[item]] else { continue }
            let time = tripTimes[trip]
            if first[item] < 0 || time < firstTime[item] {
                first[item] = line
                firstTime[item] = time
            }
            seen[item] += 1
        }
        var changes: [SpendingReport.PriceChange] = []
        for item in 0..<itemCount where seen[item] > 1 {
            let a = first[item], b = last[item]
            // Prices per different units compare by what they price: 1.99/kg then 2.49/kg paid
            // for a line in g, a pack of 250 g then one of 500 g.
            let basisA = spending.lineBases[Int32(a)] ?? PriceUnit(spending.lineUnit[a]), basisB = spending.lineBases[Int32(b)] ?? PriceUnit(spending.lineUnit[b])
            guard let ratio = basisB.ratio(to: basisA), spending.linePrice[a] > 0 else { continue }
            // In 128 bits: a price from a damaged file may be anything an Int64 holds. The first
            // price per basis B is priceA × ratio; the change is (priceB - that) / that.
            let earlier = Int128(spending.linePrice[a]) * ratio.numerator, later = Int128(spending.linePrice[b]) * ratio.denominator
            let points = Rounding.halfEvenClamped((later - earlier) * 10_000, dividedBy: earlier)
            changes.append(SpendingReport.PriceChange(item: spending.names[Int(spending.lineName[b])],
                                                      first: UnitPrice(Money(minorUnits: spending.linePrice[a], currency: currency), per: basisA),
                                                      last: UnitPrice(Money(minorUnits: spending.linePrice[b], currency: currency), per: basisB),
                                                      basisPoints: points))
        }
        changes.sort { abs($0.basisPoints) != abs($1.basisPoints) ? abs($0.basisPoints) > abs($1.basisPoints) : $0.item < $1.item }
        var stores = Tally(currency: currency), categories = Tally(currency: currency)
        for (slot, sum) in storeSums.enumerated() where sum.trips > 0 {
            try stores.add(slot == 0 ? "No store" : storeNames[spending.stores[slot - 1]] ?? "No store", sum.total, trips: sum.trips)
        }
        for (slot, sum) in categorySums.enumerated() where sum.trips > 0 {
            try categories.add(slot == 0 ? "Impulse buys" : spending.categories[slot - 1], sum.total, trips: sum.trips)
        }
        let byAmount: (SpendingReport.Total, SpendingReport.Total) -> Bool = { $0.amount != $1.amount ? $0.amount > $1.amount : $0.label < $1.label }
        let overBudgetTotal = try Money.sum(trips.compactMap(\.overBudget), currency: currency)
        return SpendingReport(currency: currency, byMonth: months.totals.sorted { $0.label < $1.label },
                              byStore: stores.totals.sorted(by: byAmount), byCategory: categories.totals.sorted(by: byAmount),
                              trips: trips.sorted { $0.day < $1.day }, total: total, overBudgetTotal: overBudgetTotal, priceChanges: changes,
                              historyMonths: spending.trips.isEmpty ? nil : SpendingReport.MonthRange(first: spending.trips.map(\.completedAt).min()!.day.monthText,
                                                                                        last: spending.trips.map(\.completedAt).max()!.day.monthText))
    }

    private static func add(_ sums: inout [(total: Int64, trips: Int, lastTrip: Int)], _ slot: Int, _ cost: Int64, _ trip: Int) throws {
        let (total, overflow) = sums[slot].total.addingReportingOverflow(cost)
        guard !overflow else { throw DomainError.amountOverflow }
        sums[slot].total = total
        if sums[slot].lastTrip != trip {
            sums[slot].trips += 1
            sums[slot].lastTrip = trip
        }
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

        /// Adds a total already counted elsewhere (two numbers can share a label).
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
