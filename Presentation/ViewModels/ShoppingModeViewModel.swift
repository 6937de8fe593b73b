import Domain
import Observation

/// The in-store list: lines numbered in store and aisle order, each number kept for the whole
/// session (`sections`), nothing else. A front calls the intents by number (`toggle(3)`,
/// `log(3, price:)`; a text front reads them from typed lines) and answers
/// `pendingConfirmation` with `confirm()` or `decline()`; `document` is all it shows.
@MainActor @Observable
public final class ShoppingModeViewModel: ErrorState {
    /// One numbered line as shop mode shows it.
    public struct Row: Sendable, Hashable, Encodable {
        /// The line's number for the whole session.
        public let number: Int
        /// The line's name: the item's, or the impulse buy's.
        public let name: String
        /// Whether the line is ticked.
        public let isBought: Bool
        /// Whether it was bought on impulse (unticking it asks first: it would be deleted).
        public let isImpulse: Bool
        /// What was bought, else what is planned: `1.5 kg`.
        public let quantity: String
        /// The price paid for one unit once bought, else the planned one (`0.89/lb` when per
        /// another unit than the line's); nil when unknown.
        public let price: String?
    }

    /// The rows bought, or to be bought, at one store.
    public struct Section: Sendable, Hashable, Encodable {
        /// The store's name; nil for the lines with no store, which come last.
        public let store: String?
        /// Its rows in number order: shopping order at the session's start, then the lines added
        /// since.
        public let rows: [Row]
    }

    /// A question the session waits on before doing what a tick cannot take back: a front shows
    /// it and answers with `confirm()` or `decline()`.
    public struct Confirmation: Sendable, Hashable, Encodable {
        /// The number of the line it asks about.
        public let number: Int
        /// That line's name.
        public let name: String
        /// `Remove impulse buy Gum?`
        public let question: String
        /// The line's item: the session's own, not the front's (it answers by `number`).
        let item: ItemID

        private enum CodingKeys: String, CodingKey { case number, name, question }

        init(number: Int, name: String, item: ItemID) {
            self.number = number
            self.name = name
            self.item = item
            question = Notice.removeImpulseBuy(name)
        }
    }

    /// The cart's totals against its budget; nil before `begin` succeeds.
    public private(set) var figures: CartFigures?
    /// Whether the trip was finished this session: the list gives way to `summary`.
    public private(set) var isFinished = false
    /// What the finished trip came to; nil until then, or when it was finished but cannot be
    /// shown.
    public private(set) var summary: TripOutcome?
    /// What the last intent did, in a sentence (`Milk: bought.`); nil after one that failed or
    /// only asked something.
    public private(set) var notice: String?
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

    /// A numbered line of the session: number n is `slots[n - 1]`. A line that goes away keeps
    /// its slot, so no number is ever given to another line while the person shops by them.
    private struct Slot {
        let item: ItemID
        var name: String
        /// The store it is listed under: where it was when first numbered. A line ticked at
        /// another store stays where the person saw it.
        let store: StoreID?
    }

    private var slots: [Slot] = []
    private var slotNumbers: [ItemID: Int] = [:]
    /// The order of the stores on screen, fixed for the session; no store (nil) comes last.
    private var storeOrder: [StoreID?] = []

    /// A shopping session for the cart named by `reference` (a name or an id); nothing is read
    /// until `begin`. Fronts get one from `AppContainer.shopping(_:)`.
    public init(useCases: UseCases, cart reference: String) {
        self.useCases = useCases
        self.reference = reference
    }

    /// The lines by store, numbered for the session: store and aisle order at its start, then
    /// each line added since (an impulse buy) with the next number, under its store.
    public var sections: [Section] {
        guard let details else { return [] }
        let lines = Dictionary(details.cart.lines.map { ($0.itemID, $0) }) { first, _ in first }
        return storeOrder.compactMap { store in
            let rows = slots.indices.compactMap { index -> Row? in
                guard slots[index].store == store, let line = lines[slots[index].item] else { return nil }
                return Row(number: index + 1, name: line.name, isBought: line.isFulfilled, isImpulse: line.isImpulse,
                           quantity: "\(line.purchasedQuantity ?? line.quantity) \(line.unit)",
                           price: (line.isFulfilled ? line.actualPrice : line.plannedPrice).map { money in
                               line.isPricedPerUnit ? money.amountText : "\(money.amountText)/\(line.priceUnit)"
                           })
            }
            return rows.isEmpty ? nil : Section(store: store.flatMap(details.storeName), rows: rows)
        }
    }

    /// The row numbered `number`; nil when there is none, or its line has gone.
    public func row(_ number: Int) -> Row? { sections.lazy.flatMap(\.rows).first { $0.number == number } }

    // MARK: - Intents

    /// Loads the cart, starting its trip when it is still being planned, and numbers its lines
    /// anew in store and aisle order.
    @discardableResult
    public func begin() async -> Bool {
        slots = []
        slotNumbers = [:]
        storeOrder = []
        startIntent()
        return await perform {
            let details = try await useCases.showCart(reference)
            guard details.cart.status == .planning else {
                try details.cart.check(.logPurchase)
                return try show(details)
            }
            _ = try await useCases.startTrip(details.cart.id.rawValue)
            notice = Notice.shopStarted
            await afterSaving { try show(try await useCases.showCart(details.cart.id.rawValue)) }
        }
    }

    /// Ticks line `number` at its planned price, or unticks it when already bought. Unticking
    /// an impulse buy would delete it: that waits in `pendingConfirmation` instead.
    @discardableResult
    public func toggle(_ number: Int) async -> Bool {
        startIntent()
        return await perform {
            let line = try lineNumbered(number)
            if line.isFulfilled && line.isImpulse {
                pendingConfirmation = Confirmation(number: number, name: line.name, item: line.itemID)
            } else if line.isFulfilled {
                _ = try await useCases.unlogPurchase(cart: reference, item: line.itemID.rawValue)
                notice = Notice.shopNotBought(line.name)
            } else {
                _ = try await useCases.logPurchase(cart: reference, item: line.itemID.rawValue)
                notice = Notice.shopBought(line.name)
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
            notice = Notice.shopImpulseRemoved(pending.name, number: pending.number)
            await afterSaving { try await reload() }
        }
    }

    /// Keeps the impulse buy `pendingConfirmation` asks about, bought.
    public func decline() {
        guard let pending = pendingConfirmation else { return }
        startIntent()
        notice = Notice.shopImpulseKept(pending.name)
    }

    /// Logs line `number` as bought at `price` per unit, `quantity` of the line's unit when
    /// given (weighed or counted); without it a line already logged keeps the quantity it was
    /// logged with, so correcting a price does not forget a weight.
    @discardableResult
    public func log(_ number: Int, price: String, quantity: String? = nil) async -> Bool {
        startIntent()
        return await perform {
            let line = try lineNumbered(number)
            let weighed = try quantity.map { try Quantity(parsing: $0) }
            let (cart, cautions) = try await useCases.logPurchase.checked(cart: reference, item: line.itemID.rawValue, price: price,
                                                                          quantity: weighed ?? line.purchasedQuantity)
            lastIntent.cautions = cautions.map(\.description)
            // The price as understood, not as typed: the typed text may be padded or very long.
            if let logged = cart.line(for: line.itemID), let paid = logged.actualPrice {
                notice = Notice.shopBought(line.name, logged, at: paid, costing: try logged.actualCost())
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
            notice = Notice.shopImpulseAdded(name)
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
    /// read): `errorMessage` until the next intent, with no `lastError`, and nothing changed.
    public func refuse(_ reason: String) {
        startIntent()
        lastIntent = LastIntent(refusal: reason)
    }

    /// What the last intent left on screen goes: its notice, the help, a question not answered,
    /// its error and warnings.
    private func startIntent() {
        lastIntent = LastIntent()
        notice = nil
        isShowingHelp = false
        pendingConfirmation = nil
    }

    /// The line numbered `number` this session.
    /// - Throws: `DomainError.invalidPosition` for a number never given; `ShopError` for the
    ///   number of a line that has gone.
    private func lineNumbered(_ number: Int) throws -> CartItem {
        guard number >= 1, number <= slots.count else { throw DomainError.invalidPosition(number, count: slots.count) }
        let slot = slots[number - 1]
        guard let line = details?.cart.line(for: slot.item) else { throw ShopError.lineGone(number: number, name: slot.name) }
        return line
    }

    private func reload() async throws { try show(try await useCases.showCart(reference)) }

    /// Takes in the cart as it is now: lines already numbered keep their numbers (and names
    /// follow renames); new ones get the next numbers, in shopping order.
    private func show(_ details: CartDetails) throws {
        figures = try CartFigures(details.cart)
        for group in details.groups {
            let store = group.store?.id
            for line in group.lines {
                if let number = slotNumbers[line.itemID] {
                    slots[number - 1].name = line.name
                    continue
                }
                if !storeOrder.contains(store) {
                    // A store met during the trip goes before no store, which stays last.
                    storeOrder.insert(store, at: store == nil ? storeOrder.count : storeOrder.firstIndex(of: nil) ?? storeOrder.count)
                }
                slots.append(Slot(item: line.itemID, name: line.name, store: store))
                slotNumbers[line.itemID] = slots.count
            }
        }
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
