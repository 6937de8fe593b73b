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
