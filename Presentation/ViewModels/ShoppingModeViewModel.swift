import Domain
import Observation

/// The in-store list: lines numbered in store and aisle order, each number kept for the whole
/// session (`sections`), nothing else. A front calls the intents by number (`toggle(3)`,
/// `log(3, price:)`; a text front reads them from typed lines) and answers
/// `pendingConfirmation` with `confirm()` or `decline()`; `document` is all it shows.
@MainActor @Observable
public final class ShoppingModeViewModel: ErrorState, ConfirmsIntents {
    /// The cart's totals against its budget; nil before `begin` succeeds.
    public private(set) var figures: CartFigures?
    /// Whether the trip was finished this session: the list gives way to `summary`.
    public private(set) var isFinished = false
    /// What the finished trip came to; nil until then, or when it was finished but cannot be
    /// shown.
    public private(set) var summary: TripOutcome?
    /// What the last intent did (`.ticked`, worded `Milk: bought.`); nil after one that failed
    /// or only asked something.
    public private(set) var lastNotice: Notice?
    /// Set by `help()`, until the next intent: the front shows how to drive the session.
    public private(set) var isShowingHelp = false
    /// Unticking an impulse buy deletes it, so it waits here for an answer.
    public private(set) var pendingConfirmation: Confirmation?
    /// What the last intent left besides its Bool result: its error, or its warnings and cautions
    /// though it succeeded (`IntentOutcome`).
    public internal(set) var lastIntent = LastIntent()

    private let useCases: UseCases
    private var reference: String
    /// The cart being shopped, numbered into `sections`; nil before `begin` succeeds.
    private var details: CartDetails?
    private var numbering = ShopNumbering()

    /// A shopping session for the cart named by `reference` (a name or an id); nothing is read
    /// until `begin`. Fronts get one from `AppContainer.shopping(_:)`.
    public init(useCases: UseCases, cart reference: String) {
        self.useCases = useCases
        self.reference = reference
    }

    /// The lines by store, numbered for the session: store and aisle order at its start, then
    /// each line added since (an impulse buy) with the next number, under its store.
    public var sections: [Section] { details.map(numbering.sections) ?? [] }

    /// The row numbered `number`; nil when there is none, or its line has gone.
    public func row(_ number: Int) -> Row? { sections.lazy.flatMap(\.rows).first { $0.number == number } }

    // MARK: - Intents

    /// Loads the cart, starting its trip when it is still being planned, and numbers its lines
    /// anew in store and aisle order.
    @discardableResult
    public func begin() async -> Bool {
        numbering = ShopNumbering()
        startIntent()
        return await perform {
            let details = try await useCases.showCart(reference)
            guard details.cart.status == .planning else {
                try details.cart.check(.logPurchase)
                return try show(details)
            }
            _ = try await useCases.startTrip(details.cart.id.rawValue)
            lastNotice = .shopStarted
            await afterSaving { try show(try await useCases.showCart(details.cart.id.rawValue)) }
        }
    }

    /// Ticks line `number` at its planned price, or unticks it when already bought. Unticking
    /// an impulse buy would delete it: that waits in `pendingConfirmation` instead.
    @discardableResult
    public func toggle(_ number: Int) async -> Bool {
        startIntent()
        return await perform {
            let line = try numbering.line(numbered: number, on: details?.cart)
            if line.isFulfilled && line.isImpulse {
                pendingConfirmation = Confirmation(number: number, name: line.name, item: line.itemID)
            } else if line.isFulfilled {
                _ = try await useCases.unlogPurchase(cart: reference, item: line.itemID.rawValue)
                lastNotice = .unticked(name: line.name)
            } else {
                _ = try await useCases.logPurchase(cart: reference, item: line.itemID.rawValue)
                lastNotice = .ticked(name: line.name)
            }
            await afterSaving { try await reload() }
        }
    }

    /// Deletes the impulse buy `pendingConfirmation` asks about; its number stays unused.
    @discardableResult
    public func confirm() async -> Bool {
        guard let pending = pendingConfirmation else { return false }
        startIntent()
        return await perform {
            _ = try await useCases.unlogPurchase(cart: reference, item: pending.item.rawValue)
            lastNotice = .shopImpulseRemoved(name: pending.name, number: pending.number)
            await afterSaving { try await reload() }
        }
    }

    /// Keeps the impulse buy `pendingConfirmation` asks about, bought.
    public func decline() {
        guard let pending = pendingConfirmation else { return }
        startIntent()
        lastNotice = .shopImpulseKept(name: pending.name)
    }

    /// Logs line `number` as bought at `price` per unit, `quantity` of the line's unit when
    /// given (weighed or counted); without it a line already logged keeps the quantity it was
    /// logged with, so correcting a price does not forget a weight.
    /// - Parameters:
    ///   - price: as typed, read in the cart's currency.
    ///   - quantity: read by the front (`Quantity(parsing:)`), as `CartDetailViewModel.log` takes it.
    @discardableResult
    public func log(_ number: Int, price: String, quantity: Quantity? = nil) async -> Bool {
        startIntent()
        return await perform {
            let line = try numbering.line(numbered: number, on: details?.cart)
            let (cart, cautions, _) = try await useCases.logPurchase.withCautions(cart: reference, item: line.itemID.rawValue, price: price,
                                                                             quantity: quantity)
            lastIntent.cautions = cautions.map(Caution.price)
            // The price as understood, not as typed: the typed text may be padded or very long.
            if let logged = cart.line(for: line.itemID), let paid = logged.actualPrice {
                lastNotice = .logged(name: line.name, quantity: logged.purchasedQuantity ?? logged.quantity, unit: logged.unit, price: paid,
                                     priceUnit: logged.priceUnit, cost: try logged.actualCost())
            }
            await afterSaving { try await reload() }
        }
    }

    /// Adds an impulse buy, bought; it takes the next number.
    /// - Parameter store: where it was bought; by default the one store the trip has bought at
    ///   (refused when it has bought at several), else the cart's only planned store.
    @discardableResult
    public func addImpulse(_ name: String, price: String, store: String? = nil) async -> Bool {
        startIntent()
        return await perform {
            _ = try await useCases.addImpulseItem(cart: reference, name: name, price: price, store: store)
            lastNotice = .shopImpulseAdded(name: name)
            await afterSaving { try await reload() }
        }
    }

    /// Finishes the trip: the vault learns the prices paid, and `summary` says what the trip
    /// came to.
    /// - Parameter date: when the trip happened (`YYYY-MM-DD`, for a trip entered afterwards);
    ///   nil keeps the date it has, else now.
    @discardableResult
    public func finish(date: String? = nil) async -> Bool {
        startIntent()
        return await perform {
            let cart = try await useCases.finishTrip(reference, date: date)
            isFinished = true
            await afterSaving {
                let figures = try CartFigures(cart)
                self.figures = figures
                summary = TripOutcome(figures)
            }
        }
    }

    /// Shows how to drive the session until the next intent (`isShowingHelp`).
    public func help() {
        startIntent()
        isShowingHelp = true
    }

    /// Shows why something the person entered names no intent (a line a text front cannot
    /// read, or a value in it the front reads, like a quantity): `errorMessage` until the next
    /// intent, with no `lastError`, and nothing changed.
    public func refuse(_ reason: String) {
        startIntent()
        lastIntent = LastIntent(refusal: reason)
    }

    /// What the last intent left on screen goes: its notice, the help, a question not answered,
    /// its error and warnings.
    private func startIntent() {
        lastIntent = LastIntent()
        lastNotice = nil
        isShowingHelp = false
        pendingConfirmation = nil
    }

    private func reload() async throws { try show(try await useCases.showCart(reference)) }

    /// Takes in the cart as it is now, numbering the lines new to the session.
    private func show(_ details: CartDetails) throws {
        figures = try CartFigures(details.cart)
        numbering.number(details)
        self.details = details
        reference = details.cart.id.rawValue
    }
}

extension ShoppingModeViewModel: LiveScreen {
    /// Reads the cart again; lines keep their numbers, new ones get the next.
    public func refresh() async -> Bool {
        guard details != nil else { return true }
        return await keepingOutcome { await perform { try await reload() } }
    }
}
