/// One item with its prices at every store.
public struct ShowItem: Sendable {
    let storage: any Storage
    let clock: any Clock

    public init(storage: any Storage, clock: any Clock) {
        self.storage = storage
        self.clock = clock
    }

    public func callAsFunction(_ reference: String) async throws -> ItemDetails {
        try await storage.read { repositories in
            let item = try Resolver(repositories: repositories).item(reference)
            return try ItemDetailsBuilder(repositories, day: clock.now().day).details(item)
        }
    }
}
