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
    public func withInflation(from: String? = nil, to: String? = nil,
                              base: String?) async throws -> (report: SpendingReport, inflation: InflationIndex?) {
        try await storage.read { repositories in
            let currency = try repositories.settings().currency
            let stores = Dictionary(firstByKey: try repositories.allStores().map { ($0.id, $0.name) })
            let spending = try repositories.spending()
            return (try SpendingInsights.report(spending, storeNames: stores, currency: currency, from: from, to: to),
                    try PersonalInflation.index(spending, base: base))
        }
    }

    static func report(_ spending: any Spending, storeNames: [StoreID: String], currency: Currency, from: String?,
                       to: String?) throws -> SpendingReport {
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
        let changes = priceChanges(spending.priceSpans(of: selection))
        let byAmount: (SpendingReport.Total, SpendingReport.Total) -> Bool = {
            $0.amount != $1.amount ? $0.amount > $1.amount : $0.label < $1.label
        }
        let overBudgetTotal = try Money.sum(trips.compactMap(\.overBudget), currency: currency)
        let completions = allTrips.map(\.completedAt)
        let historyMonths = completions.min().flatMap { first in
            completions.max().map { SpendingReport.MonthRange(first: first.day.monthText, last: $0.day.monthText) }
        }
        return SpendingReport(currency: currency, byMonth: months.totals.sorted { $0.label < $1.label },
                              byStore: stores.totals.sorted(by: byAmount), byCategory: categories.totals.sorted(by: byAmount),
                              trips: trips.sorted { $0.day < $1.day }, total: total, overBudgetTotal: overBudgetTotal,
                              priceChanges: changes, historyMonths: historyMonths)
    }

    /// The price changes of items bought more than once, largest first: from the first price
    /// paid at the store of the last, since prices of two stores (Lidl's against Rewe's) are no
    /// change of price.
    static func priceChanges(_ spans: [PriceSpan]) -> [SpendingReport.PriceChange] {
        var changes: [SpendingReport.PriceChange] = []
        for span in spans where span.purchases > 1 {
            let a = span.first, b = span.last
            // Prices per different units compare by what they price: 1.99/kg then 2.49/kg paid
            // for a line in g, a pack of 250 g then one of 500 g.
            guard let ratio = b.basis.ratio(to: a.basis), a.price.minorUnits > 0 else { continue }
            // The first price per basis B is priceA × ratio; the change is (priceB - that) / that.
            // A price or pack from a damaged file may be anything its field holds: a change past
            // 128 bits is not one a person made, and is left out.
            guard let earlier = Int128.exactProduct(Int128(a.price.minorUnits), ratio.numerator),
                  let later = Int128.exactProduct(Int128(b.price.minorUnits), ratio.denominator),
                  case (let difference, false) = later.subtractingReportingOverflow(earlier),
                  let scaled = Int128.exactProduct(difference, 10_000) else { continue }
            let points = Rounding.halfEvenClamped(scaled, dividedBy: earlier)
            changes.append(SpendingReport.PriceChange(item: b.item, first: UnitPrice(a.price, per: a.basis),
                                                      last: UnitPrice(b.price, per: b.basis), basisPoints: points))
        }
        return changes.sorted { abs($0.basisPoints) != abs($1.basisPoints) ? abs($0.basisPoints) > abs($1.basisPoints) : $0.item < $1.item }
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
                amounts[label].map {
                    SpendingReport.Total(label: label, amount: Money(minorUnits: $0.minorUnits, currency: currency), trips: $0.trips)
                }
            }
        }
    }
}
