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
    private var range: (from: String?, to: String?, base: String?) = (nil, nil, nil)
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
            range = (from, to, base)
            (report, inflation) = try await useCases.spendingInsights.withInflation(from: from, to: to, base: base)
        }
    }

    public func render(_ style: RenderStyle = .plain) -> String {
        var lines = errorLine(style)
        guard let report else { return TextBlocks.fit(lines, width: style.width) }
        guard !report.trips.isEmpty else {
            guard let history = report.historyMonths else {
                return TextBlocks.fit(lines + ["No completed trips yet - insights appear once you finish a trip."], width: style.width)
            }
            let asked = switch (range.from, range.to) {
            case let (from?, to?): "between \(from) and \(to)"
            case let (from?, nil): "from \(from) on"
            case let (nil, to?): "up to \(to)"
            case (nil, nil): "in this range"
            }
            return TextBlocks.fit(lines + ["No completed trips \(asked); your history runs from \(history.first) to \(history.last)."], width: style.width)
        }
        let code = report.currency.code
        lines.append(style.bold("Spending") + " (\(code)), \(report.trips.first!.day) to \(report.trips.last!.day)")
        let over = report.tripsOverBudget
        var summary = [["Total", report.total.amountText, "on " + TextBlocks.plural(report.trips.count, "trip")],
                       ["Average basket", TextBlocks.money(report.averageBasket), ""]]
        summary.append(["Over budget", report.overBudgetTotal.amountText,
                        "in all, on " + TextBlocks.plural(over.count, "trip") + " of \(report.trips.filter { $0.budget != nil }.count) with a budget"])
        summary.append(["Planning error", TextBlocks.money(report.meanPlanningError), "mean |actual - planned| per trip"])
        lines += TextBlocks.table(summary, rightAligned: [1])

        let totals: [SpendingReport.Total] = switch grouping {
        case .month: report.byMonth
        case .store: report.byStore
        case .category: report.byCategory
        }
        lines.append("")
        lines.append(style.bold("By \(grouping.rawValue)"))
        let maximum = totals.map(\.amount.minorUnits).max() ?? 0
        lines += TextBlocks.table(totals.map { total in
            [total.label, total.amount.amountText, TextBlocks.plural(total.trips, "trip"), TextBlocks.bar(total.amount.minorUnits, of: maximum, width: 24, style: style)]
        }, rightAligned: [1, 2], limits: [0: 24])
        if grouping == .month && report.byMonth.count > 1 {
            lines.append("  trend " + TextBlocks.sparkline(report.byMonth.map(\.amount.minorUnits), style: style))
        }
        if let inflation, inflation.points.count > 1 {
            lines.append("")
            lines.append(style.bold("Personal inflation") + " (your basket of \(TextBlocks.plural(inflation.basketItems, "item")) from \(inflation.baseMonth) = 100)")
            lines += TextBlocks.table([
                ["Now", Self.indexText(inflation.points.last!.basisPoints), Self.percent(inflation.change) + " since \(inflation.baseMonth)"],
                ["Trend", TextBlocks.sparkline(inflation.points.map { Int64($0.basisPoints) }, style: style), ""],
            ])
        } else if let base = range.base, let history = report.historyMonths {
            lines.append("")
            lines.append("No personal inflation from \(base): no vault item was bought then and later; your history runs from \(history.first) to \(history.last).")
        }
        if !report.priceChanges.isEmpty {
            lines.append("")
            lines.append(style.bold("Biggest price changes") + " (first and last price paid)")
            lines += TextBlocks.table(report.priceChanges.prefix(5).map { change in
                // The first price names its unit only when it differs from the last's.
                [change.item, change.first.basis == change.last.basis ? change.first.price.amountText : change.first.description, "->",
                 change.last.description, Self.percent(change.basisPoints)]
            }, rightAligned: [1, 3, 4], limits: [0: 24])
        }
        return TextBlocks.fit(lines, width: style.width)
    }

    /// `104.31` from basis points of an index (10000 = 100.00).
    nonisolated static func indexText(_ basisPoints: Int) -> String {
        "\(basisPoints / 100).\(basisPoints % 100 < 10 ? "0" : "")\(basisPoints % 100)"
    }

    /// `+12.34%` from basis points.
    nonisolated static func percent(_ basisPoints: Int) -> String {
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

    public func render(_ style: RenderStyle = .plain) -> String {
        var lines = errorLine(style)
        guard isLoaded else { return TextBlocks.fit(lines, width: style.width) }
        lines.append(style.bold("History") + " (completed trips, newest first)")
        if trips.isEmpty { lines.append("  No completed trips yet.") }
        lines += TextBlocks.table(trips.map { trip in
            let budget = trip.budget.map { trip.overBudget == nil ? "of \($0.amountText)" : "of \($0.amountText), OVER" } ?? ""
            // The short id reaches an older trip of a name used again (`grock cart show 3f2a9c1e`).
            return [trip.completedAt.day.description, trip.name, trip.actual.amountText, budget, "\(trip.fulfilled)/\(trip.lines) bought",
                    String(trip.cartID.rawValue.prefix(8))]
        }, rightAligned: [2], limits: [1: 30])
        return TextBlocks.fit(lines, width: style.width)
    }
}
