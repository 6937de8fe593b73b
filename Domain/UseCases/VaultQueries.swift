/// An item's price at one store, as the vault shows it.
public struct StorePrice: Sendable, Hashable {
    public let store: Store
    public let current: CurrentPrice?
    /// The price per kg, l, each or pack, for comparing sizes.
    public let normalised: UnitPrice?
    /// The last price known, even when an expired promotion left no current price.
    public let unit: MeasureUnit
    /// What the store's prices are per: the unit, or a pack with what it holds.
    public let basis: PriceUnit
    public let isCheapest: Bool
}

/// An item with everything the vault knows about its prices.
public struct ItemDetails: Sendable, Hashable {
    public let item: Item
    public let category: Category?
    /// One row per store, cheapest first; stores with no current price last.
    public let prices: [StorePrice]
    public var cheapest: StorePrice? { prices.first(where: \.isCheapest) }
}

/// One category of the vault with its items.
public struct VaultSection: Sendable, Hashable {
    public let category: Category
    public let items: [ItemDetails]
}

/// Builds `ItemDetails` for the vault queries.
struct ItemDetailsBuilder {
    let stores: [StoreID: Store]
    let categories: [CategoryID: Category]
    let day: Day

    init(_ repositories: any Repositories, day: Day) throws {
        stores = Dictionary(firstByKey: try repositories.allStores().map { ($0.id, $0) })
        categories = Dictionary(firstByKey: try repositories.allCategories().map { ($0.id, $0) })
        self.day = day
    }

    func details(_ item: Item) throws -> ItemDetails {
        let visible = Set(stores.values.filter { !$0.isRemoved }.map(\.id))
        let cheapest = item.cheapestCurrentPrice(on: day, among: visible)?.store
        let rows = try item.prices.compactMap { option -> StorePrice? in
            guard let store = stores[option.store], !store.isRemoved else { return nil }
            let current = option.currentPrice(on: day)
            return StorePrice(store: store, current: current, normalised: try current?.unitPrice.normalised(),
                              unit: option.unit, basis: option.basis, isCheapest: option.store == cheapest)
        }
        let sorted = rows.sorted { lhs, rhs in
            switch (lhs.normalised, rhs.normalised) {
            case let (l?, r?): l.isCheaper(than: r) ?? (l.unit.rawValue < r.unit.rawValue)
            case (.some, nil): true
            case (nil, .some): false
            case (nil, nil): Name.key(lhs.store.name) < Name.key(rhs.store.name)
            }
        }
        return ItemDetails(item: item, category: categories[item.categoryID], prices: sorted)
    }
}

/// The vault: categories in order with their items by name; optionally one category only.
public struct BrowseVault: Sendable {
    let storage: any Storage
    let clock: any Clock

    public init(storage: any Storage, clock: any Clock) {
        self.storage = storage
        self.clock = clock
    }

    public func callAsFunction(category: String? = nil) async throws -> [VaultSection] {
        try await storage.read { repositories in
            let builder = try ItemDetailsBuilder(repositories, day: clock.now().day)
            let only = try category.map { try Resolver(repositories: repositories).category($0).id }
            let items = try repositories.allItems()
            return try repositories.allCategories().filter { only == nil || $0.id == only }.map { category in
                let members = items.filter { $0.categoryID == category.id }.sorted { Name.key($0.name) < Name.key($1.name) }
                return VaultSection(category: category, items: try members.map(builder.details))
            }
        }
    }
}

/// Items whose name contains the text, case- and accent-insensitively; names that start with
/// it first.
public struct SearchItems: Sendable {
    let storage: any Storage
    let clock: any Clock

    public init(storage: any Storage, clock: any Clock) {
        self.storage = storage
        self.clock = clock
    }

    public func callAsFunction(_ text: String) async throws -> [ItemDetails] {
        let key = Name.key(text)
        return try await storage.read { repositories in
            let builder = try ItemDetailsBuilder(repositories, day: clock.now().day)
            let matches = try repositories.allItems().filter { key.isEmpty || Name.key($0.name).contains(key) }
            let ranked = matches.sorted { lhs, rhs in
                let l = Name.key(lhs.name), r = Name.key(rhs.name)
                let lp = l.hasPrefix(key), rp = r.hasPrefix(key)
                return lp != rp ? lp : l < r
            }
            return try ranked.map(builder.details)
        }
    }
}

/// One item with its prices at every store.
public struct ShowItem: Sendable {
    let storage: any Storage
    let clock: any Clock

    public init(storage: any Storage, clock: any Clock) {
        self.storage = storage
        self.clock = clock
    }

    public func callAsFunction(_ reference: String) async throws -> ItemDetails {
        try await storage.read { repositories in
            let item = try Resolver(repositories: repositories).item(reference)
            return try ItemDetailsBuilder(repositories, day: clock.now().day).details(item)
        }
    }
}

/// Every price seen for an item, oldest first, with store names.
public struct PriceHistory: Sendable {
    public struct Entry: Sendable, Hashable {
        public let observation: PriceObservation
        public let storeName: String
    }

    let storage: any Storage

    public init(storage: any Storage) { self.storage = storage }

    public func callAsFunction(_ reference: String) async throws -> (item: Item, entries: [Entry]) {
        try await storage.read { repositories in
            let item = try Resolver(repositories: repositories).item(reference)
            let stores = Dictionary(firstByKey: try repositories.allStores().map { ($0.id, $0.name) })
            let observations = try repositories.manualObservations(of: item.id) + repositories.spending(of: item.id).paidObservations(of: item.id)
            let entries = observations.enumerated().sorted { ($0.element.observedAt, $0.offset) < ($1.element.observedAt, $1.offset) }.map(\.element)
                .map { Entry(observation: $0, storeName: stores[$0.store] ?? "unknown store") }
            return (item, entries)
        }
    }
}
