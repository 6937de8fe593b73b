/// Deletes an empty category; one that still holds items is refused, so nothing is lost by
/// accident (move or remove the items first).
public struct DeleteCategory: Sendable {
    let storage: any Storage

    /// Usually reached as `UseCases.deleteCategory`.
    public init(storage: any Storage) { self.storage = storage }

    /// Deletes the category `reference` names, and its place in every store's aisle order.
    /// - Returns: the category as it was.
    /// - Throws: `DomainError.notFound` or `.ambiguous` for a reference that names no category
    ///   or several; `.categoryNotEmpty` while items are in it.
    public func callAsFunction(_ reference: String) async throws -> Category {
        try await storage.write { repositories in
            let category = try Resolver(repositories: repositories).category(reference)
            let count = try repositories.itemNames().count { $0.categoryID == category.id }
            guard count == 0 else { throw DomainError.categoryNotEmpty(name: category.name, itemCount: count) }
            try repositories.deleteCategory(category.id)
            for var store in try repositories.allStores() where store.aisleOrder.contains(category.id) {
                store.aisleOrder.removeAll { $0 == category.id }
                try repositories.save(store)
            }
            return Change(category, summary: "removed category \(category.name)")
        }
    }
}
