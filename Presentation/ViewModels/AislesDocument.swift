import Domain

/// A store's aisle order as data: every category in the order it is walked.
public struct AislesDocument: Encodable, Sendable, Hashable {
    public struct Aisle: Encodable, Sendable, Hashable {
        /// 1 for the first category walked.
        public let position: Int
        public let category: String
        /// Whether the store's own order leaves it out, so it follows the default order.
        public let defaultOrder: Bool
    }

    public let store: String
    public let aisles: [Aisle]

    public init(store: Store, order: [Category]) {
        self.store = store.name
        aisles = order.enumerated().map { index, category in
            Aisle(position: index + 1, category: category.name, defaultOrder: !store.aisleOrder.contains(category.id))
        }
    }
}

extension StoresViewModel {
    /// The aisle order shown, as data; nil when the stores are shown instead.
    public var aislesDocument: AislesDocument? { aisles.map { AislesDocument(store: $0.store, order: $0.order) } }
}
