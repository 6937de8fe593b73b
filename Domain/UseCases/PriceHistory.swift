/// Every price seen for an item, oldest first, with store names.
public struct PriceHistory: Sendable {
    /// One price seen by hand or paid on a trip.
    public struct Entry: Sendable, Hashable {
        /// The price, where and when it was seen, and whether by hand or on a trip.
        public let observation: PriceObservation
        /// The store's name; "unknown store" for one no longer known.
        public let storeName: String
    }

    let storage: any Storage

    /// Usually reached as `UseCases.priceHistory`.
    public init(storage: any Storage) { self.storage = storage }

    /// The item `reference` names and every price of it, oldest first (of prices seen at the
    /// same moment, those by hand first).
    /// - Throws: `DomainError.notFound` or `.ambiguous` for a reference that names no item or
    ///   several.
    public func callAsFunction(_ reference: String) async throws -> (item: Item, entries: [Entry]) {
        try await storage.read { repositories in
            let item = try Resolver(repositories: repositories).item(reference)
            let stores = Dictionary(firstByKey: try repositories.allStores().map { ($0.id, $0.name) })
            let observations = try repositories.manualObservations(of: item.id)
                + repositories.spending(of: item.id).paidObservations(of: item.id)
            let entries = observations.enumerated()
                .sorted { ($0.element.observedAt, $0.offset) < ($1.element.observedAt, $1.offset) }
                .map(\.element)
                .map { Entry(observation: $0, storeName: stores[$0.store] ?? "unknown store") }
            return (item, entries)
        }
    }
}
