/// The order a store's categories are walked in: the store's own order first, then the rest
/// in the vault's order.
public struct AisleOrder: Sendable {
    /// Every category, each once, in walking order.
    public let categories: [Category]
    /// The first position of each category's `Name.key`, so that placing a line costs one
    /// look-up rather than a key for every category.
    private let positions: [String: Int]

    /// The order `store` walks `all` in; without a store, the vault's own order.
    public init(store: Store?, categories all: [Category]) {
        let sorted = all.sorted { $0.sortOrder < $1.sortOrder }
        let own = (store?.aisleOrder ?? []).compactMap { id in sorted.first { $0.id == id } }
        categories = own + sorted.filter { category in !own.contains { $0.id == category.id } }
        var positions: [String: Int] = [:]
        for (position, category) in categories.enumerated() where positions[Name.key(category.name)] == nil {
            positions[Name.key(category.name)] = position
        }
        self.positions = positions
    }

    /// Where a category name comes in this order; unknown names (impulse buys) come last.
    public func position(ofCategoryNamed name: String?) -> Int {
        guard let name else { return categories.count }
        return positions[Name.key(name)] ?? categories.count
    }
}
