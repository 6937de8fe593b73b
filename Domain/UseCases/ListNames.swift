/// The names a person refers to things of one kind by, for completing what they type: stores
/// (not removed), categories, vault items and active carts. Completed trips are left out:
/// listing them reads history, and a shell waits for this at every Tab.
public struct ListNames: Sendable {
    /// What kind of thing a name is completed for.
    public enum Kind: String, Sendable, CaseIterable {
        case carts, items, stores, categories
    }

    let storage: any Storage

    /// Usually reached as `UseCases.listNames`.
    public init(storage: any Storage) { self.storage = storage }

    /// The names of `kind` that start with `prefix` (compared case-, accent- and
    /// spacing-insensitively, like every name), sorted that way; none with a character `Echo`
    /// escapes (a control character, which no shell could take back as one word, or a direction
    /// control in a name stored before they were refused), which the terminal would get escaped.
    public func callAsFunction(_ kind: Kind, prefix: String = "") async throws -> [String] {
        let names = try await storage.read { repositories -> [String] in
            switch kind {
            case .carts: try repositories.activeCarts().map(\.name)
            case .items: try repositories.itemNames().map(\.name)
            case .stores: try repositories.allStores().filter { !$0.isRemoved }.map(\.name)
            case .categories: try repositories.allCategories().map(\.name)
            }
        }
        let start = Name.key(prefix)
        return names.map { (key: Name.key($0), name: $0) }
            .filter { $0.key.hasPrefix(start) && !$0.name.unicodeScalars.contains(where: Echo.needsEscape) }
            .sorted { $0.key < $1.key }
            .map(\.name)
    }
}
