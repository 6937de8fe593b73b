/// Where a cart is in its life: planned at home, being shopped, or done.
public enum CartStatus: String, Sendable, Hashable, CaseIterable {
    case planning, shopping, completed

    /// Planning and shopping carts are active; completed ones are history.
    public var isActive: Bool { self != .completed }
}

/// A shopping list with a budget that goes Planning → Shopping → Completed, and back.
///
/// Every change goes through a method that checks the status first and throws
/// `DomainError.notAllowed` without changing anything when the status forbids it.
public struct Cart: Sendable, Hashable, Identifiable {
    /// The cart's identity; its short form (first 8 digits) tells apart trips of one name.
    public let id: CartID
    /// Unique among active carts, not in history (every week's trip may be "Weekly").
    public private(set) var name: String
    /// What the cart should not cost more than; nil without a budget.
    public private(set) var budget: Money?
    /// Where it is in its life; it decides what `check(_:)` allows.
    public private(set) var status: CartStatus
    /// When it was created; active carts are listed in this order.
    public let createdAt: Timestamp
    /// When the trip started; nil while planning.
    public private(set) var startedAt: Timestamp?
    /// When the trip happened: set by `finishTrip(at:)` or `date(_:)`, and kept through a
    /// reopening so that a corrected trip stays in its month.
    public private(set) var completedAt: Timestamp?
    /// One line per item while planning or shopping; a completed trip may repeat an item (an
    /// imported receipt's rows).
    public private(set) var lines: [CartItem]
    /// The currency of every amount on it, fixed when it was created.
    public let currency: Currency

    /// A new, empty cart being planned.
    public init(id: CartID, name: String, budget: Money?, currency: Currency, createdAt: Timestamp) {
        self.init(id: id, name: name, budget: budget, currency: currency, status: .planning, createdAt: createdAt,
                  startedAt: nil, completedAt: nil, lines: [])
    }

    /// A cart exactly as it was stored.
    public init(id: CartID, name: String, budget: Money?, currency: Currency, status: CartStatus, createdAt: Timestamp,
                startedAt: Timestamp?, completedAt: Timestamp?, lines: [CartItem]) {
        self.id = id
        self.name = name
        self.budget = budget
        self.currency = currency
        self.status = status
        self.createdAt = createdAt
        self.startedAt = startedAt
        self.completedAt = completedAt
        self.lines = lines
    }

    // MARK: - Derived figures

    /// The sum of every line's planned cost; lines with no known price count as nothing.
    /// - Throws: `DomainError.cartTotalTooLarge`, naming the cart, when it does not fit.
    public func plannedTotal() throws -> Money {
        try namingCart { try Money.sum(lines.compactMap { try $0.plannedCost() }, currency: currency) }
    }

    /// The sum of what was paid for the lines bought.
    /// - Throws: `DomainError.cartTotalTooLarge`, naming the cart, when it does not fit.
    public func actualTotal() throws -> Money {
        try namingCart { try Money.sum(lines.compactMap { try $0.actualCost() }, currency: currency) }
    }

    /// `figure`, an overflow in it said of this cart: "the amount is too large" alone would not
    /// say which cart, on a screen of several or from a sync.
    private func namingCart<T>(_ figure: () throws -> T) throws -> T {
        do { return try figure() } catch DomainError.amountOverflow { throw DomainError.cartTotalTooLarge(cart: name) }
    }

    /// What is compared with the budget: the plan while planning, what was paid after that.
    public func spendingAgainstBudget() throws -> Money {
        status == .planning ? try plannedTotal() : try actualTotal()
    }

    /// Budget minus `spendingAgainstBudget()`; negative when over; nil without a budget.
    public func remainingBudget() throws -> Money? {
        guard let budget else { return nil }
        return try namingCart { try budget.subtracting(spendingAgainstBudget()) }
    }

    /// How far over budget the cart is; nil when within it or without a budget.
    public func overBudget() throws -> Money? {
        guard let remaining = try remainingBudget(), remaining.isNegative else { return nil }
        return try namingCart { try Money.zero(currency).subtracting(remaining) }
    }

    /// How many lines are bought, of how many.
    public var progress: (fulfilled: Int, total: Int) { (lines.count { $0.isFulfilled }, lines.count) }

    /// Lines without a known planned price (impulse buys excepted).
    public var unpricedLines: [CartItem] { lines.filter { !$0.isImpulse && $0.plannedPrice == nil } }

    /// The expected cost per store (paid where bought, else planned), stores in first-seen order;
    /// lines with no store are under nil.
    /// - Throws: `DomainError.cartTotalTooLarge`, naming the cart, when a total does not fit.
    public func totalsByStore() throws -> [(store: StoreID?, total: Money)] {
        try namingCart(totalsByStoreUnnamed)
    }

    private func totalsByStoreUnnamed() throws -> [(store: StoreID?, total: Money)] {
        var order: [StoreID?] = []
        var totals: [StoreID?: Money] = [:]
        for line in lines {
            let key = line.effectiveStore
            if totals[key] == nil { order.append(key) }
            totals[key] = try (totals[key] ?? .zero(currency)).adding(try line.expectedCost() ?? .zero(currency))
        }
        return order.compactMap { key in totals[key].map { (key, $0) } }
    }

    /// The line of `item`; nil when it is not on the cart.
    public func line(for item: ItemID) -> CartItem? { lines.first { $0.itemID == item } }

    // MARK: - Editing (planning and shopping)

    /// - Throws: `DomainError.notAllowed` for a completed cart; `.invalidName` for `newName`.
    public mutating func rename(to newName: String) throws {
        try check(.edit)
        name = try Name.validated(newName, kind: "cart")
    }

    /// Sets the budget; nil removes it.
    /// - Throws: `DomainError.notAllowed` for a completed cart; `.invalidAmount` for a negative
    ///   budget.
    public mutating func setBudget(_ newBudget: Money?) throws {
        try check(.edit)
        if let newBudget, newBudget.isNegative {
            throw DomainError.invalidAmount(newBudget.amountText, reason: "a budget cannot be negative")
        }
        budget = newBudget
    }

    /// Adds a line, or when the item is already on the cart adds the quantity to its line.
    /// - Throws: `DomainError.cartTotalTooLarge` when the totals would no longer add up.
    ///   `.notAllowed` for a completed cart; `.incompatibleUnits` or `.inexactConversion` when
    ///   `line`'s quantity cannot be said in the existing line's unit; `.tooLarge` when the
    ///   quantities add up past the maximum.
    public mutating func add(_ line: CartItem) throws {
        try check(.edit)
        var changed = self
        if let index = lines.firstIndex(where: { $0.itemID == line.itemID }) {
            // The line keeps its unit: what is added is converted into it, exactly or not at all.
            let existing = lines[index].unit
            let from = lines[index].measure(of: line.unit), to = lines[index].measure(of: existing)
            guard from.converts(to: to) else {
                throw DomainError.incompatibleUnits(item: line.name, unit: line.unit.rawValue, lineUnit: existing.rawValue)
            }
            guard let added = existing == line.unit ? line.quantity : line.quantity.converted(from: from, to: to) else {
                throw DomainError.inexactConversion(quantity: line.quantity.description, from: line.unit.rawValue, to: existing.rawValue)
            }
            changed.lines[index].quantity = try lines[index].quantity.adding(added)
        } else {
            changed.lines.append(line)
        }
        try changed.requireTotals()
        self = changed
    }

    /// Replaces the line for the same item (quantity, store, planned price), keeping its place.
    /// - Throws: `DomainError.cartTotalTooLarge` when the totals would no longer add up.
    ///   `.notAllowed` for a completed cart; `.notOnCart` when the item has no line.
    public mutating func update(_ line: CartItem) throws {
        try check(.edit)
        let index = try lineIndex(line.itemID)
        var changed = self
        changed.lines[index] = line
        try changed.requireTotals()
        self = changed
    }

    /// Takes the line of `item` off the cart.
    /// - Throws: `DomainError.notAllowed` for a completed cart; `.notOnCart` when the item has
    ///   no line.
    public mutating func removeLine(_ item: ItemID) throws {
        try check(.edit)
        lines.remove(at: try lineIndex(item))
    }

    // MARK: - The trip

    /// Planning to shopping, started at `time`.
    /// - Throws: `DomainError.notAllowed` unless the cart is being planned.
    public mutating func startTrip(at time: Timestamp) throws {
        try check(.startTrip)
        status = .shopping
        startedAt = time
    }

    /// Marks a line bought at `price` per unit at `store`; logging again corrects it.
    /// - Throws: `DomainError.cartTotalTooLarge` when the totals would no longer add up.
    /// - Parameter priceUnit: what `price` is per, when the store it was bought at sells it
    ///   otherwise than planned (per kg rather than per lb): the planned price is converted to it.
    public mutating func logPurchase(_ item: ItemID, price: Money, store: StoreID, quantity: Quantity?,
                                     priceUnit: PriceUnit? = nil) throws {
        try check(.logPurchase)
        let index = try lineIndex(item)
        var changed = self
        if let priceUnit, priceUnit != lines[index].priceUnit {
            // Bought in other packs than planned: the line holds what it held (2 packs of 250 g
            // are 1 pack of 500 g), its planned price said per the new unit.
            let held = try lines[index].holding(pricedPer: priceUnit)
            (changed.lines[index].quantity, changed.lines[index].unit) = (held.quantity, held.unit)
            changed.lines[index].plannedPrice = try lines[index].plannedPrice.flatMap {
                try $0.per(lines[index].priceUnit, convertedTo: priceUnit)
            }
            changed.lines[index].priceUnit = priceUnit
        }
        changed.lines[index].isFulfilled = true
        changed.lines[index].actualPrice = price
        changed.lines[index].actualStore = store
        changed.lines[index].purchasedQuantity = quantity.flatMap { $0 == changed.lines[index].quantity ? nil : $0 }
        try changed.requireTotals()
        self = changed
    }

    /// Takes back a logged purchase; an impulse line, which exists only as a purchase, goes away.
    public mutating func unlogPurchase(_ item: ItemID) throws {
        try check(.logPurchase)
        let index = try lineIndex(item)
        guard lines[index].isFulfilled else { throw DomainError.notBought(item: lines[index].name, cart: name) }
        if lines[index].isImpulse {
            lines.remove(at: index)
            return
        }
        lines[index].isFulfilled = false
        lines[index].actualPrice = nil
        lines[index].actualStore = nil
        lines[index].purchasedQuantity = nil
    }

    /// Adds a bought line that is not in the vault.
    /// - Throws: `DomainError.notBought` for a line not built as an impulse buy, bought
    ///   (a front's mistake, refused rather than trapped); `DomainError.cartTotalTooLarge` when
    ///   the totals would no longer add up.
    public mutating func addImpulse(_ line: CartItem) throws {
        try check(.logPurchase)
        guard line.isImpulse && line.isFulfilled else { throw DomainError.notBought(item: line.name, cart: name) }
        var changed = self
        changed.lines.append(line)
        try changed.requireTotals()
        self = changed
    }

    /// Completes the trip at `time`; a reopened trip keeps the time it was first completed, so
    /// correcting it does not move its spending to another day or month, and a trip dated by
    /// `date(_:)` keeps that date.
    public mutating func finishTrip(at time: Timestamp) throws {
        try check(.finishTrip)
        guard lines.contains(where: \.isFulfilled) else { throw DomainError.nothingBought(cart: name) }
        status = .completed
        completedAt = completedAt ?? time
    }

    /// Dates the trip being shopped: it is recorded as completed at `time` when it finishes
    /// (a receipt entered afterwards). It cannot have started later than it happened.
    public mutating func date(_ time: Timestamp) throws {
        try check(.finishTrip)
        completedAt = time
        if let started = startedAt, started > time { startedAt = time }
    }

    /// Back to planning: the trip did not happen, so logged purchases are cleared and impulse
    /// lines dropped; the planned lines stay as they were.
    public mutating func abortTrip() throws {
        try check(.abortTrip)
        lines.removeAll(where: \.isImpulse)
        for index in lines.indices {
            lines[index].isFulfilled = false
            lines[index].actualPrice = nil
            lines[index].actualStore = nil
            lines[index].purchasedQuantity = nil
        }
        status = .planning
        startedAt = nil
        completedAt = nil
    }

    /// Back to shopping, to correct a finished trip; finishing again records it anew, on the
    /// day it was first completed (kept in `completedAt` meanwhile).
    /// - Throws: `DomainError.repeatedItem` for a trip with an item on several lines: only a
    ///   completed cart holds those (an imported receipt's repeated rows), since a cart being
    ///   planned or shopped is changed line by item.
    public mutating func reopen() throws {
        try check(.reopen)
        var seen: Set<ItemID> = []
        if let repeated = lines.first(where: { !seen.insert($0.itemID).inserted }) {
            throw DomainError.repeatedItem(item: repeated.name, cart: name)
        }
        status = .shopping
    }

    // MARK: - Rules

    /// What a person can try to do to a cart, for the status table and its error messages.
    public enum Action: Sendable, Hashable {
        case edit, startTrip, logPurchase, finishTrip, abortTrip, reopen
    }

    /// Throws `DomainError.notAllowed` unless the cart's status allows `action`.
    public func check(_ action: Action) throws {
        let allowed: Set<CartStatus> = switch action {
        case .edit: [.planning, .shopping]
        case .startTrip: [.planning]
        case .logPurchase, .finishTrip, .abortTrip: [.shopping]
        case .reopen: [.completed]
        }
        guard allowed.contains(status) else { throw DomainError.notAllowed(cart: name, status: status, action: action) }
    }

    /// Refuses a change after which the cart's figures (totals, totals per store, what is left of
    /// the budget) could not be worked out: every screen shows them, so such a cart could be
    /// saved but never shown again. Removing lines is never refused. `grock doctor` asks it too,
    /// of a cart read from a state edited by hand.
    /// - Throws: `DomainError.cartTotalTooLarge` when a figure does not fit in an amount.
    public func requireTotals() throws {
        // Each throws `cartTotalTooLarge`, naming the cart.
        _ = try remainingBudget()
        _ = try plannedTotal()
        _ = try actualTotal()
        _ = try totalsByStore()
    }

    /// Updates the names a line keeps for history, whatever the status.
    mutating func refreshSnapshot(_ line: CartItem) throws {
        lines[try lineIndex(line.itemID)] = line
    }

    private func lineIndex(_ item: ItemID) throws -> Int {
        guard let index = lines.firstIndex(where: { $0.itemID == item }) else {
            throw DomainError.notOnCart(item: item.rawValue, cart: name)
        }
        return index
    }
}
