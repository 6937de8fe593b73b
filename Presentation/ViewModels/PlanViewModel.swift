import Domain
import Observation

/// The cheapest plan for a cart: which store to buy each line at, the stores to visit, and
/// the saving against the current plan.
@MainActor @Observable
public final class PlanViewModel: ErrorState {
    public private(set) var plan: StorePlan?
    public private(set) var applied = false
    public internal(set) var errorMessage: String?
    public internal(set) var lastError: (any Error)?
    public internal(set) var warning: String?

    private let useCases: UseCases

    public init(useCases: UseCases) { self.useCases = useCases }

    /// Finds the plan, and sets it on the cart when `apply` is true.
    @discardableResult
    public func load(cart: String, maxStores: Int?, apply: Bool) async -> Bool {
        await perform {
            plan = try await useCases.planCheapestStores(cart: cart, maxStores: maxStores, apply: apply)
            applied = apply
        }
    }

    public var document: PlanDocument? { plan.map { PlanDocument($0, applied: applied) } }
}
