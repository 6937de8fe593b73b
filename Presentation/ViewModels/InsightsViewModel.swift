import Domain
import Observation

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

/// Spending by month, store or category; budget adherence, planning accuracy, price changes.
@MainActor @Observable
public final class InsightsViewModel: ErrorState {
    public enum Grouping: String, Sendable, CaseIterable {
        case month, store, category
    }

    public private(set) var report: SpendingReport?
    public private(set) var inflation: InflationIndex?
    public private(set) var grouping: Grouping = .month
    /// The months asked for, to say so when nothing is in them.
    public private(set) var range = MonthRange()
    public internal(set) var errorMessage: String?
    public internal(set) var lastError: (any Error)?
    public internal(set) var warning: String?

    private let useCases: UseCases

    public init(useCases: UseCases) { self.useCases = useCases }

    public var document: InsightsDocument? { report.map { InsightsDocument($0, inflation: inflation) } }

    /// - Parameters:
    ///   - from: the first month, `YYYY-MM`; to: the last, inclusive.
    ///   - base: the base month of the inflation index.
    @discardableResult
    public func load(by grouping: Grouping = .month, from: String? = nil, to: String? = nil, base: String? = nil) async -> Bool {
        await perform {
            for month in [from, to, base].compactMap({ $0 }) where month.count != 7 || Day(iso: month + "-01") == nil {
                throw DomainError.invalidDate(month + " (write a month as YYYY-MM)")
            }
            self.grouping = grouping
            range = MonthRange(from: from, to: to, base: base)
            (report, inflation) = try await useCases.spendingInsights.withInflation(from: from, to: to, base: base)
        }
    }

    /// `104.31` from basis points of an index (10000 = 100.00).
    public nonisolated static func indexText(_ basisPoints: Int) -> String {
        "\(basisPoints / 100).\(basisPoints % 100 < 10 ? "0" : "")\(basisPoints % 100)"
    }

    /// `+12.34%` from basis points.
    public nonisolated static func percent(_ basisPoints: Int) -> String {
        let sign = basisPoints > 0 ? "+" : basisPoints < 0 ? "-" : ""
        let magnitude = basisPoints.magnitude
        let cents = magnitude % 100
        return "\(sign)\(magnitude / 100).\(cents < 10 ? "0" : "")\(cents)%"
    }
}

/// A completed trip as a row of `history`.
public struct TripRow: Sendable, Hashable, Encodable {
    public let id: String
    public let name: String
    public let completed: String
    public let budget: String?
    public let plannedTotal: String
    public let actualTotal: String
    public let overBudget: Bool
    public let fulfilled: Int
    public let lines: Int
    public let currency: String

    public init(_ trip: TripSummary) {
        id = trip.cartID.rawValue
        name = trip.name
        completed = trip.completedAt.description
        budget = trip.budget?.amountText
        plannedTotal = trip.planned.amountText
        actualTotal = trip.actual.amountText
        overBudget = trip.overBudget != nil
        fulfilled = trip.fulfilled
        lines = trip.lines
        currency = trip.actual.currency.code
    }
}

/// Completed trips, newest first.
@MainActor @Observable
public final class HistoryViewModel: ErrorState {
    public private(set) var trips: [TripSummary] = []
    public private(set) var isLoaded = false
    public internal(set) var errorMessage: String?
    public internal(set) var lastError: (any Error)?
    public internal(set) var warning: String?

    private let useCases: UseCases

    public init(useCases: UseCases) { self.useCases = useCases }

    public var rows: [TripRow] { trips.map(TripRow.init) }

    @discardableResult
    public func load() async -> Bool {
        await perform {
            trips = try await useCases.listHistory()
            isLoaded = true
        }
    }
}
