// Repository protocols answer the questions use cases ask. They are used inside one
// `Storage.read` or `Storage.write` call, which gives them a consistent view of the data and,
// for writes, makes every change of the call land together or not at all.

/// The shops, removed ones included (history still names them).
public protocol StoreRepository: AnyObject {
    func allStores() throws -> [Store]
    func save(_ store: Store) throws
}

/// The vault's categories.
public protocol CategoryRepository: AnyObject {
    /// Every category, in sort order.
    func allCategories() throws -> [Category]
    func save(_ category: Category) throws
    func deleteCategory(_ id: CategoryID) throws
}

/// An item's identity, name and category: what finding an item by name needs, without its
/// prices.
public struct ItemName: Sendable, Hashable {
    public let id: ItemID
    public let name: String
    public let categoryID: CategoryID

    public init(id: ItemID, name: String, categoryID: CategoryID) {
        self.id = id
        self.name = name
        self.categoryID = categoryID
    }
}

/// The vault's items.
public protocol ItemRepository: AnyObject {
    func allItems() throws -> [Item]
    /// Every item's name and category; a storage may answer this without reading prices.
    func itemNames() throws -> [ItemName]
    /// The items whose name has `key` (`Name.key`): none or one, unless names clash; a storage
    /// may answer this without reading every name.
    func itemNames(withKey key: String) throws -> [ItemName]
    func item(_ id: ItemID) throws -> Item?
    func save(_ item: Item) throws
    func deleteItem(_ id: ItemID) throws
}

extension ItemRepository {
    public func itemNames(withKey key: String) throws -> [ItemName] {
        try itemNames().filter { Name.key($0.name) == key }
    }
}

/// Carts: the active ones are cheap to reach; completed ones are history.
public protocol CartRepository: AnyObject {
    /// Planning and shopping carts, oldest first. Does not read history.
    func activeCarts() throws -> [Cart]
    /// Completed carts, in the order they were completed, whole. Reads all of history: for
    /// backups; everything else asks `completedTrips()` or `spending()`.
    func completedCarts() throws -> [Cart]
    /// Completed trips in brief, in the order they were completed.
    func completedTrips() throws -> [TripSummary]
    /// What completed trips spent per month, in month order; a storage may keep this up to date
    /// so that it costs nothing to ask.
    func spendingByMonth() throws -> [MonthSpending]
    /// Completed trips and their bought lines, for insights, exports and price history.
    func spending() throws -> any Spending
    /// The bought lines of one item only, with the trips they were bought on.
    func spending(of item: ItemID) throws -> any Spending
    /// One cart, active or completed.
    func cart(_ id: CartID) throws -> Cart?
    /// Stores the cart; its status decides whether it is active or history.
    func save(_ cart: Cart) throws
    func deleteCart(_ id: CartID) throws
}

/// Prices seen on shelves and in flyers. Prices paid on trips are not recorded here: they
/// are the completed carts' own lines (`Spending.paidObservations`), so a reopened or
/// deleted trip takes its prices with it.
public protocol PriceHistoryRepository: AnyObject {
    /// The prices recorded by hand, in the order recorded; all items when `item` is nil.
    func manualObservations(of item: ItemID?) throws -> [PriceObservation]
    /// Records prices seen by hand (source `.manual`).
    func record(_ observations: [PriceObservation]) throws
    /// Takes a price seen by hand out of the history (a wrong one): every equal one recorded
    /// before no longer counts.
    func forget(_ observation: PriceObservation) throws
}

public protocol SettingsRepository: AnyObject {
    func settings() throws -> Settings
    func save(_ settings: Settings) throws
}

/// All repositories over one consistent view of the data.
public typealias Repositories = StoreRepository & CategoryRepository & ItemRepository & CartRepository
    & PriceHistoryRepository & SettingsRepository

/// The result of a change and the sentence that describes it for undo ("removed Milk from Weekly").
public struct Change<Value> {
    public let value: Value
    public let summary: String

    public init(_ value: Value, summary: String) {
        self.value = value
        self.summary = summary
    }
}

/// The port to wherever the data lives: a file store, memory, or a server some day.
///
/// Every call is `async`: a storage may wait for another process without holding its caller
/// (the wait ends early, throwing `CancellationError`, when the caller's task is cancelled),
/// and may do its work off the caller's actor. The bodies run synchronously inside one call,
/// over repositories that live only as long as it.
public protocol Storage: Sendable {
    /// Runs `body` over a consistent view of the data. What `body` saves through the
    /// repositories it sees itself, and nothing stores it (a dry run relies on this).
    func read<T>(_ body: sending (any Repositories) throws -> T) async throws -> sending T

    /// Runs `body` as one atomic, durable, undoable change. When `body` throws, nothing is stored.
    func write<T>(_ body: sending (any Repositories) throws -> Change<T>) async throws -> sending T

    /// Takes back the most recent change that has not been undone.
    /// - Returns: the summary of the change taken back.
    /// - Throws: `DomainError.nothingToUndo` when there is none.
    func undoLastChange() async throws -> String

    /// Deletes all data, history and undo included. Cannot be undone.
    func eraseEverything() async throws

    /// Runs `body` like `read`, with a reader that hands over history one record at a time, so
    /// that a backup of any size is written without holding history in memory. A storage
    /// checks history whole before `body` runs, so damage stops the read before `body` has
    /// done anything.
    ///
    /// Deliberately without a default: a storage that wraps another must pass this on, or a
    /// backup would quietly read history whole. One that holds history in memory anyway may
    /// answer with `RepositoryHistory`.
    func readWithHistory<T>(_ body: sending (any Repositories, any HistoryReader) throws -> T) async throws -> sending T

    /// The changes committed from now on, as they happen: through this storage, and (for a
    /// storage others can change, such as a shared directory) by anyone else, noticed within
    /// the storage's polling interval. Each call is a new subscription; it ends when the
    /// consumer stops iterating.
    func changes() -> AsyncStream<StorageChange>
}

/// A change to the data that a live screen should show: the new state is read afresh.
public struct StorageChange: Sendable, Hashable {
    /// Who made it.
    public enum Origin: String, Sendable, Hashable {
        /// A change committed through this very storage object (this front, this process).
        case here
        /// A change found in the data that someone else committed (another process of Grock).
        case elsewhere
    }

    public let origin: Origin
    /// The undo summary of a change made here ("added Milk to Weekly", "undid …"); nil for one
    /// made elsewhere, which is only seen to have happened.
    public let summary: String?

    public init(origin: Origin, summary: String?) {
        self.origin = origin
        self.summary = summary
    }
}

/// History one record at a time, in the order it was written: what `Storage.readWithHistory`
/// hands over. Each walk reads history afresh; a storage keeps no more of it in memory than
/// one cart.
public protocol HistoryReader {
    /// Calls `body` with every completed cart, whole, in the order of `completedCarts()`.
    func forEachCompletedCart(_ body: (Cart) throws -> Void) throws
    /// Calls `body` with every price recorded by hand, in the order of `manualObservations(of: nil)`.
    func forEachManualObservation(_ body: (PriceObservation) throws -> Void) throws
}

/// `HistoryReader` over the repositories' whole-history questions, all at once: for a storage
/// that holds history in memory anyway.
public struct RepositoryHistory: HistoryReader {
    let repositories: any Repositories

    public init(repositories: any Repositories) { self.repositories = repositories }

    public func forEachCompletedCart(_ body: (Cart) throws -> Void) throws {
        for cart in try repositories.completedCarts() { try body(cart) }
    }

    public func forEachManualObservation(_ body: (PriceObservation) throws -> Void) throws {
        for observation in try repositories.manualObservations(of: nil) { try body(observation) }
    }
}
