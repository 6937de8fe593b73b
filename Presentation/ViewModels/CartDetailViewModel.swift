import Domain
import Observation

/// One cart: planned by store with the budget counter, shopped with check-boxes, or read-only
/// once completed. Every change of the cart goes through an intent here.
@MainActor @Observable
public final class CartDetailViewModel: ErrorState {
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
    /// What the last intent did, in a sentence, for fronts that confirm changes.
    public private(set) var notice: String?
    /// What the last intent left besides its Bool result: its error, or its warnings and cautions
    /// though it succeeded (`IntentOutcome`).
    public internal(set) var lastIntent = LastIntent()

    private let useCases: UseCases
    /// The cart shown: its id once loaded, so renames do not lose it.
    private var reference: String
    /// The cart as the front named it, for `create`.
    private let name: String

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

    // MARK: - Intents

    /// Reads the cart.
    /// - Returns: false when it cannot be read (no such cart, or a name that matches several):
    ///   `errorMessage` says why.
    @discardableResult
    public func load() async -> Bool {
        await perform { try await reload() }
    }

    /// Creates a planning cart with the name this model was made with, and shows it.
    /// - Parameters:
    ///   - budget: as typed (`120.00`); nil: no budget.
    ///   - items: vault items (names or ids) to put on it, one of each at its cheapest store.
    /// - Returns: false, with nothing made, for a name taken or invalid, a malformed budget or an
    ///   item not in the vault.
    @discardableResult
    public func create(budget: String?, items: [String] = []) async -> Bool {
        // The name this model was made with: after a create, `reference` is the new cart's id.
        await change(Notice.cartCreated) { try await useCases.createCart(name: name, budget: budget, items: items) }
    }

    /// Puts vault items (names or ids) on the cart, `quantity` of each; an item already there
    /// gets the quantity added to its line. Refused once the cart is completed.
    /// - Parameters:
    ///   - unit: what `quantity` counts or weighs; nil: each item's own unit.
    ///   - store: where to buy them; nil plans each at its cheapest store.
    @discardableResult
    public func add(_ items: [String], quantity: Quantity = .one, unit: MeasureUnit? = nil, store: String? = nil) async -> Bool {
        await change(Notice.linesAdded(items)) {
            try await useCases.addToCart(cart: reference, items: items, quantity: quantity, unit: unit, store: store)
        }
    }

    /// Changes the line of `item`: its quantity, unit or store (nil keeps each); the planned
    /// price follows the store.
    /// - Parameter unit: the line's new unit (its quantity converted when `quantity` is nil).
    @discardableResult
    public func setLine(_ item: String, quantity: Quantity?, unit: MeasureUnit? = nil, store: String?) async -> Bool {
        await change(Notice.lineUpdated(item)) {
            try await useCases.updateCartLine(cart: reference, item: item, quantity: quantity, unit: unit, store: store)
        }
    }

    /// Takes the line of `item` (a name or id) off the cart; refused once the cart is completed.
    @discardableResult
    public func remove(_ item: String) async -> Bool {
        await change(Notice.lineRemoved(item)) { try await useCases.removeFromCart(cart: reference, item: item) }
    }

    /// Renames the cart and changes its budget, while planning or shopping.
    /// - Parameters:
    ///   - name: the new name; nil keeps it.
    ///   - budget: the new budget as typed; `.some(nil)` removes it, nil keeps it.
    @discardableResult
    public func edit(name: String?, budget: String??) async -> Bool {
        var said = Notice.cartUpdated
        return await change({ said }) {
            let edited = try await useCases.editCart(reference, name: name, budget: budget)
            let cart = edited.value
            var parts: [String] = []
            if name != nil { parts.append(Notice.cartRenamed(from: edited.oldName, to: cart.name)) }
            if budget != nil { parts.append(Notice.budgetSet(cart.budget)) }
            if !parts.isEmpty { said = parts.joined(separator: "; ") }
            return cart
        }
    }

    /// Deletes the cart, whatever its status; afterwards the model shows nothing and `notice`
    /// names the cart deleted.
    @discardableResult
    public func delete() async -> Bool {
        await perform {
            let cart = try await useCases.deleteCart(reference)
            clear()
            notice = Notice.onCart(cart.name, Notice.cartDeleted)
        }
    }

    /// Starts shopping: a planning cart becomes a shopping one; refused for any other status.
    @discardableResult
    public func startTrip() async -> Bool {
        await change(Notice.tripStarted) { try await useCases.startTrip(reference) }
    }

    /// Logs `item` bought while shopping; logging a bought line again corrects it. A price that
    /// looks wrong against the vault's is logged anyway, and said in `cautions`.
    /// - Parameters:
    ///   - price: the price of one unit of what the line is priced per, as typed; nil: the
    ///     planned price.
    ///   - store: nil: the planned store.
    ///   - quantity: nil: the planned quantity.
    ///   - date: when the trip happened (a receipt entered afterwards), as typed.
    @discardableResult
    public func log(_ item: String, price: String?, store: String? = nil, quantity: Quantity? = nil, date: String? = nil) async -> Bool {
        await change(Notice.lineLogged(item)) {
            let logged = try await useCases.logPurchase.checked(cart: reference, item: item, price: price, store: store, quantity: quantity, date: date)
            lastIntent.cautions = logged.cautions.map(\.description)
            return logged.cart
        }
    }

    /// Takes back the purchase of `item`: the line is to buy again, and an impulse buy disappears.
    @discardableResult
    public func unlog(_ item: String) async -> Bool {
        await change(Notice.lineUnlogged(item)) { try await useCases.unlogPurchase(cart: reference, item: item) }
    }

    /// Adds something bought on impulse, bought at `price` per unit: on this cart only, never in
    /// the vault.
    /// - Parameters:
    ///   - price: the price of one, as typed.
    ///   - store: where it was bought; by default the one store the trip has bought at (refused
    ///     when it has bought at several), else the cart's only planned store.
    ///   - date: when the trip happened, as typed.
    @discardableResult
    public func addImpulse(_ name: String, price: String, quantity: Quantity = .one, store: String? = nil, date: String? = nil) async -> Bool {
        await change(Notice.impulseAdded(name)) {
            try await useCases.addImpulseItem(cart: reference, name: name, price: price, quantity: quantity, store: store, date: date)
        }
    }

    /// Completes the trip: each vault item bought gets the price paid as its current price at
    /// that store, and the cart becomes read-only history; `notice` says how many lines were
    /// not bought.
    /// - Parameters:
    ///   - date: when the trip happened, as typed.
    ///   - carryOver: the planning cart that gets the lines not bought (made when missing).
    @discardableResult
    public func finishTrip(date: String? = nil, carryOver: String? = nil) async -> Bool {
        var left = 0
        return await change({ Notice.tripFinished(notBought: left, carriedOverTo: carryOver) }) {
            let cart = try await useCases.finishTrip(reference, date: date, carryOver: carryOver)
            left = cart.lines.count { !$0.isFulfilled && !$0.isImpulse }
            return cart
        }
    }

    /// Back from shopping to planning: the trip did not happen, so logged purchases and impulse
    /// buys are dropped.
    @discardableResult
    public func abortTrip() async -> Bool {
        await change(Notice.tripAborted) { try await useCases.abortTrip(reference) }
    }

    /// Reopens a completed trip to correct it (back to shopping); its prices leave the price
    /// history until it is finished again, the vault keeps its prices.
    @discardableResult
    public func reopen() async -> Bool {
        await change(Notice.cartReopened) { try await useCases.reopenCart(reference) }
    }

    private func change(_ what: @autoclosure () -> String, _ action: () async throws -> Cart) async -> Bool {
        await change(what, action)
    }

    /// `what` is read after `action` ran, so that it can say what the action found.
    private func change(_ what: () -> String, _ action: () async throws -> Cart) async -> Bool {
        await perform {
            let cart = try await action()
            notice = Notice.onCart(cart.name, what())
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
    private func clear() {
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
                lastIntent.errorMessage = Notice.cartGone(shown)
                clear()
            }
            return false
        }
        return true
    }
}
