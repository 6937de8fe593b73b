import Domain
import Synchronization

/// A storage that keeps whatever it is given unchecked, as a damaged or hand-edited file could
/// hold it: control characters in the names of an active cart, which the file store, and so
/// DataLayer's `InMemoryStorage` (the file store's codecs in memory), refuses when it reads them.
/// It exists for that alone, for `TerminalSafetyTests` (what the screens make of such names);
/// every other test uses `InMemoryStorage`. Domain values in memory, whole-snapshot transactions,
/// held otherwise to the same contract as the real storages (`StorageContractTests`).
public final class UncheckedStorage: Storage {
    struct Snapshot {
        var stores: [Store] = []
        var categories: [Category] = []
        var items: [Item] = []
        var carts: [Cart] = []
        var observations: [PriceObservation] = []
        var settings = Settings()
    }

    private let state = Mutex((current: Snapshot(), undo: [(Snapshot, String)]()))
    /// Every subscription ever made: a test's storage lives no longer than the test.
    private let subscribers = Mutex([AsyncStream<StorageChange>.Continuation]())

    public init() {}

    public func read<T>(_ body: sending (any Repositories) throws -> T) async throws -> sending T {
        try body(UncheckedRepositories(state.withLock { $0.current }))
    }

    public func write<T>(_ body: sending (any Repositories) throws -> Change<T>) async throws -> sending T {
        let (value, summary) = try state.withLock { state in
            let repositories = UncheckedRepositories(state.current)
            let change = try body(repositories)
            state.undo.append((state.current, change.summary))
            state.current = repositories.snapshot
            return (change.value, change.summary)
        }
        announce(summary)
        return value
    }

    public func readWithHistory<T>(_ body: sending (any Repositories, any HistoryReader) throws -> T) async throws -> sending T {
        try await read { repositories in try body(repositories, RepositoryHistory(repositories: repositories)) }
    }

    public func undoLastChange() async throws -> String {
        let summary = try state.withLock { state in
            guard let (previous, summary) = state.undo.popLast() else { throw DomainError.nothingToUndo }
            state.current = previous
            return summary
        }
        announce("undid \(summary)")
        return summary
    }

    public func eraseEverything() async throws {
        state.withLock { $0 = (Snapshot(), []) }
        announce("erased everything")
    }

    /// Each subscriber is told of each change made here, as the real storages tell theirs.
    public func changes() -> AsyncStream<StorageChange> {
        let (stream, continuation) = AsyncStream.makeStream(of: StorageChange.self)
        subscribers.withLock { $0.append(continuation) }
        return stream
    }

    private func announce(_ summary: String) {
        for subscriber in subscribers.withLock({ $0 }) { subscriber.yield(StorageChange(origin: .here, summary: summary)) }
    }
}

final class UncheckedRepositories: Repositories {
    var snapshot: UncheckedStorage.Snapshot

    init(_ snapshot: UncheckedStorage.Snapshot) { self.snapshot = snapshot }

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
    func save(_ cart: Cart) throws {
        // As the real storages count spending: a trip that takes all of it past 64 bits is refused.
        if !cart.status.isActive {
            let others = snapshot.carts.filter { !$0.status.isActive && $0.id != cart.id }
            _ = try Money.sum((others + [cart]).map { try $0.actualTotal() }, currency: cart.currency)
        }
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
    private func allSpending() throws -> SpendingList {
        try SpendingList(completedCarts: completedCarts(), currency: snapshot.settings.currency) }
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

/// A currency change: every stored amount takes the new currency's label, as the real storages
/// do (they keep amounts in minor units and label them on reading, so a change of currency
/// relabels without converting, `ChangeCurrency`). This storage keeps Domain values, each amount
/// with its currency, so it relabels them when the settings change.
extension UncheckedStorage.Snapshot {
    mutating func relabel(to currency: Currency) {
        func relabelled(_ money: Money) -> Money { Money(minorUnits: money.minorUnits, currency: currency) }
        func relabelled(_ quote: PriceQuote) -> PriceQuote { PriceQuote(price: relabelled(quote.price), observedAt: quote.observedAt) }
        items = items.map { item in
            var item = item
            item.prices = item.prices.map { option in
                var option = option
                option.regular = option.regular.map(relabelled)
                option.promotion = option.promotion.map { Promotion(quote: relabelled($0.quote), until: $0.until) }
                return option
            }
            return item
        }
        carts = carts.map { cart in
            let lines = cart.lines.map { line in
                var line = line
                line.plannedPrice = line.plannedPrice.map(relabelled)
                line.actualPrice = line.actualPrice.map(relabelled)
                return line
            }
            return Cart(id: cart.id, name: cart.name, budget: cart.budget.map(relabelled), currency: currency, status: cart.status,
                        createdAt: cart.createdAt, startedAt: cart.startedAt, completedAt: cart.completedAt, lines: lines)
        }
        observations = observations.map { seen in
            PriceObservation(item: seen.item, store: seen.store, price: UnitPrice(relabelled(seen.price.price), per: seen.price.basis),
                             observedAt: seen.observedAt, source: seen.source, isPromotion: seen.isPromotion)
        }
    }
}
