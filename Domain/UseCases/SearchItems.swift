/// Items whose name contains the text, case- and accent-insensitively; names that start with
/// it first.
public struct SearchItems: Sendable {
    let storage: any Storage
    let clock: any Clock

    /// Usually reached as `UseCases.searchItems`; `clock` says which prices are current.
    public init(storage: any Storage, clock: any Clock) {
        self.storage = storage
        self.clock = clock
    }

    /// The items matching `text`, with their prices; every item, by name, for an empty `text`.
    public func callAsFunction(_ text: String) async throws -> [ItemDetails] {
        let key = Name.key(text)
        return try await storage.read { repositories in
            let builder = try ItemDetailsBuilder(repositories, day: clock.now().day)
            let matches = try repositories.allItems().filter { key.isEmpty || Name.key($0.name).contains(key) }
            let ranked = matches.sorted { lhs, rhs in
                let l = Name.key(lhs.name), r = Name.key(rhs.name)
                let lp = l.hasPrefix(key), rp = r.hasPrefix(key)
                return lp != rp ? lp : l < r
            }
            return try ranked.map(builder.details)
        }
    }
}
