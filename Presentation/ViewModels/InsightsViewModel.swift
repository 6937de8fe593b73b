import Domain
import Observation

/// Spending by month, store or category; budget adherence, planning accuracy, price changes.
@MainActor @Observable
public final class InsightsViewModel: ErrorState {
    /// Which of the report's totals a front leads with; every grouping is in the document.
    public enum Grouping: String, Sendable, CaseIterable {
        case month, store, category
    }

    /// The figures of the months asked for; nil before `load` succeeds. Fronts read `document`.
    private var report: SpendingReport?
    /// The personal inflation index; nil before `load`, or without purchases of vault items in its
    /// base month. Fronts read `document.inflation`.
    private var inflation: InflationIndex?
    /// The grouping the last `load` asked for.
    public private(set) var grouping: Grouping = .month
    /// The months asked for, to say so when nothing is in them.
    public private(set) var range = MonthRange()
    /// What the last intent left besides its Bool result: its error, or its warnings though it
    /// succeeded (`IntentOutcome`).
    public internal(set) var lastIntent = LastIntent()

    private let useCases: UseCases

    /// An insights screen with nothing read yet; fronts get one from `AppContainer.insights()`.
    public init(useCases: UseCases) { self.useCases = useCases }

    /// The figures as data, amounts as `Money`; nil before `load` succeeds.
    public var document: InsightsDocument? { report.map { InsightsDocument($0, inflation: inflation) } }

    /// Reads the figures of the completed trips in a range of months, with the inflation index.
    /// - Parameters:
    ///   - from: the first month, `YYYY-MM`; to: the last, inclusive; nil: not limited.
    ///   - base: the base month of the inflation index; nil: twelve months before the latest
    ///     month with purchases (or the first month).
    /// - Returns: false for a month that is not `YYYY-MM` (`DomainError.invalidMonth`), or when
    ///   the history cannot be read.
    @discardableResult
    public func load(by grouping: Grouping = .month, from: String? = nil, to: String? = nil, base: String? = nil) async -> Bool {
        await perform {
            for month in [from, to, base].compactMap({ $0 }) where month.count != 7 || Day(iso: month + "-01") == nil {
                throw DomainError.invalidMonth(month)
            }
            self.grouping = grouping
            range = MonthRange(from: from, to: to, base: base)
            (report, inflation) = try await useCases.spendingInsights.withInflation(from: from, to: to, base: base)
        }
    }
}
