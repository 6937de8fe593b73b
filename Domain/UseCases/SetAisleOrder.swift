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
