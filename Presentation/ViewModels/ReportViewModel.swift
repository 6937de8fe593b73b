import Domain
import Observation

/// The spending report as one self-contained HTML page with SVG charts: spending per month,
/// by store, by category, budget against actual per trip, and the price history of the items
/// spent most on. No scripts, no external files.
@MainActor @Observable
public final class ReportViewModel: ErrorState {
    /// The spending figures of every completed trip; nil before `load` succeeds.
    public private(set) var report: SpendingReport?
    /// The items spent most on, most first, each with its prices over time.
    public private(set) var topItems: [ItemPriceSeries] = []
    /// What the last intent left besides its Bool result: its error, or its warnings though it
    /// succeeded (`IntentOutcome`).
    public internal(set) var lastIntent = LastIntent()

    private let useCases: UseCases
    /// How many items get a price-history chart.
    static let topItemCount = 5

    /// A report with nothing worked out yet; fronts get one from `AppContainer.report()`.
    public init(useCases: UseCases) { self.useCases = useCases }

    /// Works out the figures and the price histories of the items spent most on.
    /// - Returns: false when the history cannot be read or an amount overflows.
    @discardableResult
    public func load() async -> Bool {
        await perform {
            report = try await useCases.spendingInsights()
            var spent: [String: Int64] = [:]
            for purchase in try await useCases.listPurchases() where !purchase.category.isEmpty {
                let (sum, overflow) = spent[purchase.item, default: 0].addingReportingOverflow(try purchase.cost().minorUnits)
                guard !overflow else { throw DomainError.amountOverflow }
                spent[purchase.item] = sum
            }
            let names = spent.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(Self.topItemCount).map(\.key)
            var items: [ItemPriceSeries] = []
            for name in names {
                do {
                    let entries = try await useCases.priceHistory(name).entries
                    items.append(ItemPriceSeries(name: name, points: try entries.map { entry in
                        ItemPriceSeries.Point(day: entry.observation.observedAt.day,
                                              minorUnits: try entry.observation.price.normalised().price.minorUnits)
                    }))
                } catch DomainError.notFound {
                    continue  // bought, then removed from the vault: no history to draw
                }
            }
            topItems = items
        }
    }
}
