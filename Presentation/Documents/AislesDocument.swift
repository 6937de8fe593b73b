import Domain

/// A store's aisle order as data: every category in the order it is walked.
public struct AislesDocument: Encodable, Sendable, Hashable {
    /// The store's name.
    public let store: String
    /// The categories in walking order.
    public let aisles: [String]
    /// Those of `aisles` the store's own order leaves out: they follow the default order.
    public let defaultOrder: [String]

    /// The document of `store`'s full walking order (`SetAisleOrder`'s answer).
    public init(store: Store, order: [Category]) {
        self.store = store.name
        aisles = order.map(\.name)
        defaultOrder = order.filter { !store.aisleOrder.contains($0.id) }.map(\.name)
    }
}
