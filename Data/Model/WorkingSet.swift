import Domain

/// The repositories of one transaction: the active state in memory, history read on demand,
/// and the history events this transaction adds. Both storages build one per `read`/`write`,
/// so they share every rule of how data is kept.
final class WorkingSet: Repositories {
    private(set) var state: ActiveState
    /// History events added by this transaction, in order.
    private(set) var pending: [HistoryCodec.Event] = []
    /// What this transaction's events say of each cart they name: completed as this, or removed.
    private var pendingCarts: [CartID: Cart?] = [:]
    /// This transaction's prices seen and forgotten, item by item, in order (true: seen): a merge
    /// that records thousands looks each item's up without going through all of them.
    private var pendingManual: [ItemID: [(seen: Bool, observation: PriceObservation)]] = [:]
    /// Items this transaction saved, and deleted: what a new vault file must change.
    private(set) var changedItems: [ItemID: Item] = [:]
    private(set) var deletedItems: Set<ItemID> = []
    var itemsChanged: Bool { !changedItems.isEmpty || !deletedItems.isEmpty }
    private let source: HistorySource
    /// Reads the vault's index the first time an item is needed.
    private var indexLoader: (() throws -> VaultIndex)?
    /// The vault's index: items are decoded from it one by one, as asked for.
    private(set) var vaultIndex: VaultIndex?
    /// Whether `state.items` holds every item.
    private var allItemsLoaded: Bool
    /// Spending per month (minor units and trips), kept up to date with this transaction's
    /// history events; nil when the stored data did not have it.
    private var months: [String: (total: Int64, trips: Int)]?
    private var cachedHistory: HistoryLog?
    private var cachedSpending: (data: SpendingColumns, manual: [PriceObservation])?
    private var cachedTrips: [TripSummary]?
    /// One item's spending and prices seen by hand, as read for it alone.
    /// Every item's committed prices seen by hand, once read whole (`preloadManualObservations`).
    private var manualByItem: [ItemID: [PriceObservation]]?
    /// Items' committed spending and prices seen, as read (a merge asks for many items).
    private var cachedItems: [ItemID: (data: SpendingColumns, manual: [PriceObservation])] = [:]

    /// - Parameter vault: reads the vault's index; nil when `state` holds every item already.
    /// - Parameter months: the month totals stored with the state; nil when unknown.
    init(state: ActiveState, vault: (() throws -> VaultIndex)? = nil, history source: HistorySource, months: [MonthRecord]?) {
        self.state = state
        self.indexLoader = vault
        self.allItemsLoaded = vault == nil
        self.source = source
        // StateCodec refuses a month given twice; were one to come through, the first counts.
        self.months = months.map { Dictionary($0.map { ($0.month, (total: $0.total, trips: $0.trips)) }, uniquingKeysWith: { first, _ in first }) }
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
        if let loader = indexLoader {
            indexLoader = nil
            let index = try loader()
            // Every reference is checked now, so that no change carries a damaged vault along.
            for category in index.categories where state.categories[CategoryID(category)] == nil {
                throw StorageError.unreadable(path: index.name, reason: "an item refers to missing category \(category)")
            }
            for store in index.stores ?? [] where state.stores[StoreID(store)] == nil {
                throw StorageError.unreadable(path: index.name, reason: "a price is at missing store \(store)")
            }
            vaultIndex = index
        }
        return vaultIndex
    }

    private func checked(_ item: Item, in index: VaultIndex) throws -> Item {
        do { try state.check(item) } catch { throw StorageError.unreadable(path: index.name, reason: "\(error)") }
        return item
    }

    private func loadAllItems() throws {
        guard !allItemsLoaded else { return }
        if let index = try index() {
            for item in try index.allItems(currency: state.settings.currency)
            where state.items[item.id] == nil && !deletedItems.contains(item.id) {
                state.items[item.id] = try checked(item, in: index)
            }
        }
        allItemsLoaded = true
    }

    /// The fast readers answer while this transaction has changed nothing in history.
    private var canReadFast: Bool { pending.isEmpty && cachedHistory == nil }

    private func fastSpending() throws -> (data: SpendingColumns, manual: [PriceObservation]) {
        if let cachedSpending { return cachedSpending }
        let loaded = try source.spending(false, nil)
        cachedSpending = (loaded.0, loaded.1)
        return (loaded.0, loaded.1)
    }

    /// History as committed plus this transaction's events; read once, on first use.
    func history() throws -> HistoryLog {
        if let cachedHistory { return cachedHistory }
        var history = try source.full()
        for event in pending { try history.apply(event) }
        cachedHistory = history
        return history
    }

    private func append(_ event: HistoryCodec.Event) throws {
        if months != nil {
            switch event {
            case .completed(let cart): try count(try TripSummary(cart), sign: 1)
            case .removed(let id): if let old = try completedCart(id) { try count(try TripSummary(old), sign: -1) }
            case .observed, .forgotten: break
            }
        }
        pending.append(event)
        switch event {
        case .completed(let cart): pendingCarts[cart.id] = .some(cart)
        case .removed(let id): pendingCarts[id] = .some(nil)
        case .observed(let list): for observation in list { pendingManual[observation.item, default: []].append((true, observation)) }
        case .forgotten(let observation): pendingManual[observation.item, default: []].append((false, observation))
        }
        try cachedHistory?.apply(event)
    }

    private func count(_ trip: TripSummary, sign: Int64) throws {
        let month = trip.completedAt.day.monthText
        let current = months?[month] ?? (0, 0)
        // Added or taken away, never negated: negating the lowest Int64 would trap.
        let (total, overflow) = sign > 0 ? current.total.addingReportingOverflow(trip.actual.minorUnits)
            : current.total.subtractingReportingOverflow(trip.actual.minorUnits)
        guard !overflow else { throw DomainError.amountOverflow }
        months?[month] = current.trips + Int(sign) == 0 ? nil : (total, current.trips + Int(sign))
    }

    /// One completed cart: this transaction's own events answer first, so that a change that
    /// completes one cart does not read all of history to find another (a merge completes many).
    private func completedCart(_ id: CartID) throws -> Cart? {
        if cachedHistory != nil { return try history().cart(id) }
        if let pendingCart = pendingCarts[id] { return pendingCart }
        return try source.cart(id)
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
        if !allItemsLoaded, let index = try index() {
            for name in try index.names() where !deletedItems.contains(name.id) { names[name.id] = name }
        }
        for item in state.items.values { names[item.id] = ItemName(id: item.id, name: item.name, categoryID: item.categoryID) }
        return Array(names.values)
    }

    /// Whether the vault holds any item, without reading names.
    func hasItems() throws -> Bool {
        if !state.items.isEmpty { return true }
        guard !allItemsLoaded, let index = try index() else { return false }
        return index.count > deletedItems.count { index.contains($0) }
    }

    func itemNames(withKey key: String) throws -> [ItemName] {
        let loaded = state.items.values.filter { Name.key($0.name) == key }.map { ItemName(id: $0.id, name: $0.name, categoryID: $0.categoryID) }
        guard !allItemsLoaded, let index = try index() else { return loaded }
        // An item read or changed by this transaction counts by its name in the state.
        return try index.names(withKey: key).filter { !deletedItems.contains($0.id) && state.items[$0.id] == nil } + loaded
    }

    func item(_ id: ItemID) throws -> Item? {
        if deletedItems.contains(id) { return nil }
        if let item = state.items[id] { return item }
        guard !allItemsLoaded, let index = try index(), let item = try index.item(id, currency: state.settings.currency) else { return nil }
        let valid = try checked(item, in: index)
        state.items[id] = valid
        return valid
    }

    func save(_ item: Item) throws {
        state.items[item.id] = item
        changedItems[item.id] = item
        deletedItems.remove(item.id)
    }

    func deleteItem(_ id: ItemID) throws {
        guard try item(id) != nil else { return }
        state.items[id] = nil
        changedItems[id] = nil
        deletedItems.insert(id)
    }

    // MARK: - Carts

    func activeCarts() -> [Cart] { state.carts.values.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) } }

    func completedCarts() throws -> [Cart] { try history().completedCarts }

    func completedTrips() throws -> [TripSummary] {
        guard canReadFast else { return try history().liveTrips.map(\.summary) }
        if let cachedTrips { return cachedTrips }
        let trips = try cachedSpending?.data.trips ?? source.spending(true, nil).0.trips
        cachedTrips = trips
        return trips
    }

    func spending() throws -> any Spending { try allSpending() }

    func spending(of item: ItemID) throws -> any Spending {
        guard canReadFast, cachedSpending == nil else { return try allSpending().lines(of: item) }
        return try itemSpending(item).data
    }

    private func allSpending() throws -> SpendingColumns {
        canReadFast ? try fastSpending().data : try history().spending(currency: state.settings.currency)
    }

    /// One item's spending and prices seen by hand, read once for both.
    private func itemSpending(_ item: ItemID) throws -> (data: SpendingColumns, manual: [PriceObservation]) {
        if let cached = cachedItems[item] { return cached }
        let (data, manual) = try source.spending(false, item)
        cachedItems[item] = (data, manual)
        return (data, manual)
    }

    func cart(_ id: CartID) throws -> Cart? {
        if let cart = state.carts[id] { return cart }
        return try completedCart(id)
    }

    func spendingByMonth() throws -> [MonthSpending] {
        let currency = state.settings.currency
        guard let months else { return try MonthSpending.of(completedTrips(), currency: currency) }
        return months.sorted { $0.key < $1.key }.map { MonthSpending(month: $0.key, total: Money(minorUnits: $0.value.total, currency: currency), trips: $0.value.trips) }
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
            state.carts[cart.id] = nil
            try append(.completed(cart))
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
        guard manualByItem == nil, canReadFast, let all = try source.manual() else { return }
        manualByItem = Dictionary(grouping: all, by: \.item)
    }

    func manualObservations(of item: ItemID?) throws -> [PriceObservation] {
        if let item, canReadFast, cachedSpending == nil { return try manualByItem.map { $0[item] ?? [] } ?? itemSpending(item).manual }
        if let item, cachedHistory == nil, cachedSpending == nil {
            // One item's, as committed, with this transaction's events after them.
            var manual = try manualByItem.map { $0[item] ?? [] } ?? itemSpending(item).manual
            for (seen, observation) in pendingManual[item] ?? [] {
                if seen { manual.append(observation) } else { manual.removeAll { $0 == observation } }
            }
            return manual
        }
        return try (canReadFast ? fastSpending().manual : history().manual).filter { item == nil || $0.item == item }
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

/// How a working set reads committed history: whole (carts with all their lines), or only
/// the spending (trips, bought lines, prices seen; `true` for trips alone; an item for that
/// item's lines and prices alone).
struct HistorySource {
    let full: () throws -> HistoryLog
    let spending: (_ tripsOnly: Bool, _ item: ItemID?) throws -> (SpendingColumns, [PriceObservation])
    /// One completed cart.
    let cart: (CartID) throws -> Cart?
    /// Every price seen by hand, when a storage can tell them without reading all spending
    /// (nil: it cannot; ask `spending` item by item).
    var manual: () throws -> [PriceObservation]? = { nil }

    static func empty(_ currency: Currency) -> HistorySource {
        HistorySource(full: { HistoryLog() }, spending: { _, _ in (SpendingColumns(currency: currency), []) }, cart: { _ in nil })
    }
}

extension HistoryLog {
    mutating func apply(_ event: HistoryCodec.Event) throws {
        switch event {
        case .completed(let cart): try complete(cart)
        case .removed(let id): remove(id)
        case .observed(let observations): record(observations)
        case .forgotten(let observation): forget(observation)
        }
    }
}
