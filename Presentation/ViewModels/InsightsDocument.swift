import Domain

/// Spending insights as one JSON document: amounts as decimal strings.
public struct InsightsDocument: Sendable, Hashable, Encodable {
    public struct Total: Sendable, Hashable, Encodable {
        public let label: String
        public let amount: String
        public let trips: Int
    }

    public struct Trip: Sendable, Hashable, Encodable {
        public let name: String
        public let date: String
        public let planned: String
        public let actual: String
        public let budget: String?
        public let overBudget: String?
    }

    public struct PriceChange: Sendable, Hashable, Encodable {
        public let item: String
        public let first: String
        /// What `first` is per, when the first purchase was priced otherwise than the last.
        public let firstPer: String
        public let last: String
        /// What `last` is per.
        public let unit: String
        public let changePercent: String
    }

    public let currency: String
    public let total: String
    public let trips: Int
    public let averageBasket: String?
    public let meanPlanningError: String?
    public let byMonth: [Total]
    public let byStore: [Total]
    public let byCategory: [Total]
    public let tripsOverBudget: [Trip]
    public let priceChanges: [PriceChange]
    public let inflation: Inflation?

    /// The personal inflation index: 100.00 is the basket's cost in the base month.
    public struct Inflation: Sendable, Hashable, Encodable {
        public struct Point: Sendable, Hashable, Encodable {
            public let month: String
            public let index: String
        }

        public let baseMonth: String
        public let basketItems: Int
        public let changePercent: String
        public let points: [Point]
    }

    public init(_ report: SpendingReport, inflation index: InflationIndex? = nil) {
        func totals(_ list: [SpendingReport.Total]) -> [Total] { list.map { Total(label: $0.label, amount: $0.amount.amountText, trips: $0.trips) } }
        currency = report.currency.code
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
        priceChanges = report.priceChanges.map {
            PriceChange(item: $0.item, first: $0.first.price.amountText, firstPer: $0.first.basis.description, last: $0.last.price.amountText,
                        unit: $0.last.basis.description,
                        changePercent: InsightsViewModel.percent($0.basisPoints))
        }
        inflation = index.map { index in
            Inflation(baseMonth: index.baseMonth, basketItems: index.basketItems, changePercent: InsightsViewModel.percent(index.change),
                      points: index.points.map { Inflation.Point(month: $0.month, index: InsightsViewModel.indexText($0.basisPoints)) })
        }
    }
}
