import Domain
import Observation

/// The cheapest plan for a cart: which store to buy each line at, the stores to visit, and
/// the saving against the current plan.
@MainActor @Observable
public final class PlanViewModel: ErrorState {
    /// The plan found; nil before `load` succeeds. Fronts read `document`.
    private var plan: StorePlan?
    /// Whether the last `load` set the plan on the cart (a refresh never does).
    public private(set) var applied = false
    /// What the last intent left besides its Bool result: its error, or its warnings though it
    /// succeeded (`IntentOutcome`).
    public internal(set) var lastIntent = LastIntent()

    private let useCases: UseCases
    /// The cart and the limit of the last plan, for `refresh`.
    private var asked: (cart: String, maxStores: Int?)?

    /// A plan screen with nothing worked out yet; fronts get one from `AppContainer.plan()`.
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

    /// The plan as data, amounts as decimal strings; nil before `load` succeeds.
    public var document: PlanDocument? { plan.map { PlanDocument($0, applied: applied) } }
}

extension PlanViewModel: LiveScreen {
    /// Works the plan out again for the same cart, without applying it.
    public func refresh() async -> Bool {
        guard let asked else { return true }
        return await keepingOutcome { await load(cart: asked.cart, maxStores: asked.maxStores, apply: false) }
    }
}
