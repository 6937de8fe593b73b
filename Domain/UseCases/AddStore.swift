/// Adds a store; adding the name of a removed store brings that store back.
public struct AddStore: Sendable {
    let storage: any Storage
    let clock: any Clock
    let ids: any IdentifierSource

    /// Usually reached as `UseCases.addStore`; `clock` stamps its creation, `ids` names it.
    public init(storage: any Storage, clock: any Clock, ids: any IdentifierSource) {
        self.storage = storage
        self.clock = clock
        self.ids = ids
    }

    /// Adds the store `name`, or brings back the removed store of that name with its aisle order
    /// and receipt names.
    /// - Returns: the store added or brought back.
    /// - Throws: `DomainError.invalidName` for `name`; `.duplicateName` when a store has it.
    public func callAsFunction(name: String) async throws -> Store {
        let name = try Name.validated(name, kind: "store")
        return try await storage.write { repositories in
            let stores = try repositories.allStores()
            // A store of that name in use first: two devices may each hold one, one removed (merged
            // from a device that removed it while the other added it again).
            try requireUnique(name, kind: "store", among: stores.filter { !$0.isRemoved }.map(\.name))
            if var removed = stores.first(where: { $0.isRemoved && Name.key($0.name) == Name.key(name) }) {
                removed.isRemoved = false
                removed.name = name
                try repositories.save(removed)
                return Change(removed, summary: "added store \(name)")
            }
            let store = Store(id: StoreID(ids.makeIdentifier()), name: name, createdAt: clock.now())
            try repositories.save(store)
            return Change(store, summary: "added store \(name)")
        }
    }
}
