/// Moves a vault item to another category; the lines of active carts follow.
public struct MoveItem: Sendable {
    let storage: any Storage

    /// Usually reached as `UseCases.moveItem`.
    public init(storage: any Storage) { self.storage = storage }

    /// Puts the item `reference` names in `category` (a name or id).
    /// - Throws: `DomainError.notFound` or `.ambiguous` for an item or category that matches none
    ///   or several.
    public func callAsFunction(_ reference: String, toCategory category: String) async throws -> Item {
        try await storage.write { repositories in
            let resolver = Resolver(repositories: repositories)
            var item = try resolver.item(reference)
            let category = try resolver.category(category)
            item.categoryID = category.id
            try repositories.save(item)
            try updateActiveLines(of: item.id, in: repositories) { $0.categoryName = category.name }
            return Change(item, summary: "moved \(item.name) to \(category.name)")
        }
    }
}
