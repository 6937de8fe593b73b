/// Deletes an item from the vault. Its lines on carts stay (by name, without a vault price),
/// and its price history stays in history; the receipt names learned for it go.
public struct DeleteItem: Sendable {
    let storage: any Storage

    /// Usually reached as `UseCases.deleteItem`.
    public init(storage: any Storage) { self.storage = storage }

    /// Deletes the item `reference` names from the vault.
    /// - Returns: the item as it was.
    /// - Throws: `DomainError.notFound` or `.ambiguous` for a reference that names no item or
    ///   several.
    public func callAsFunction(_ reference: String) async throws -> Item {
        try await storage.write { repositories in
            let item = try Resolver(repositories: repositories).item(reference)
            try repositories.deleteItem(item.id)
            for var store in try repositories.allStores() where store.receiptNames.values.contains(item.id) {
                store.receiptNames = store.receiptNames.filter { $0.value != item.id }
                try repositories.save(store)
            }
            return Change(item, summary: "removed \(item.name) from the vault")
        }
    }
}
