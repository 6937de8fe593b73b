/// One item with its prices at every store.
public struct ShowItem: Sendable {
    let storage: any Storage
    let clock: any Clock

    /// Usually reached as `UseCases.showItem`; `clock` says which prices are current.
    public init(storage: any Storage, clock: any Clock) {
        self.storage = storage
        self.clock = clock
    }

    /// The item `reference` names, with its price at every store not removed.
    /// - Throws: `DomainError.notFound` or `.ambiguous` for a reference that names no item or
    ///   several.
    public func callAsFunction(_ reference: String) async throws -> ItemDetails {
        try await storage.read { repositories in
            let item = try Resolver(repositories: repositories).item(reference)
            return try ItemDetailsBuilder(repositories, day: clock.now().day).details(item)
        }
    }
}
