/// A personal grocery inflation index: what the basket bought in a base month would cost in
/// each later month, at the prices actually paid (a fixed-basket, Laspeyres-style index).
public struct InflationIndex: Sendable, Hashable {
    public struct Point: Sendable, Hashable {
        public let month: String
        /// 10000 is the base month's cost (100.00).
        public let basisPoints: Int
    }

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

    public init(storage: any Storage) { self.storage = storage }

    /// - Parameter base: the base month, `YYYY-MM`; by default twelve months before the latest
    ///   month with purchases, or the first month when history is shorter.
    /// - Returns: nil without purchases of vault items in the base month.
    public func callAsFunction(base: String? = nil) async throws -> InflationIndex? {
        try storage.read { try Self.index(try $0.spending(), base: base) }
    }

    static func index(_ spending: SpendingData, base requested: String?) throws -> InflationIndex? {
        // Per item and month: what was paid and how much, in the item's base unit (micro units).
        // Months are numbered while adding up, and named at the end.
        var monthNumbers: [String: Int] = [:]
        var monthNames: [String] = []
        let tripMonths = spending.trips.map { trip -> Int in
            let name = trip.completedAt.day.monthText
            if let number = monthNumbers[name] { return number }
            monthNumbers[name] = monthNames.count
            monthNames.append(name)
            return monthNames.count - 1
        }
        var numbered: [Int: [Int: (cost: Int128, quantity: Int128)]] = [:]
        var used = Set<Int>()
        for line in 0..<spending.lineCount {
            let item = Int(spending.lineItem[line])
            guard item >= 0 else { continue }
            let month = tripMonths[Int(spending.lineTrip[line])]
            let size = spending.lineUnit[line].sizeInBaseUnits
            let micro = Int128(spending.lineQuantity[line]) * 1000 * size.numerator / size.denominator
            guard micro > 0 else { continue }
            used.insert(month)
            numbered[item, default: [:]][month, default: (0, 0)].cost += Int128(spending.lineCost[line])
            numbered[item]![month]!.quantity += micro
        }
        let months = Set(used.map { monthNames[$0] })
        let paid = Dictionary(uniqueKeysWithValues: numbered.map { item, byMonth in
            (spending.itemIDs[item], Dictionary(uniqueKeysWithValues: byMonth.map { (monthNames[$0.key], $0.value) }))
        })
        let sorted = months.sorted()
        guard let latest = sorted.last else { return nil }
        let base = requested ?? sorted.first { $0 >= Self.month(latest, minusYears: 1) } ?? sorted[0]
        let basket = paid.compactMap { item, byMonth in byMonth[base].map { (item: item, quantity: $0.quantity, byMonth: byMonth) } }
        guard !basket.isEmpty else { return nil }
        // The basket's cost in a month, each item at its mean price paid that month, or at the
        // last price paid before it when it was not bought that month.
        func cost(in month: String) -> Int128 {
            basket.reduce(0) { total, entry in
                guard let key = entry.byMonth.keys.filter({ $0 <= month }).max(), let seen = entry.byMonth[key] else { return total }
                return total + entry.quantity * seen.cost * 1_000_000 / seen.quantity
            }
        }
        let baseCost = cost(in: base)
        guard baseCost > 0 else { return nil }
        let points = sorted.filter { $0 >= base }.map { month in
            InflationIndex.Point(month: month, basisPoints: Int(cost(in: month) * 10_000 / baseCost))
        }
        return InflationIndex(baseMonth: base, basketItems: basket.count, points: points)
    }

    static func month(_ month: String, minusYears years: Int) -> String {
        guard let year = Int(month.prefix(4)) else { return month }
        return "\(year - years)" + month.dropFirst(4)
    }
}
