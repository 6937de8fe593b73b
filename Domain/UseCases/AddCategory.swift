/// Adds a category at the end of the vault's order.
public struct AddCategory: Sendable {
    let storage: any Storage
    let ids: any IdentifierSource

    /// Usually reached as `UseCases.addCategory`; `ids` names the category.
    public init(storage: any Storage, ids: any IdentifierSource) {
        self.storage = storage
        self.ids = ids
    }

    /// Adds a category at the end of the order.
    /// - Throws: `DomainError.invalidName` for `name`; `.duplicateName` when a category has it.
    public func callAsFunction(name: String) async throws -> Category {
        let name = try Name.validated(name, kind: "category")
        return try await storage.write { repositories in
            let categories = try repositories.allCategories()
            try requireUnique(name, kind: "category", among: categories.map(\.name))
            let category = Category(id: CategoryID(ids.makeIdentifier()), name: name, sortOrder: Category.orderAfter(categories))
            try repositories.save(category)
            return Change(category, summary: "added category \(name)")
        }
    }
}
