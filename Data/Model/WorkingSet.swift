import Domain

/// The repositories of one transaction: the active state in memory, history read on demand,
/// and the history events this transaction adds. Both storages build one per `read`/`write`,
/// so they share every rule of how data is kept.
final class WorkingSet: Repositories {
    private(set) var state: ActiveState
    /// History events added by this transaction, in order.
    private(set) var pending: [HistoryEventRecord] = []
    private let loadHistory: () throws -> [HistoryEventRecord]
    private var cachedHistory: History?

    init(state: ActiveState, loadHistory: @escaping () throws -> [HistoryEventRecord]) {
        self.state = state
        self.loadHistory = loadHistory
    }

    /// History as committed plus this transaction's events; read once, on first use.
    func history() throws -> History {
        if let cachedHistory { return cachedHistory }
        let history = try History(loadHistory() + pending, currency: state.settings.currency)
        cachedHistory = history
        return history
    }

    private func append(_ event: HistoryEventRecord) throws {
        pending.append(event)
        if cachedHistory != nil {
            try cachedHistory!.apply(event, mapper: RecordMapper(settings: SettingsRecord(currency: state.settings.currency.code, isSetUp: true)))
        }
    }

    // MARK: - Stores

    func allStores() -> [Store] { Array(state.stores.values) }
    func save(_ store: Store) { state.stores[store.id] = store }

    // MARK: - Categories

    func allCategories() -> [Category] { state.categories.values.sorted { ($0.sortOrder, $0.id) < ($1.sortOrder, $1.id) } }
    func save(_ category: Category) { state.categories[category.id] = category }
    func deleteCategory(_ id: CategoryID) { state.categories[id] = nil }

    // MARK: - Items

    func allItems() -> [Item] { Array(state.items.values) }
    func item(_ id: ItemID) -> Item? { state.items[id] }
    func save(_ item: Item) { state.items[item.id] = item }
    func deleteItem(_ id: ItemID) { state.items[id] = nil }

    // MARK: - Carts

    func activeCarts() -> [Cart] { state.carts.values.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) } }

    func completedCarts() throws -> [Cart] {
        let history = try history()
        return history.order.map { history.carts[$0]! }
    }

    func completedTrips() throws -> [TripSummary] { try spending().trips }

    func spending() throws -> SpendingData { try SpendingData(completedCarts: completedCarts()) }

    func cart(_ id: CartID) throws -> Cart? { try state.carts[id] ?? history().carts[id] }

    func save(_ cart: Cart) throws {
        if cart.status.isActive {
            // An active cart unknown to the active state that is already past planning can only
            // have come back from history (a reopen): take it out of history. New carts are
            // always planning, so saving them never reads history.
            if state.carts[cart.id] == nil && cart.status != .planning {
                try append(HistoryEventRecord(event: .removed, cartId: cart.id.rawValue))
            }
            state.carts[cart.id] = cart
        } else {
            state.carts[cart.id] = nil
            try append(HistoryEventRecord(event: .completed, cart: CartRecord(cart)))
        }
    }

    func deleteCart(_ id: CartID) throws {
        if state.carts.removeValue(forKey: id) == nil {
            try append(HistoryEventRecord(event: .removed, cartId: id.rawValue))
        }
    }

    // MARK: - Price history

    func manualObservations(of item: ItemID?) throws -> [PriceObservation] {
        try history().observations.filter { item == nil || $0.item == item }
    }

    func record(_ observations: [PriceObservation]) throws {
        guard !observations.isEmpty else { return }
        try append(HistoryEventRecord(event: .prices, observations: observations.map(ObservationRecord.init)))
    }

    // MARK: - Settings

    func settings() -> Settings { state.settings }
    func save(_ settings: Settings) { state.settings = settings }
}
