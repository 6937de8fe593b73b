/// What was spent in one month on completed trips: a summary a storage may keep up to date.
public struct MonthSpending: Sendable, Hashable {
    /// `YYYY-MM`.
    public let month: String
    /// What the month's trips paid.
    public let total: Money
    /// How many trips were completed in it.
    public let trips: Int

    /// A month's spending as kept.
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
        return totals.sorted { $0.key < $1.key }.map {
            MonthSpending(month: $0.key, total: Money(minorUnits: $0.value.0, currency: currency), trips: $0.value.1)
        }
    }
}
