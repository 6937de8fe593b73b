import Domain

/// The repositories of one transaction: the active state in memory, history read on demand,
/// and the history events this transaction adds. Both storages build one per `read`/`write`,
/// so they share every rule of how data is kept.
final class WorkingSet: Repositories {
    private(set) var state: ActiveState
    /// The history events this transaction adds.
    private(set) var pending = PendingHistory()
    /// The items this transaction saved and deleted.
    private(set) var itemChanges = ItemChanges()
    /// The vault's items, read as asked for.
    private(set) var vault: VaultItems
    /// Spending per month; nil when the stored data did not have it.
    private var months: MonthTotals?
    /// Committed history, as read in parts.
    private var committed: CommittedHistoryReads
    /// History as committed plus this transaction's events, once read whole: from then on it
    /// answers every question of history, and every event is applied to it.
    private var wholeHistory: HistoryLog?

    /// - Parameter vault: reads the vault's index; nil when `state` holds every item already.
    /// - Parameter months: the month totals stored with the state; nil when unknown.
    init(state: ActiveState, vault: (() throws -> VaultIndex)? = nil, history source: HistorySource, months: [MonthRecord]?) {
        self.state = state
        self.vault = VaultItems(vault)
        self.committed = CommittedHistoryReads(source)
        self.months = months.map { MonthTotals($0) }
    }

    /// The month totals to store after this transaction, computed from history when the stored
    /// data did not have them.
    func monthsToStore() throws -> [MonthSpending]? {
        guard months != nil || !pending.isEmpty else { return nil }
        return try spendingByMonth()
    }

    /// The active state with every item read.
    func loadedState() throws -> ActiveState {
        try loadAllItems()
        return state
    }

    private func index() throws -> VaultIndex? {
        try vault.index(checkedAgainst: state)
    }

    private func checked(_ item: Item, in index: VaultIndex) throws -> Item {
        do { try state.check(item) } catch { throw StorageError.unreadable(path: index.name, reason: "\(error)") }
        return item
    }

    private func loadAllItems() throws {
        guard !vault.allLoaded else { return }
        if let index = try index() {
            for item in try index.allItems(currency: state.settings.currency)
            where state.items[item.id] == nil && !itemChanges.deleted.contains(item.id) {
                state.items[item.id] = try checked(item, in: index)
            }
        }
        vault.allLoaded = true
    }

    /// The parts of committed history answer while this transaction has changed nothing in it.
    private var canReadFast: Bool { pending.isEmpty && wholeHistory == nil }

    /// History as committed plus this transaction's events; read once, on first use.
    func history() throws -> HistoryLog {
        if let wholeHistory { return wholeHistory }
        var history = try committed.source.full()
        for event in pending.events { try history.apply(event) }
        wholeHistory = history
        return history
    }

    /// Adds an event of this transaction; changes nothing when it throws.
    /// - Throws: `DomainError.amountOverflow` for a trip that spending cannot count (its own
    ///   total, its month's or all spending's would not fit).
    private func append(_ event: HistoryCodec.Event) throws {
        // `count` changes nothing when it throws.
        switch event {
        case .completed(let cart):
            let summary = try TripSummary(cart)
            try loadMonths()
            try months?.count(summary, sign: 1)
        case .removed(let id):
            if let old = try completedCart(id) {
                let summary = try TripSummary(old)
                try loadMonths()
                try months?.count(summary, sign: -1)
            }
        case .observed, .forgotten: break
        }
        pending.add(event)
        // Cannot throw now: the only sum it makes, the trip's summary, was made above.
        try wholeHistory?.apply(event)
    }

    /// Reads the month totals from history the first time a trip is counted, when the stored
    /// data did not keep them (data from before they were kept).
    private func loadMonths() throws {
        if months == nil { months = try MonthTotals(trips: completedTrips()) }
    }

    /// One completed cart: this transaction's own events answer first, so that a change that
    /// completes one cart does not read all of history to find another (a merge completes many).
    private func completedCart(_ id: CartID) throws -> Cart? {
        if wholeHistory != nil { return try history().cart(id) }
        if let pendingCart = pending.cart(id) { return pendingCart }
        return try committed.source.cart(id)
    }

    // MARK: - Stores

    func allStores() -> [Store] { Array(state.stores.values) }
    func save(_ store: Store) { state.stores[store.id] = store }

    // MARK: - Categories

    func allCategories() -> [Category] { state.categories.values.sorted { ($0.sortOrder, $0.id) < ($1.sortOrder, $1.id) } }
    func save(_ category: Category) { state.categories[category.id] = category }
    func deleteCategory(_ id: CategoryID) { state.categories[id] = nil }

    // MARK: - Items

    func allItems() throws -> [Item] {
        try loadAllItems()
        return Array(state.items.values)
    }

    func itemNames() throws -> [ItemName] {
        var names: [ItemID: ItemName] = [:]
        if !vault.allLoaded, let index = try index() {
            for name in try index.names() where !itemChanges.deleted.contains(name.id) { names[name.id] = name }
        }
        for item in state.items.values { names[item.id] = ItemName(id: item.id, name: item.name, categoryID: item.categoryID) }
        return Array(names.values)
    }

    /// Whether the vault holds any item, without reading names.
    func hasItems() throws -> Bool {
        if !state.items.isEmpty { return true }
        guard !vault.allLoaded, let index = try index() else { return false }
        return index.count > itemChanges.deleted.count { index.contains($0) }
    }

    func itemNames(withKey key: String) throws -> [ItemName] {
        let loaded = state.items.values.filter { Name.key($0.name) == key }
            .map { ItemName(id: $0.id, name: $0.name, categoryID: $0.categoryID) }
        guard !vault.allLoaded, let index = try index() else { return loaded }
        // An item read or changed by this transaction counts by its name in the state.
        return try index.names(withKey: key).filter { !itemChanges.deleted.contains($0.id) && state.items[$0.id] == nil } + loaded
    }

    func item(_ id: ItemID) throws -> Item? {
        if itemChanges.deleted.contains(id) { return nil }
        if let item = state.items[id] { return item }
        guard !vault.allLoaded, let index = try index(),
              let item = try index.item(id, currency: state.settings.currency) else { return nil }
        let valid = try checked(item, in: index)
        state.items[id] = valid
        return valid
    }

    func save(_ item: Item) throws {
        state.items[item.id] = item
        itemChanges.save(item)
    }

    func deleteItem(_ id: ItemID) throws {
        guard try item(id) != nil else { return }
        state.items[id] = nil
        itemChanges.delete(id)
    }

    // MARK: - Carts

    func activeCarts() -> [Cart] { state.carts.values.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) } }

    func completedCarts() throws -> [Cart] { try history().completedCarts }

    func completedTrips() throws -> [TripSummary] {
        guard canReadFast else { return try history().liveTrips.map(\.summary) }
        return try committed.completedTrips()
    }

    func spending() throws -> any Spending { try allSpending() }

    func spending(of item: ItemID) throws -> any Spending {
        guard canReadFast, committed.all == nil else { return try allSpending().lines(of: item) }
        return try committed.spending(of: item).data
    }

    private func allSpending() throws -> SpendingColumns {
        canReadFast ? try committed.allSpending().data : try history().spending(currency: state.settings.currency)
    }

    func cart(_ id: CartID) throws -> Cart? {
        if let cart = state.carts[id] { return cart }
        return try completedCart(id)
    }

    func spendingByMonth() throws -> [MonthSpending] {
        let currency = state.settings.currency
        guard let months else { return try MonthSpending.of(completedTrips(), currency: currency) }
        return months.spending(currency: currency)
    }

    func save(_ cart: Cart) throws {
        if cart.status.isActive {
            // An active cart unknown to the active state that is already past planning can only
            // have come back from history (a reopen): take it out of history. New carts are
            // always planning, so saving them never reads history.
            if state.carts[cart.id] == nil && cart.status != .planning {
                try append(.removed(cart.id))
            }
            state.carts[cart.id] = cart
        } else {
            // Counted first: a trip spending cannot count leaves the cart as it was.
            try append(.completed(cart))
            state.carts[cart.id] = nil
        }
    }

    func deleteCart(_ id: CartID) throws {
        if state.carts.removeValue(forKey: id) == nil {
            try append(.removed(id))
        }
    }

    // MARK: - Price history

    /// Reads every item's prices seen by hand at once, for a change that will ask for many
    /// items' (a merge); nothing when the storage cannot.
    func preloadManualObservations() throws {
        guard canReadFast else { return }
        try committed.preloadManual()
    }

    func manualObservations(of item: ItemID?) throws -> [PriceObservation] {
        if let item, wholeHistory == nil, committed.all == nil {
            // One item's, as committed, with this transaction's events after them.
            return pending.manual(of: item, after: try committed.manual(of: item))
        }
        return try (canReadFast ? committed.allSpending().manual : history().manual).filter { item == nil || $0.item == item }
    }

    func record(_ observations: [PriceObservation]) throws {
        guard !observations.isEmpty else { return }
        try append(.observed(observations))
    }

    func forget(_ observation: PriceObservation) throws { try append(.forgotten(observation)) }

    // MARK: - Settings

    func settings() -> Settings { state.settings }
    func save(_ settings: Settings) { state.settings = settings }
}
