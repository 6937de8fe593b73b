/// Renames a category; the lines already on carts keep the name they were given.
public struct RenameCategory: Sendable {
    let storage: any Storage

    /// Usually reached as `UseCases.renameCategory`.
    public init(storage: any Storage) { self.storage = storage }

    /// Renames the category `reference` names to `newName`.
    /// - Returns: the category, with the name it had before.
    /// - Throws: `DomainError.invalidName` for `newName`; `.notFound` or `.ambiguous` for a
    ///   reference that names no category or several; `.duplicateName` when another category
    ///   has it.
    public func callAsFunction(_ reference: String, to newName: String) async throws -> Renamed<Category> {
        let newName = try Name.validated(newName, kind: "category")
        return try await storage.write { repositories in
            var category = try Resolver(repositories: repositories).category(reference)
            try requireUnique(newName, kind: "category",
                              among: try repositories.allCategories().filter { $0.id != category.id }.map(\.name))
            let oldName = category.name
            category.name = newName
            try repositories.save(category)
            return Change(Renamed(value: category, oldName: oldName), summary: "renamed category \(oldName) to \(newName)")
        }
    }
}
