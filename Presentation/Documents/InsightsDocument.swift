import Domain

/// Spending insights as one JSON document: amounts as `Money` and changes as `PercentChange`, for a
/// front to chart or colour, written in the JSON as decimal strings (`"7.36"`, `"+18.35%"`). What
/// only the insights screen shows (the days the trips span) `CodingKeys` leave out of the JSON.
public struct InsightsDocument: Sendable, Hashable, Encodable {
    /// A labelled total: one month, store or category of `byMonth`, `byStore` or `byCategory`.
    public struct Total: Sendable, Hashable, Encodable {
        /// The month (`YYYY-MM`), the store's name (`No store`) or the category's (`Impulse buys`).
        public let label: String
        /// What was spent there.
        public let amount: Money
        /// How many completed trips it comes from.
        public let trips: Int
    }

    /// A completed trip that went over its budget.
    public struct Trip: Sendable, Hashable, Encodable {
        /// The cart's name.
        public let name: String
        /// The day it was finished.
        public let date: DocumentDay
        /// What it was planned to cost.
        public let planned: Money
        /// What it cost.
        public let actual: Money
        /// Its budget.
        public let budget: Money?
        /// By how much `actual` exceeds `budget`.
        public let overBudget: Money?
    }

    /// How an item's price moved between the first and the last time it was paid, at the store it
    /// was last paid at.
    ///
    /// Its values are made when read: a report holds every item paid more than once (thousands
    /// in a long history), and the screen shows five of them.
    public struct PriceChange: Sendable, Hashable, Encodable {
        private let change: SpendingReport.PriceChange

        /// The item's name.
        public var item: String { change.item }
        /// The first price paid, per `firstPer`.
        public var first: Money { change.first.price }
        /// What `first` is per, when the first purchase was priced otherwise than the last.
        public var firstPer: String { change.first.basis.description }
        /// The last price paid, per `unit`.
        public var last: Money { change.last.price }
        /// What `last` is per.
        public var unit: String { change.last.basis.description }
        /// The change from `first` to `last` (written `+12.34%`, `-3.10%`, `0.00%`).
        public var changePercent: PercentChange { PercentChange(basisPoints: change.basisPoints) }

        init(_ change: SpendingReport.PriceChange) { self.change = change }

        private enum CodingKeys: String, CodingKey { case item, first, firstPer, last, unit, changePercent }

        /// The values, in the order of `CodingKeys` (as the synthesized encoding wrote them).
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(item, forKey: .item)
            try container.encode(first, forKey: .first)
            try container.encode(firstPer, forKey: .firstPer)
            try container.encode(last, forKey: .last)
            try container.encode(unit, forKey: .unit)
            try container.encode(changePercent, forKey: .changePercent)
        }
    }

    /// The ISO code of every amount in the document (`EUR`).
    public let currency: String
    /// What the completed trips in the range cost in all.
    public let total: Money
    /// How many completed trips the range holds.
    public let trips: Int
    /// `total` over `trips`; nil without trips.
    public let averageBasket: Money?
    /// The mean of |actual − planned| over the trips that had a plan; nil when none had.
    public let meanPlanningError: Money?
    /// Spending per month, oldest first.
    public let byMonth: [Total]
    /// Spending per store, most first.
    public let byStore: [Total]
    /// Spending per category, most first; impulse buys under `Impulse buys`.
    public let byCategory: [Total]
    /// The trips that went over their budget; empty when none did.
    public let tripsOverBudget: [Trip]
    /// The items paid more than once, with how their price moved.
    public let priceChanges: [PriceChange]
    /// The personal inflation index; nil when not asked for, or when the base month has no purchases
    /// of vault items.
    public let inflation: Inflation?
    /// The days of the first and the last trip in the range; nil without trips. Not in the JSON.
    public let firstDay, lastDay: Day?
    /// How many of the trips had a budget; not in the JSON.
    public let tripsWithBudget: Int
    /// By how much the trips over budget went over it, in all; not in the JSON.
    public let overBudgetTotal: Money
    /// The first and last month of the whole history, `YYYY-MM`, whatever the range; nil without
    /// completed trips. Not in the JSON.
    public let historyFirstMonth, historyLastMonth: String?

    private enum CodingKeys: String, CodingKey {
        case currency, total, trips, averageBasket, meanPlanningError, byMonth, byStore, byCategory, tripsOverBudget, priceChanges,
             inflation
    }

    /// The personal inflation index: 100.00 is the basket's cost in the base month.
    public struct Inflation: Sendable, Hashable, Encodable {
        /// The index in one month.
        public struct Point: Sendable, Hashable, Encodable {
            /// `YYYY-MM`.
            public let month: String
            /// The basket's cost that month against the base month's 100.00, in hundredths
            /// (10431 is 104.31).
            public let basisPoints: Int

            /// `104.31`: the index as the JSON and the screen write it.
            public var index: String {
                "\(basisPoints / 100).\(basisPoints % 100 < 10 ? "0" : "")\(basisPoints % 100)"
            }

            private enum CodingKeys: String, CodingKey { case month, index }

            public func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(month, forKey: .month)
                try container.encode(index, forKey: .index)
            }
        }

        /// The month the basket is taken from, `YYYY-MM`.
        public let baseMonth: String
        /// How many different items the basket holds.
        public let basketItems: Int
        /// The latest month's change against the base (written `+4.31%`).
        public let changePercent: PercentChange
        /// The base month first, then every month up to the latest with purchases.
        public let points: [Point]
    }

    /// The document of a spending report, with the inflation index when one was worked out.
    public init(_ report: SpendingReport, inflation index: InflationIndex? = nil) {
        func totals(_ list: [SpendingReport.Total]) -> [Total] { list.map { Total(label: $0.label, amount: $0.amount, trips: $0.trips) } }
        currency = report.currency.code
        firstDay = report.trips.first?.day
        lastDay = report.trips.last?.day
        tripsWithBudget = report.trips.filter { $0.budget != nil }.count
        overBudgetTotal = report.overBudgetTotal
        historyFirstMonth = report.historyMonths?.first
        historyLastMonth = report.historyMonths?.last
        total = report.total
        trips = report.trips.count
        averageBasket = report.averageBasket
        meanPlanningError = report.meanPlanningError
        byMonth = totals(report.byMonth)
        byStore = totals(report.byStore)
        byCategory = totals(report.byCategory)
        tripsOverBudget = report.tripsOverBudget.map {
            Trip(name: $0.name, date: DocumentDay($0.day), planned: $0.planned, actual: $0.actual, budget: $0.budget,
                 overBudget: $0.overBudget)
        }
        priceChanges = report.priceChanges.map(PriceChange.init)
        inflation = index.map { index in
            Inflation(baseMonth: index.baseMonth, basketItems: index.basketItems, changePercent: PercentChange(basisPoints: index.change),
                      points: index.points.map { Inflation.Point(month: $0.month, basisPoints: $0.basisPoints) })
        }
    }
}
