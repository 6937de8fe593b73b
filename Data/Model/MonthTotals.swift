import Domain

/// Caches spending per month (minor units and trips) as stored with the state, kept up to date
/// with the trips a transaction completes and takes back, so that a commit stores them without
/// reading history. Never invalidated: every event that changes a month's spending goes through
/// `count`.
struct MonthTotals {
    private var months: [String: (total: Int64, trips: Int)]

    /// The totals stored with the state. StateCodec refuses a month given twice; were one to
    /// come through, the first counts.
    init(_ stored: [MonthRecord]) {
        months = Dictionary(stored.map { ($0.month, (total: $0.total, trips: $0.trips)) }, uniquingKeysWith: { first, _ in first })
    }

    /// Adds a trip to its month (`sign` 1) or takes it away (-1).
    /// - Throws: `DomainError.amountOverflow` when the month's total would overflow.
    mutating func count(_ trip: TripSummary, sign: Int64) throws {
        let month = trip.completedAt.day.monthText
        let current = months[month] ?? (0, 0)
        // Added or taken away, never negated: negating the lowest Int64 would trap.
        let (total, overflow) = sign > 0 ? current.total.addingReportingOverflow(trip.actual.minorUnits)
            : current.total.subtractingReportingOverflow(trip.actual.minorUnits)
        guard !overflow else { throw DomainError.amountOverflow }
        months[month] = current.trips + Int(sign) == 0 ? nil : (total, current.trips + Int(sign))
    }

    /// The months in order, in `currency`.
    func spending(currency: Currency) -> [MonthSpending] {
        months.sorted { $0.key < $1.key }.map {
            MonthSpending(month: $0.key, total: Money(minorUnits: $0.value.total, currency: currency), trips: $0.value.trips)
        }
    }
}
