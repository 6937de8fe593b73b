/// A personal grocery inflation index: what the basket bought in a base month would cost in
/// each later month, at the prices actually paid (a fixed-basket, Laspeyres-style index).
public struct InflationIndex: Sendable, Hashable {
    /// The basket's cost in one month against the base month.
    public struct Point: Sendable, Hashable {
        /// The month, `YYYY-MM`.
        public let month: String
        /// 10000 is the base month's cost (100.00).
        public let basisPoints: Int
    }

    /// The month, `YYYY-MM`, whose purchases make the basket and whose cost is 100.00.
    public let baseMonth: String
    /// How many different items the basket holds.
    public let basketItems: Int
    /// Base month first, then every month up to the latest with purchases.
    public let points: [Point]

    /// The latest point's change against the base, in basis points (+431 = +4.31 %).
    public var change: Int { (points.last?.basisPoints ?? 10_000) - 10_000 }
}

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
        let monthNames = months.labels
        let order = try spending.groupsBought(in: months).sorted { monthNames[$0] < monthNames[$1] }
        guard let latest = order.last.map({ monthNames[$0] }) else { return nil }
        let base = requested ?? order.map { monthNames[$0] }.first { $0 >= Self.month(latest, minusYears: 1) } ?? monthNames[order[0]]
        guard let baseNumber = months.group(labelled: base) else { return nil }
        // Per basket item and month: what was paid, and how much in the item's base unit
        // (micro units), added up by the storage.
        let totals = try spending.basketTotals(by: months, basketOf: baseNumber)
        let basket = totals.items.indices
        guard !basket.isEmpty else { return nil }
        // The basket's cost in each month from the base on, each item at its mean price paid that
        // month, or at the last price paid before it when it was not bought that month.
        var lastSeen = [Int](repeating: -1, count: basket.count)
        // In 128 bits, checked: quantities and costs that fit in 64 bits can still overflow 128
        // when multiplied together, if a damaged file holds them.
        var points: [(month: String, cost: Int128)] = []
        for month in order {
            for slot in basket where totals.quantity(of: slot, in: month) > 0 { lastSeen[slot] = month }
            guard monthNames[month] >= base else { continue }
            var cost = Int128(0)
            for slot in basket where lastSeen[slot] >= 0 {
                let seen = lastSeen[slot]
                let (paid, o1) = Int128(totals.quantity(of: slot, in: baseNumber)).multipliedReportingOverflow(by: Int128(totals.cost(of: slot, in: seen)))
                let (scaled, o2) = paid.multipliedReportingOverflow(by: 1_000_000)
                let (sum, o3) = cost.addingReportingOverflow(scaled / Int128(totals.quantity(of: slot, in: seen)))
                guard !o1 && !o2 && !o3 else { throw DomainError.amountOverflow }
                cost = sum
            }
            points.append((monthNames[month], cost))
        }
        guard let baseCost = points.first?.cost, baseCost > 0 else { return nil }
        return InflationIndex(baseMonth: base, basketItems: basket.count, points: try points.map { point in
            let (scaled, overflow) = point.cost.multipliedReportingOverflow(by: 10_000)
            guard !overflow else { throw DomainError.amountOverflow }
            // An index beyond what an Int holds (prices up a hundred trillion times) is shown as
            // the largest one.
            return InflationIndex.Point(month: point.month, basisPoints: Rounding.halfEvenClamped(scaled, dividedBy: baseCost))
        })
    }

    static func month(_ month: String, minusYears years: Int) -> String {
        guard let year = Int(month.prefix(4)) else { return month }
        return "\(year - years)" + month.dropFirst(4)
    }
}
