/// Renames a vault item; the lines of active carts follow, completed trips keep the old name.
public struct RenameItem: Sendable {
    let storage: any Storage

    /// Usually reached as `UseCases.renameItem`.
    public init(storage: any Storage) { self.storage = storage }

    /// Renames the item, and its lines on active carts.
    /// - Returns: the item, with the name it had before.
    /// - Throws: `DomainError.invalidName` for `newName`; `.notFound` or `.ambiguous` for a
    ///   reference that names no item or several; `.duplicateName` when another item has it.
    public func callAsFunction(_ reference: String, to newName: String) async throws -> Renamed<Item> {
        let newName = try Name.validated(newName, kind: "item")
        return try await storage.write { repositories in
            var item = try Resolver(repositories: repositories).item(reference)
            try requireUnique(newName, kind: "item", among: try repositories.itemNames().filter { $0.id != item.id }.map(\.name))
            let oldName = item.name
            item.name = newName
            try repositories.save(item)
            try updateActiveLines(of: item.id, in: repositories) { $0.name = newName }
            return Change(Renamed(value: item, oldName: oldName), summary: "renamed item \(oldName) to \(newName)")
        }
    }
}
