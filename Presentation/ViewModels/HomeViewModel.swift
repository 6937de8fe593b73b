import Domain
import Observation

/// Home: the active carts with their budgets, and what was spent this month.
@MainActor @Observable
public final class HomeViewModel: ErrorState {
    /// The active carts (planning and shopping) with their totals; empty before `load`. A cart
    /// whose totals cannot be worked out is in `damagedCarts` instead.
    public private(set) var carts: [CartFigures] = []
    /// The active carts whose totals cannot be worked out, each with its problem; they are
    /// left out of `carts` so that one damaged record does not hide the others.
    public private(set) var damagedCarts: [DamagedCart] = []
    /// What was spent this month; nil before `load` succeeds.
    public private(set) var insights: HomeInsights?
    /// Whether `load` has succeeded once: an empty `carts` then means no active cart.
    public private(set) var isLoaded = false
    /// What the last intent left besides its Bool result: its error, or its warnings though it
    /// succeeded (`IntentOutcome`).
    public internal(set) var lastIntent = LastIntent()

    private let useCases: UseCases

    /// A home screen with nothing read yet; fronts get one from `AppContainer.home()`.
    public init(useCases: UseCases) { self.useCases = useCases }

    /// The active carts as rows, amounts as decimal strings.
    public var rows: [CartRow] { carts.map(CartRow.init) }

    /// Reads the active carts and this month's spending.
    /// - Returns: false when they cannot be read; `errorMessage` says why.
    @discardableResult
    public func load() async -> Bool {
        await perform {
            var figures: [CartFigures] = []
            var damaged: [DamagedCart] = []
            for cart in try await useCases.listActiveCarts() {
                do {
                    figures.append(try CartFigures(cart))
                } catch {
                    damaged.append(DamagedCart(cart, problem: error))
                }
            }
            carts = figures
            damagedCarts = damaged
            let month = useCases.clock.now().day.monthText
            let spending = try await useCases.monthlySpending().first { $0.month == month }
            let currency = try await useCases.showSettings().currency
            let open = try Money.sum(carts.compactMap(\.budget), currency: currency)
            insights = HomeInsights(month: month, spentThisMonth: spending?.total ?? .zero(currency), tripsThisMonth: spending?.trips ?? 0,
                                    openBudgets: open, currency: currency.code)
            isLoaded = true
        }
    }
}
