import Domain

/// A store as data.
public struct StoreDocument: Encodable, Sendable, Hashable {
    public let id, name, created: String

    public init(_ store: Store) {
        id = store.id.rawValue
        name = store.name
        created = store.createdAt.day.description
    }
}

extension StoresViewModel {
    /// The stores as data.
    public var documents: [StoreDocument] { stores.map(StoreDocument.init) }
}
