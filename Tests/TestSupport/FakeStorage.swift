import Domain
import Synchronization

/// A storage that keeps whatever it is given, as a damaged file could: amounts past what a
/// line can add up to, control characters in names. DataLayer's `InMemoryStorage` keeps its
/// data encoded as the file store does, so it refuses such values as the file store does; tests
/// of what the fronts make of damaged data store it here. Whole-snapshot transactions in memory,
/// held to the same contract as the real storages (`StorageContractTests`).
public final class FakeStorage: Storage {
    struct Snapshot {
        var stores: [Store] = []
        var categories: [Category] = []
        var items: [Item] = []
        var carts: [Cart] = []
        var observations: [PriceObservation] = []
        var settings = Settings()
    }

    private let state = Mutex((current: Snapshot(), undo: [(Snapshot, String)]()))

    public init() {}

    public func read<T>(_ body: sending (any Repositories) throws -> T) async throws -> sending T {
        try body(FakeRepositories(state.withLock { $0.current }))
    }

    public func write<T>(_ body: sending (any Repositories) throws -> Change<T>) async throws -> sending T {
        try state.withLock { state in
            let repositories = FakeRepositories(state.current)
            let change = try body(repositories)
            state.undo.append((state.current, change.summary))
            state.current = repositories.snapshot
            return change.value
        }
    }

    public func readWithHistory<T>(_ body: sending (any Repositories, any HistoryReader) throws -> T) async throws -> sending T {
        try await read { repositories in try body(repositories, RepositoryHistory(repositories: repositories)) }
    }

    public func undoLastChange() async throws -> String {
        try state.withLock { state in
            guard let (previous, summary) = state.undo.popLast() else { throw DomainError.nothingToUndo }
            state.current = previous
            return summary
        }
    }

    public func eraseEverything() async throws {
        state.withLock { $0 = (Snapshot(), []) }
    }

    /// No subscriber is ever told anything: Domain's tests do not follow changes.
    public func changes() -> AsyncStream<StorageChange> { AsyncStream { $0.finish() } }
}

final class FakeRepositories: Repositories {
    var snapshot: FakeStorage.Snapshot

    init(_ snapshot: FakeStorage.Snapshot) { self.snapshot = snapshot }

    func allStores() -> [Store] { snapshot.stores }
    func save(_ store: Store) { upsert(store, in: &snapshot.stores) }
    func allCategories() -> [Category] { snapshot.categories.sorted { $0.sortOrder < $1.sortOrder } }
    func save(_ category: Category) { upsert(category, in: &snapshot.categories) }
    func deleteCategory(_ id: CategoryID) { snapshot.categories.removeAll { $0.id == id } }
    func allItems() -> [Item] { snapshot.items }
    func itemNames() -> [ItemName] { snapshot.items.map { ItemName(id: $0.id, name: $0.name, categoryID: $0.categoryID) } }
    func item(_ id: ItemID) -> Item? { snapshot.items.first { $0.id == id } }
    func save(_ item: Item) { upsert(item, in: &snapshot.items) }
    func deleteItem(_ id: ItemID) { snapshot.items.removeAll { $0.id == id } }
    func activeCarts() -> [Cart] { snapshot.carts.filter { $0.status.isActive } }
    /// Completed carts in the order they were completed (`save` keeps them so).
    func completedCarts() -> [Cart] { snapshot.carts.filter { !$0.status.isActive } }
    func cart(_ id: CartID) -> Cart? { snapshot.carts.first { $0.id == id } }
    func save(_ cart: Cart) {
        // As in the real storages' history, a cart completed now comes after every cart completed
        // before (one finished again, where it was finished last), whatever the clock says.
        if !cart.status.isActive, self.cart(cart.id)?.status.isActive != false {
            snapshot.carts.removeAll { $0.id == cart.id }
            snapshot.carts.append(cart)
        } else {
            upsert(cart, in: &snapshot.carts)
        }
    }
    func deleteCart(_ id: CartID) { snapshot.carts.removeAll { $0.id == id } }
    func completedTrips() throws -> [TripSummary] { try completedCarts().map(TripSummary.init) }
    func spendingByMonth() throws -> [MonthSpending] { try MonthSpending.of(completedTrips(), currency: snapshot.settings.currency) }
    func spending() throws -> any Spending { try allSpending() }
    func spending(of item: ItemID) throws -> any Spending { try allSpending().lines(of: item) }
    private func allSpending() throws -> SpendingList { try SpendingList(completedCarts: completedCarts(), currency: snapshot.settings.currency) }
    func manualObservations(of item: ItemID?) -> [PriceObservation] { snapshot.observations.filter { item == nil || $0.item == item } }
    func record(_ observations: [PriceObservation]) { snapshot.observations += observations }
    func forget(_ observation: PriceObservation) { snapshot.observations.removeAll { $0 == observation } }
    func settings() -> Settings { snapshot.settings }
    func save(_ settings: Settings) {
        if settings.currency != snapshot.settings.currency { snapshot.relabel(to: settings.currency) }
        snapshot.settings = settings
    }

    private func upsert<T: Identifiable>(_ value: T, in list: inout [T]) {
        if let index = list.firstIndex(where: { $0.id == value.id }) { list[index] = value } else { list.append(value) }
    }
}
