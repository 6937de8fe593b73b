import Domain

/// Spending insights as one JSON document: amounts as decimal strings. What only the insights
/// screen shows (the days the trips span, the sizes of its bars) `CodingKeys` leave out of the JSON.
public struct InsightsDocument: Sendable, Hashable, Encodable {
    /// A labelled total: one month, store or category of `byMonth`, `byStore` or `byCategory`.
    public struct Total: Sendable, Hashable, Encodable {
        /// The month (`YYYY-MM`), the store's name (`No store`) or the category's (`Impulse buys`).
        public let label: String
        /// What was spent there, as a decimal string.
        public let amount: String
        /// How many completed trips it comes from.
        public let trips: Int
        /// `amount` in minor units, for the length of its bar; not in the JSON.
        public let minorUnits: Int64

        private enum CodingKeys: String, CodingKey { case label, amount, trips }
    }

    /// A completed trip that went over its budget.
    public struct Trip: Sendable, Hashable, Encodable {
        /// The cart's name.
        public let name: String
        /// The day it was finished, `YYYY-MM-DD`.
        public let date: String
        /// What it was planned to cost, as a decimal string.
        public let planned: String
        /// What it cost, as a decimal string.
        public let actual: String
        /// Its budget, as a decimal string.
        public let budget: String?
        /// By how much `actual` exceeds `budget`, as a decimal string.
        public let overBudget: String?
    }

    /// How an item's price moved between the first and the last time it was paid, at the store it
    /// was last paid at.
    ///
    /// Its texts are made when read: a report holds every item paid more than once (thousands
    /// in a long history), and the screen shows five of them.
    public struct PriceChange: Sendable, Hashable, Encodable {
        private let change: SpendingReport.PriceChange

        /// The item's name.
        public var item: String { change.item }
        /// The first price paid, per `firstPer`, as a decimal string.
        public var first: String { change.first.price.amountText }
        /// What `first` is per, when the first purchase was priced otherwise than the last.
        public var firstPer: String { change.first.basis.description }
        /// The last price paid, per `unit`, as a decimal string.
        public var last: String { change.last.price.amountText }
        /// What `last` is per.
        public var unit: String { change.last.basis.description }
        /// The change from `first` to `last`, signed, two decimals (`+12.34%`, `-3.10%`, `0.00%`).
        public var changePercent: String { InsightsViewModel.percent(change.basisPoints) }
        /// `first` as the screen shows it: the amount alone when it is per what `last` is, else with
        /// what it is per (`2.29/pack of 250 g`). Not in the JSON.
        public var firstShown: String { change.first.basis == change.last.basis ? first : change.first.description }

        init(_ change: SpendingReport.PriceChange) { self.change = change }

        private enum CodingKeys: String, CodingKey { case item, first, firstPer, last, unit, changePercent }

        /// The texts, in the order of `CodingKeys` (as the synthesized encoding wrote them).
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
    public let total: String
    /// How many completed trips the range holds.
    public let trips: Int
    /// `total` over `trips`; nil without trips.
    public let averageBasket: String?
    /// The mean of |actual − planned| over the trips that had a plan; nil when none had.
    public let meanPlanningError: String?
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
    /// The days of the first and the last trip in the range, `YYYY-MM-DD`; nil without trips. Not in
    /// the JSON.
    public let firstDay, lastDay: String?
    /// How many of the trips had a budget; not in the JSON.
    public let tripsWithBudget: Int
    /// By how much the trips over budget went over it, in all, as a decimal string; not in the JSON.
    public let overBudgetTotal: String
    /// The first and last month of the whole history, `YYYY-MM`, whatever the range; nil without
    /// completed trips. Not in the JSON.
    public let historyFirstMonth, historyLastMonth: String?

    private enum CodingKeys: String, CodingKey {
        case currency, total, trips, averageBasket, meanPlanningError, byMonth, byStore, byCategory, tripsOverBudget, priceChanges, inflation
    }

    /// The personal inflation index: 100.00 is the basket's cost in the base month.
    public struct Inflation: Sendable, Hashable, Encodable {
        /// The index in one month.
        public struct Point: Sendable, Hashable, Encodable {
            /// `YYYY-MM`.
            public let month: String
            /// The basket's cost that month against the base month's 100.00 (`104.31`).
            public let index: String
            /// `index` in hundredths (10431), for the trend; not in the JSON.
            public let basisPoints: Int

            private enum CodingKeys: String, CodingKey { case month, index }
        }

        /// The month the basket is taken from, `YYYY-MM`.
        public let baseMonth: String
        /// How many different items the basket holds.
        public let basketItems: Int
        /// The latest month's change against the base, signed (`+4.31%`).
        public let changePercent: String
        /// The base month first, then every month up to the latest with purchases.
        public let points: [Point]
    }

    /// The document of a spending report, with the inflation index when one was worked out.
    public init(_ report: SpendingReport, inflation index: InflationIndex? = nil) {
        func totals(_ list: [SpendingReport.Total]) -> [Total] { list.map { Total(label: $0.label, amount: $0.amount.amountText, trips: $0.trips, minorUnits: $0.amount.minorUnits) } }
        currency = report.currency.code
        firstDay = report.trips.first?.day.description
        lastDay = report.trips.last?.day.description
        tripsWithBudget = report.trips.filter { $0.budget != nil }.count
        overBudgetTotal = report.overBudgetTotal.amountText
        historyFirstMonth = report.historyMonths?.first
        historyLastMonth = report.historyMonths?.last
        total = report.total.amountText
        trips = report.trips.count
        averageBasket = report.averageBasket?.amountText
        meanPlanningError = report.meanPlanningError?.amountText
        byMonth = totals(report.byMonth)
        byStore = totals(report.byStore)
        byCategory = totals(report.byCategory)
        tripsOverBudget = report.tripsOverBudget.map {
            Trip(name: $0.name, date: $0.day.description, planned: $0.planned.amountText, actual: $0.actual.amountText,
                 budget: $0.budget?.amountText, overBudget: $0.overBudget?.amountText)
        }
        priceChanges = report.priceChanges.map(PriceChange.init)
        inflation = index.map { index in
            Inflation(baseMonth: index.baseMonth, basketItems: index.basketItems, changePercent: InsightsViewModel.percent(index.change),
                      points: index.points.map { Inflation.Point(month: $0.month, index: InsightsViewModel.indexText($0.basisPoints), basisPoints: $0.basisPoints) })
        }
    }
}
