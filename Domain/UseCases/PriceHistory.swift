/// Every price seen for an item, oldest first, with store names.
public struct PriceHistory: Sendable {
    public struct Entry: Sendable, Hashable {
        public let observation: PriceObservation
        public let storeName: String
    }

    let storage: any Storage

    public init(storage: any Storage) { self.storage = storage }

    public func callAsFunction(_ reference: String) async throws -> (item: Item, entries: [Entry]) {
        try await storage.read { repositories in
            let item = try Resolver(repositories: repositories).item(reference)
            let stores = Dictionary(firstByKey: try repositories.allStores().map { ($0.id, $0.name) })
            let observations = try repositories.manualObservations(of: item.id) + repositories.spending(of: item.id).paidObservations(of: item.id)
            let entries = observations.enumerated().sorted { ($0.element.observedAt, $0.offset) < ($1.element.observedAt, $1.offset) }.map(\.element)
                .map { Entry(observation: $0, storeName: stores[$0.store] ?? "unknown store") }
            return (item, entries)
        }
    }
}
