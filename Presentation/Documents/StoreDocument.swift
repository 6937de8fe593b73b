import Domain

/// A store as data.
public struct StoreDocument: Encodable, Sendable, Hashable {
    /// `id`: what names the store through renames; `name`: as the user gave it; `created`: the
    /// day it was added, `YYYY-MM-DD`.
    public let id, name, created: String

    /// The document of a store.
    public init(_ store: Store) {
        id = store.id.rawValue
        name = store.name
        created = store.createdAt.day.description
    }
}
