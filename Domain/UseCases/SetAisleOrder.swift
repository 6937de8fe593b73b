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
