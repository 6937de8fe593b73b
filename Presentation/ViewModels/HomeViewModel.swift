import Domain
import Observation

/// A cart's totals, worked out once so that drawing it cannot fail.
public struct CartFigures: Sendable, Hashable {
    public let cart: Cart
    public let planned: Money
    public let actual: Money
    /// The plan while planning, what was paid after.
    public let spending: Money
    public let remaining: Money?
    public let overBudget: Money?
    /// Each line's cost: paid once bought, else planned; nil when unknown. By line, not by
    /// item: a completed trip may hold an item on several lines (two lines alike cost alike).
    public let lineCosts: [CartItem: Money?]

    public init(_ cart: Cart) throws {
        self.cart = cart
        planned = try cart.plannedTotal()
        actual = try cart.actualTotal()
        spending = try cart.spendingAgainstBudget()
        remaining = try cart.remainingBudget()
        overBudget = try cart.overBudget()
        lineCosts = Dictionary(try cart.lines.map { ($0, try $0.expectedCost()) }, uniquingKeysWith: { first, _ in first })
    }
}

/// A cart as a row of the home screen and the cart list.
public struct CartRow: Sendable, Hashable, Encodable {
    public let id: String
    public let name: String
    public let status: String
    public let created: String
    public let budget: String?
    public let plannedTotal: String
    public let actualTotal: String
    public let remaining: String?
    public let overBudget: Bool
    /// By how much the cart is over its budget; nil within it or without one.
    public let overBudgetBy: String?
    public let fulfilled: Int
    public let lines: Int
    public let currency: String

    public init(_ figures: CartFigures) {
        let cart = figures.cart
        id = cart.id.rawValue
        name = cart.name
        status = cart.status.rawValue
        created = cart.createdAt.day.description
        budget = cart.budget?.amountText
        plannedTotal = figures.planned.amountText
        actualTotal = figures.actual.amountText
        remaining = figures.remaining?.amountText
        overBudget = figures.overBudget != nil
        overBudgetBy = figures.overBudget?.amountText
        fulfilled = cart.progress.fulfilled
        lines = cart.progress.total
        currency = cart.currency.code
    }
}

/// The home screen's insights panel.
public struct HomeInsights: Sendable, Hashable, Encodable {
    public let month: String
    public let spentThisMonth: String
    public let tripsThisMonth: Int
    public let openBudgets: String
    public let currency: String
}

/// Home: the active carts with their budgets, and what was spent this month.
@MainActor @Observable
public final class HomeViewModel: ErrorState {
    public private(set) var carts: [CartFigures] = []
    public private(set) var insights: HomeInsights?
    public private(set) var isLoaded = false
    public internal(set) var errorMessage: String?
    public internal(set) var lastError: (any Error)?
    public internal(set) var warning: String?

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
