/// Computes `InflationIndex` from completed trips. See docs/INSIGHTS.md for the method.
public struct PersonalInflation: Sendable {
    let storage: any Storage

    /// Usually reached as `UseCases.personalInflation`.
    public init(storage: any Storage) { self.storage = storage }

    /// - Parameter base: the base month, `YYYY-MM`; by default twelve months before the latest
    ///   month with purchases, or the first month when history is shorter.
    /// - Returns: nil without purchases of vault items in the base month.
    /// - Throws: `DomainError.amountOverflow` when a damaged history's figures cannot be
    ///   multiplied out.
    public func callAsFunction(base: String? = nil) async throws -> InflationIndex? {
        try await storage.read { try Self.index(try $0.spending(), base: base) }
    }

    static func index(_ spending: any Spending, base requested: String?) throws -> InflationIndex? {
        // Months with a basket in calendar order; the base month; the basket: the items bought in it.
        let months = TripGrouping.months(of: spending.trips)
        let order = try spending.groupsBought(in: months).sorted { months.label(of: $0) < months.label(of: $1) }
        guard let latest = order.last.map(months.label(of:)) else { return nil }
        let base = requested ?? order.map(months.label(of:)).first { $0 >= Self.month(latest, minusYears: 1) } ?? months.label(of: order[0])
        guard let baseMonth = months.group(labelled: base) else { return nil }
        // Per basket item and month: what was paid, and how much in the item's base unit
        // (micro units), added up by the storage.
        let totals = try spending.basketTotals(by: months, basketOf: baseMonth)
        guard !totals.items.isEmpty else { return nil }
        // The basket's cost in each month from the base on, each item at its mean price paid that
        // month, or at the last price paid before it when it was not bought that month.
        var lastSeen = [TripGroup?](repeating: nil, count: totals.items.count)
        var points: [(month: String, cost: Int128)] = []
        for month in order {
            for slot in totals.items.indices where totals.quantity(of: slot, in: month) > 0 { lastSeen[slot] = month }
            guard months.label(of: month) >= base else { continue }
            points.append((months.label(of: month), try basketCost(totals, quantitiesOf: baseMonth, pricedIn: lastSeen)))
        }
        guard let baseCost = points.first?.cost, baseCost > 0 else { return nil }
        return InflationIndex(baseMonth: base, basketItems: totals.items.count, points: try points.map { point in
            let (scaled, overflow) = point.cost.multipliedReportingOverflow(by: 10_000)
            guard !overflow else { throw DomainError.amountOverflow }
            // An index beyond what an Int holds (prices up a hundred trillion times) is shown as
            // the largest one.
            return InflationIndex.Point(month: point.month, basisPoints: Rounding.halfEvenClamped(scaled, dividedBy: baseCost))
        })
    }

    /// What the quantities of the basket bought in `base` cost, in millionths of a minor unit,
    /// each item at its mean price in the month `pricedIn` gives for it (by basket slot; an item
    /// not bought yet counts for nothing).
    /// - Throws: `DomainError.amountOverflow`: in 128 bits, checked, since quantities and costs
    ///   that fit in 64 bits can still overflow 128 when multiplied together, if a damaged file
    ///   holds them.
    private static func basketCost(_ totals: BasketTotals, quantitiesOf base: TripGroup, pricedIn months: [TripGroup?]) throws -> Int128 {
        var cost = Int128(0)
        for (slot, month) in months.enumerated() {
            guard let month else { continue }
            let (paid, o1) = Int128(totals.quantity(of: slot, in: base))
                .multipliedReportingOverflow(by: Int128(totals.cost(of: slot, in: month)))
            let (scaled, o2) = paid.multipliedReportingOverflow(by: 1_000_000)
            let (sum, o3) = cost.addingReportingOverflow(scaled / Int128(totals.quantity(of: slot, in: month)))
            guard !o1 && !o2 && !o3 else { throw DomainError.amountOverflow }
            cost = sum
        }
        return cost
    }

    static func month(_ month: String, minusYears years: Int) -> String {
        guard let year = Int(month.prefix(4)) else { return month }
        return "\(year - years)" + month.dropFirst(4)
    }
}
