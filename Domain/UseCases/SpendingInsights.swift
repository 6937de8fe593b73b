/// Figures about completed trips: what was spent, where, on what, against which budgets.
public struct SpendingReport: Sendable, Hashable {
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
            return Money(minorUnits: actual.minorUnits - budget.minorUnits, currency: actual.currency)
        }
    }

    /// How an item's price moved between the first and the last time it was paid.
    public struct PriceChange: Sendable, Hashable {
        public let item: String
        public let first: UnitPrice
        public let last: UnitPrice
        /// Change in hundredths of a percent (1234 = +12.34 %).
        public let basisPoints: Int
    }

    public let currency: Currency
    public let byMonth: [Total]
    public let byStore: [Total]
    public let byCategory: [Total]
    public let trips: [Trip]
    public let total: Money
    public let priceChanges: [PriceChange]

    public var averageBasket: Money? {
        trips.isEmpty ? nil : Money(minorUnits: total.minorUnits / Int64(trips.count), currency: currency)
    }

    public var tripsOverBudget: [Trip] { trips.filter { $0.overBudget != nil } }

    /// The mean of |actual − planned| over trips with a plan, in minor units.
    public var meanPlanningError: Money? {
        let planned = trips.filter { $0.planned.minorUnits > 0 }
        guard !planned.isEmpty else { return nil }
        let sum = planned.reduce(Int64(0)) { $0 + abs($1.actual.minorUnits - $1.planned.minorUnits) }
        return Money(minorUnits: sum / Int64(planned.count), currency: currency)
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
        try storage.read { repositories in
            let currency = try repositories.settings().currency
            let stores = Dictionary(uniqueKeysWithValues: try repositories.allStores().map { ($0.id, $0.name) })
            let spending = try repositories.spending()
            return (try SpendingInsights.report(spending, storeNames: stores, currency: currency, from: from, to: to),
                    try PersonalInflation.index(spending, base: base))
        }
    }

    static func report(_ spending: SpendingData, storeNames: [StoreID: String], currency: Currency, from: String?, to: String?) throws -> SpendingReport {
        var months = Tally(currency: currency), stores = Tally(currency: currency), categories = Tally(currency: currency)
        var included = [Bool](repeating: false, count: spending.trips.count)
        var trips: [SpendingReport.Trip] = []
        var total = Money.zero(currency)
        for (index, trip) in spending.trips.enumerated() {
            let month = trip.completedAt.day.monthText
            guard (from.map { month >= $0 } ?? true) && (to.map { month <= $0 } ?? true) else { continue }
            included[index] = true
            total = try total.adding(trip.actual)
            try months.add(month, trip.actual, trip: index)
            trips.append(SpendingReport.Trip(cartID: trip.cartID, name: trip.name, day: trip.completedAt.day, planned: trip.planned,
                                             actual: trip.actual, budget: trip.budget))
        }
        var paid: [ItemID: (name: String, first: (Timestamp, UnitPrice), last: (Timestamp, UnitPrice), count: Int)] = [:]
        var storeLabels: [StoreID: String] = [:]
        for line in spending.lines where included[line.trip] {
            let trip = spending.trips[line.trip]
            var storeLabel = "No store"
            if let store = line.store {
                if let known = storeLabels[store] { storeLabel = known } else {
                    storeLabel = storeNames[store] ?? "No store"
                    storeLabels[store] = storeLabel
                }
            }
            try stores.add(storeLabel, line.cost, trip: line.trip)
            try categories.add(line.category ?? "Impulse buys", line.cost, trip: line.trip)
            guard let item = line.itemID else { continue }
            let seen = (trip.completedAt, UnitPrice(line.price, per: line.unit))
            if let known = paid[item] {
                paid[item] = (line.item, seen.0 < known.first.0 ? seen : known.first, seen.0 >= known.last.0 ? seen : known.last, known.count + 1)
            } else {
                paid[item] = (line.item, seen, seen, 1)
            }
        }
        let changes = paid.values.compactMap { entry -> SpendingReport.PriceChange? in
            let first = entry.first.1, last = entry.last.1
            guard entry.count > 1, first.unit == last.unit, first.price.minorUnits > 0 else { return nil }
            let points = (last.price.minorUnits - first.price.minorUnits) * 10_000 / first.price.minorUnits
            return SpendingReport.PriceChange(item: entry.name, first: first, last: last, basisPoints: Int(points))
        }.sorted { abs($0.basisPoints) != abs($1.basisPoints) ? abs($0.basisPoints) > abs($1.basisPoints) : $0.item < $1.item }
        return SpendingReport(currency: currency, byMonth: months.totals.sorted { $0.label < $1.label },
                              byStore: stores.totals.sorted { $0.amount > $1.amount }, byCategory: categories.totals.sorted { $0.amount > $1.amount },
                              trips: trips.sorted { $0.day < $1.day }, total: total, priceChanges: changes)
    }

    /// Totals per label. Lines arrive trip by trip, so counting the trips of a label only needs
    /// the last trip seen for it.
    private struct Tally {
        let currency: Currency
        var amounts: [String: (minorUnits: Int64, trips: Int, lastTrip: Int)] = [:]
        var order: [String] = []

        init(currency: Currency) { self.currency = currency }

        mutating func add(_ label: String, _ amount: Money, trip: Int) throws {
            guard var entry = amounts[label] else {
                order.append(label)
                amounts[label] = (amount.minorUnits, 1, trip)
                return
            }
            let (sum, overflow) = entry.minorUnits.addingReportingOverflow(amount.minorUnits)
            guard !overflow else { throw DomainError.amountOverflow }
            entry.minorUnits = sum
            if entry.lastTrip != trip {
                entry.trips += 1
                entry.lastTrip = trip
            }
            amounts[label] = entry
        }

        var totals: [SpendingReport.Total] {
            order.map { SpendingReport.Total(label: $0, amount: Money(minorUnits: amounts[$0]!.minorUnits, currency: currency), trips: amounts[$0]!.trips) }
        }
    }
}
