import Domain
import Observation

/// One cart: planned by store with the budget counter, shopped with check-boxes, or read-only
/// once completed. Every change of the cart goes through an intent here.
@MainActor @Observable
public final class CartDetailViewModel: ErrorState, ConfirmsIntents {
    /// The cart as data, amounts as decimal strings: what every front draws and the RPC and web
    /// fronts send; nil before `load`, after `delete`, and once a refresh finds the cart deleted
    /// elsewhere.
    public private(set) var document: CartDocument?
    /// The cart's totals against its budget (`Money`, for fronts that format amounts themselves);
    /// nil whenever `document` is.
    public private(set) var figures: CartFigures?
    /// For each of `document.stores`, in order, what was paid and what is left to buy there
    /// while shopping (nil for a store not half bought).
    public private(set) var storeProgress: [StoreProgress?] = []
    /// The names of the lines still to buy with no known price, in the order they were put on
    /// the cart: what the planned total leaves out.
    public private(set) var unpricedItems: [String] = []
    /// What the last intent did (`.linesAdded`), for fronts that confirm changes.
    public internal(set) var lastNotice: Notice?
    /// What the last intent left besides its Bool result: its error, or its warnings and cautions
    /// though it succeeded (`IntentOutcome`).
    public internal(set) var lastIntent = LastIntent()

    let useCases: UseCases
    /// The cart shown: its id once loaded, so renames do not lose it.
    private(set) var reference: String
    /// The cart as the front named it, for `create`.
    let name: String

    /// A screen for the cart named by `reference` (a name or an id; the name a new cart gets with
    /// `create`); nothing is read until `load` or `create`. Fronts get one from
    /// `AppContainer.cart(_:)`.
    public init(useCases: UseCases, cart reference: String) {
        self.useCases = useCases
        self.reference = reference
        self.name = reference
    }

    /// The cart with its lines grouped by store in visiting order, for the intents (and tests);
    /// fronts read `document`.
    private(set) var details: CartDetails?

    /// The cart shown; nil whenever `details` is.
    var cart: Cart? { details?.cart }

    // MARK: - Loading and showing (the intents that change the cart: +Planning, +Trip)

    /// Reads the cart.
    /// - Returns: false when it cannot be read (no such cart, or a name that matches several):
    ///   `errorMessage` says why.
    @discardableResult
    public func load() async -> Bool {
        await perform { try await reload() }
    }

    /// Runs an intent that changes the cart and answers it, then shows it; `notice` says what
    /// it did from the cart as changed (its name after a rename, the lines a finish left).
    func change(_ action: () async throws -> Cart, notice: (Cart) -> Notice) async -> Bool {
        await perform {
            let cart = try await action()
            lastNotice = notice(cart)
            reference = cart.id.rawValue   // even when it cannot be shown: the next intent must find it
            await afterSaving { try show(try await useCases.showCart.details(of: cart)) }
        }
    }

    private func reload() async throws {
        try show(try await useCases.showCart(reference))
    }

    private func show(_ details: CartDetails) throws {
        let figures = try CartFigures(details.cart)
        let storeProgress = try details.groups.map { try StoreProgress($0, of: details.cart) }
        document = try CartDocument(details, figures: figures)
        self.details = details
        self.figures = figures
        self.storeProgress = storeProgress
        unpricedItems = details.cart.unpricedLines.filter { !$0.isFulfilled }.map(\.name)
        reference = details.cart.id.rawValue
    }

    /// Shows nothing: the cart is gone.
    func clear() {
        details = nil
        figures = nil
        storeProgress = []
        unpricedItems = []
        document = nil
    }
}

extension CartDetailViewModel: LiveScreen {
    /// Reads the cart again by its id; a cart deleted elsewhere is said so by its name, and
    /// no longer shown.
    public func refresh() async -> Bool {
        let shown = details?.cart.name
        guard await keepingOutcome({ await load() }) else {
            if let shown, case .notFound(kind: .cart, _, _)? = lastError as? DomainError {
                lastIntent.errorMessage = "the cart \(Echo.quoted(shown)) no longer exists"
                clear()
            }
            return false
        }
        return true
    }
}
