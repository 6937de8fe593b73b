import Domain
import Observation

/// The cheapest plan for a cart: which store to buy each line at, the stores to visit, and
/// the saving against the current plan.
@MainActor @Observable
public final class PlanViewModel: ErrorState {
    public private(set) var plan: StorePlan?
    public private(set) var applied = false
    public internal(set) var lastIntent = LastIntent()

    private let useCases: UseCases
    /// The cart and the limit of the last plan, for `refresh`.
    private var asked: (cart: String, maxStores: Int?)?

    public init(useCases: UseCases) { self.useCases = useCases }

    /// Finds the plan, and sets it on the cart when `apply` is true.
    @discardableResult
    public func load(cart: String, maxStores: Int?, apply: Bool) async -> Bool {
        await perform {
            plan = try await useCases.planCheapestStores(cart: cart, maxStores: maxStores, apply: apply)
            applied = apply
            asked = (plan?.cart.id.rawValue ?? cart, maxStores)
        }
    }

    public var document: PlanDocument? { plan.map { PlanDocument($0, applied: applied) } }
}

extension PlanViewModel: LiveScreen {
    /// Works the plan out again for the same cart, without applying it.
    public func refresh() async -> Bool {
        guard let asked else { return true }
        return await keepingOutcome { await load(cart: asked.cart, maxStores: asked.maxStores, apply: false) }
    }
}
