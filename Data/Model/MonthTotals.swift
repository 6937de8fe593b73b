import Domain

/// Caches spending per month (minor units and trips) as stored with the state, kept up to date
/// with the trips a transaction completes and takes back, so that a commit stores them without
/// reading history. Never invalidated: every event that changes a month's spending goes through
/// `count`.
struct MonthTotals {
    private var months: [String: (total: Int64, trips: Int)]
    /// Every month's total added up. Kept within 64 bits, so that every sum of spending an
    /// insight makes (a month's, a store's, an item's, all of it) fits too: no amount is
    /// negative, so each is a part of this one.
    private var all: Int64 = 0

    /// The totals stored with the state. StateCodec refuses a month given twice; were one to
    /// come through, the first counts.
    init(_ stored: [MonthRecord]) {
        months = Dictionary(stored.map { ($0.month, (total: $0.total, trips: $0.trips)) }, uniquingKeysWith: { first, _ in first })
        all = Self.sum(months.values.map(\.total))
    }

    /// The totals of `trips`, read from history when the stored data did not keep them.
    /// - Throws: `DomainError.amountOverflow` when a month's total does not fit.
    init(trips: [TripSummary]) throws {
        months = [:]
        for trip in trips { try count(trip, sign: 1) }
    }

    /// The sum of `totals`, or the largest Int64 when it does not fit: a state edited by hand
    /// then takes no further trip rather than trapping.
    private static func sum(_ totals: [Int64]) -> Int64 {
        var sum: Int64 = 0
        for total in totals {
            let (next, overflow) = sum.addingReportingOverflow(total)
            if overflow { return .max }
            sum = next
        }
        return sum
    }

    /// Adds a trip to its month (`sign` 1) or takes it away (-1); changes nothing when it throws.
    /// - Throws: `DomainError.amountOverflow` when the month's total, or all spending, would not
    ///   fit in 64 bits.
    mutating func count(_ trip: TripSummary, sign: Int64) throws {
        let month = trip.completedAt.day.monthText
        let current = months[month] ?? (0, 0)
        // Added or taken away, never negated: negating the lowest Int64 would trap.
        let (total, overflow) = sign > 0 ? current.total.addingReportingOverflow(trip.actual.minorUnits)
            : current.total.subtractingReportingOverflow(trip.actual.minorUnits)
        let (all, overflowAll) = sign > 0 ? self.all.addingReportingOverflow(trip.actual.minorUnits)
            : self.all.subtractingReportingOverflow(trip.actual.minorUnits)
        guard !overflow && !overflowAll else { throw DomainError.amountOverflow }
        months[month] = current.trips + Int(sign) == 0 ? nil : (total, current.trips + Int(sign))
        self.all = all
    }

    /// The months in order, in `currency`.
    func spending(currency: Currency) -> [MonthSpending] {
        months.sorted { $0.key < $1.key }.map {
            MonthSpending(month: $0.key, total: Money(minorUnits: $0.value.total, currency: currency), trips: $0.value.trips)
        }
    }
}
