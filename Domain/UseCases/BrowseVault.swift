/// The vault: categories in order with their items by name; optionally one category only.
public struct BrowseVault: Sendable {
    let storage: any Storage
    let clock: any Clock

    /// Usually reached as `UseCases.browseVault`; `clock` says which prices are current.
    public init(storage: any Storage, clock: any Clock) {
        self.storage = storage
        self.clock = clock
    }

    /// The vault's sections, or the one of `category` (a name or id) when given; a category with
    /// no items has an empty section.
    /// - Throws: `DomainError.notFound` or `.ambiguous` for a category that matches none or
    ///   several.
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
