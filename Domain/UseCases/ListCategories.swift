/// The categories in order, with how many items each holds.
public struct ListCategories: Sendable {
    let storage: any Storage

    /// Usually reached as `UseCases.listCategories`.
    public init(storage: any Storage) { self.storage = storage }

    /// Every category in the vault's order, with the number of vault items in it.
    public func callAsFunction() async throws -> [(category: Category, itemCount: Int)] {
        try await storage.read { repositories in
            let items = try repositories.itemNames()
            return try repositories.allCategories().map { category in (category, items.count { $0.categoryID == category.id }) }
        }
    }
}
