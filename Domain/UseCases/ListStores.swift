/// The stores that are not removed, by name.
public struct ListStores: Sendable {
    let storage: any Storage

    /// Usually reached as `UseCases.listStores`.
    public init(storage: any Storage) { self.storage = storage }

    /// The stores a person can still plan at, sorted by name as names compare.
    public func callAsFunction() async throws -> [Store] {
        try await storage.read { try $0.allStores().filter { !$0.isRemoved }.sorted { Name.key($0.name) < Name.key($1.name) } }
    }
}
