import Domain
import Observation

/// Home: the active carts with their budgets, and what was spent this month.
@MainActor @Observable
public final class HomeViewModel: ErrorState {
    public private(set) var carts: [CartFigures] = []
    public private(set) var insights: HomeInsights?
    public private(set) var isLoaded = false
    public internal(set) var lastIntent = LastIntent()

    private let useCases: UseCases

    public init(useCases: UseCases) { self.useCases = useCases }

    public var rows: [CartRow] { carts.map(CartRow.init) }

    @discardableResult
    public func load() async -> Bool {
        await perform {
            carts = try await useCases.listActiveCarts().map(CartFigures.init)
            let month = useCases.clock.now().day.monthText
            let spending = try await useCases.monthlySpending().first { $0.month == month }
            let currency = try await useCases.showSettings().currency
            let open = try Money.sum(carts.compactMap(\.cart.budget), currency: currency)
            insights = HomeInsights(month: month, spentThisMonth: (spending?.total ?? .zero(currency)).amountText, tripsThisMonth: spending?.trips ?? 0,
                                    openBudgets: open.amountText, currency: currency.code)
            isLoaded = true
        }
    }
}
