/// Adds a store; adding the name of a removed store brings that store back.
public struct AddStore: Sendable {
    let storage: any Storage
    let clock: any Clock
    let ids: any IdentifierSource

    /// Usually reached as `UseCases.addStore`; `clock` stamps its creation, `ids` names it.
    public init(storage: any Storage, clock: any Clock, ids: any IdentifierSource) {
        self.storage = storage
        self.clock = clock
        self.ids = ids
    }

    /// Adds the store `name`, or brings back the removed store of that name with its aisle order
    /// and receipt names.
    /// - Returns: the store added or brought back.
    /// - Throws: `DomainError.invalidName` for `name`; `.duplicateName` when a store has it.
    public func callAsFunction(name: String) async throws -> Store {
        let name = try Name.validated(name, kind: "store")
        return try await storage.write { repositories in
            let stores = try repositories.allStores()
            if var removed = stores.first(where: { $0.isRemoved && Name.key($0.name) == Name.key(name) }) {
                removed.isRemoved = false
                removed.name = name
                try repositories.save(removed)
                return Change(removed, summary: "added store \(name)")
            }
            try requireUnique(name, kind: "store", among: stores.filter { !$0.isRemoved }.map(\.name))
            let store = Store(id: StoreID(ids.makeIdentifier()), name: name, createdAt: clock.now())
            try repositories.save(store)
            return Change(store, summary: "added store \(name)")
        }
    }
}

/// Renames a store; history, which keeps stores by id, shows the new name.
public struct RenameStore: Sendable {
    let storage: any Storage

    /// Usually reached as `UseCases.renameStore`.
    public init(storage: any Storage) { self.storage = storage }

    /// Renames the store `reference` names to `newName`.
    /// - Returns: the store, with the name it had before.
    /// - Throws: `DomainError.invalidName` for `newName`; `.notFound` or `.ambiguous` for a
    ///   reference that names no store or several; `.duplicateName` when another store has it.
    public func callAsFunction(_ reference: String, to newName: String) async throws -> Renamed<Store> {
        let newName = try Name.validated(newName, kind: "store")
        return try await storage.write { repositories in
            var store = try Resolver(repositories: repositories).store(reference)
            let others = try repositories.allStores().filter { !$0.isRemoved && $0.id != store.id }
            try requireUnique(newName, kind: "store", among: others.map(\.name))
            let oldName = store.name
            store.name = newName
            try repositories.save(store)
            return Change(Renamed(value: store, oldName: oldName), summary: "renamed store \(oldName) to \(newName)")
        }
    }
}

/// Removes a store: its prices leave the vault and active carts stop planning to buy there
/// (those lines move to the cheapest other store). History keeps naming it. Refused while an
/// active trip has a purchase logged at it.
public struct RemoveStore: Sendable {
    let storage: any Storage
    let clock: any Clock

    /// Usually reached as `UseCases.removeStore`; `clock` gives the day lines are re-planned on.
    public init(storage: any Storage, clock: any Clock) {
        self.storage = storage
        self.clock = clock
    }

    /// Removes the store `reference` names.
    /// - Returns: the store, marked removed.
    /// - Throws: `DomainError.notFound` or `.ambiguous` for a reference that names no store or
    ///   several; `.storeInUse` while an active trip has a purchase logged at it.
    public func callAsFunction(_ reference: String) async throws -> Store {
        try await storage.write { repositories in
            var store = try Resolver(repositories: repositories).store(reference)
            let carts = try repositories.activeCarts()
            if let cart = carts.first(where: { $0.lines.contains { $0.isFulfilled && $0.actualStore == store.id } }) {
                throw DomainError.storeInUse(store: store.name, cart: cart.name)
            }
            for var item in try repositories.allItems() where item.priceOption(at: store.id) != nil {
                item.prices.removeAll { $0.store == store.id }
                try repositories.save(item)
            }
            let day = clock.now().day
            let remaining = Set(try repositories.allStores().filter { !$0.isRemoved && $0.id != store.id }.map(\.id))
            for var cart in carts where cart.lines.contains(where: { $0.plannedStore == store.id }) {
                for line in cart.lines where line.plannedStore == store.id {
                    let item = try repositories.item(line.itemID)
                    try cart.update(try LinePlanner.replan(line, item: item, store: nil, among: remaining, on: day, storeNames: nil))
                }
                try repositories.save(cart)
            }
            store.isRemoved = true
            try repositories.save(store)
            return Change(store, summary: "removed store \(store.name)")
        }
    }
}

/// The stores that are not removed, by name.
public struct ListStores: Sendable {
    let storage: any Storage

    /// Usually reached as `UseCases.listStores`.
    public init(storage: any Storage) { self.storage = storage }

    /// The stores a person can still plan at, sorted by name as names compare.
    public func callAsFunction() async throws -> [Store] {
        try await storage.read { try $0.allStores().filter { !$0.isRemoved }.sorted { Name.key($0.name) < Name.key($1.name) } }
    }
}

/// Shows or sets the order in which a store's aisles are walked, as categories.
public struct SetAisleOrder: Sendable {
    let storage: any Storage

    /// Usually reached as `UseCases.setAisleOrder`.
    public init(storage: any Storage) { self.storage = storage }

    /// Sets the order to `categories` (names or ids); categories not named follow in their
    /// global order.
    /// - Returns: the store and the full resulting order.
    /// - Throws: `DomainError.notFound` or `.ambiguous` for a store or category that matches
    ///   none or several.
    public func callAsFunction(store reference: String, categories: [String]) async throws -> (store: Store, order: [Category]) {
        try await storage.write { repositories in
            let resolver = Resolver(repositories: repositories)
            var store = try resolver.store(reference)
            var order: [CategoryID] = []
            for name in categories {
                let category = try resolver.category(name)
                if !order.contains(category.id) { order.append(category.id) }
            }
            store.aisleOrder = order
            try repositories.save(store)
            let full = AisleOrder(store: store, categories: try repositories.allCategories()).categories
            return Change((store, full), summary: "set the aisle order of \(store.name)")
        }
    }

    /// The store's full aisle order without changing it.
    /// - Throws: `DomainError.notFound` or `.ambiguous` for a reference that names no store or
    ///   several.
    public func current(store reference: String) async throws -> (store: Store, order: [Category]) {
        try await storage.read { repositories in
            let store = try Resolver(repositories: repositories).store(reference)
            return (store, AisleOrder(store: store, categories: try repositories.allCategories()).categories)
        }
    }
}

/// The order a store's categories are walked in: the store's own order first, then the rest
/// in the vault's order.
public struct AisleOrder: Sendable {
    /// Every category, each once, in walking order.
    public let categories: [Category]
    /// The first position of each category's `Name.key`, so that placing a line costs one
    /// look-up rather than a key for every category.
    private let positions: [String: Int]

    /// The order `store` walks `all` in; without a store, the vault's own order.
    public init(store: Store?, categories all: [Category]) {
        let sorted = all.sorted { $0.sortOrder < $1.sortOrder }
        let own = (store?.aisleOrder ?? []).compactMap { id in sorted.first { $0.id == id } }
        categories = own + sorted.filter { category in !own.contains { $0.id == category.id } }
        var positions: [String: Int] = [:]
        for (position, category) in categories.enumerated() where positions[Name.key(category.name)] == nil {
            positions[Name.key(category.name)] = position
        }
        self.positions = positions
    }

    /// Where a category name comes in this order; unknown names (impulse buys) come last.
    public func position(ofCategoryNamed name: String?) -> Int {
        guard let name else { return categories.count }
        return positions[Name.key(name)] ?? categories.count
    }
}
