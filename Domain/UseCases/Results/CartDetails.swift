/// A cart with what it takes to show it: store names and lines grouped by store in aisle order.
public struct CartDetails: Sendable {
    /// The lines bought, or planned to be bought, at one store.
    public struct StoreGroup: Sendable {
        /// nil for lines with no store.
        public let store: Store?
        /// The group's lines, in the order its store's aisles are walked.
        public let lines: [CartItem]
        /// Paid for the lines bought; on a cart not completed, the planned cost of the others too.
        public let total: Money
    }

    /// The cart as it was read.
    public let cart: Cart
    /// One group per store, by store name; lines with no store (or a store not known) last.
    public let groups: [StoreGroup]
    /// The name of every store, removed ones too, for lines bought at a store since removed.
    public let storeNames: [StoreID: String]

    init(cart: Cart, stores: [Store], categories: [Category]) throws {
        self.cart = cart
        let byID = Dictionary(firstByKey: stores.map { ($0.id, $0) })
        storeNames = byID.mapValues(\.name)
        var order: [StoreID?] = []
        var members: [StoreID?: [CartItem]] = [:]
        for line in cart.lines {
            let key = line.effectiveStore
            if members[key] == nil { order.append(key) }
            members[key, default: []].append(line)
        }
        order.sort { lhs, rhs in
            switch (lhs.flatMap { byID[$0] }, rhs.flatMap { byID[$0] }) {
            case let (l?, r?): Name.key(l.name) < Name.key(r.name)
            case (.some, nil): true
            default: false
            }
        }
        groups = try order.map { key in
            let store = key.flatMap { byID[$0] }
            let aisles = AisleOrder(store: store, categories: categories)
            // One bucket per aisle, filled in cart order: stable, and linear in the lines, with
            // one position found per category name rather than two per comparison of a sort.
            var buckets = Array(repeating: [CartItem](), count: aisles.categories.count + 1)
            var positions: [String: Int] = [:]
            for line in members[key] ?? [] {
                let name = line.categoryName ?? ""
                let position = positions[name] ?? aisles.position(ofCategoryNamed: line.categoryName)
                positions[name] = position
                buckets[position].append(line)
            }
            let lines = Array(buckets.joined())
            // A finished trip spent only what was bought; before that, lines count at their plan.
            let total = try Money.sum(lines.compactMap { cart.status == .completed ? try $0.actualCost() : try $0.expectedCost() },
                                      currency: cart.currency)
            return StoreGroup(store: store, lines: lines, total: total)
        }
    }

    /// The lines in the order a shopper meets them: store by store, aisle by aisle.
    public var linesInShoppingOrder: [CartItem] { groups.flatMap(\.lines) }

    /// The name of store `id`; nil without a store or for one not known.
    public func storeName(_ id: StoreID?) -> String? { id.flatMap { storeNames[$0] } }
}
