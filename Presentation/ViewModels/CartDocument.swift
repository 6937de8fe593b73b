import Domain

/// A cart as one JSON document: amounts as decimal strings next to the currency code.
public struct CartDocument: Sendable, Hashable, Encodable {
    public struct Line: Sendable, Hashable, Encodable {
        /// The line's item id: what names it when two lines share a name (two impulse buys of Gum).
        public let id: String
        public let item: String
        public let category: String?
        public let quantity: String
        public let unit: String
        /// What the prices are per: the unit, or the store's (`lb`, `pack of 250 g`).
        public let pricePer: String
        public let fulfilled: Bool
        public let plannedStore: String?
        public let plannedPrice: String?
        public let actualStore: String?
        public let actualPrice: String?
        public let purchasedQuantity: String?
        public let cost: String?
        public let impulse: Bool

        private enum CodingKeys: String, CodingKey {
            case id, item, category, quantity, unit, pricePer, fulfilled, plannedStore, plannedPrice, actualStore, actualPrice, purchasedQuantity, cost, impulse
        }

        /// Absent values are written as `null`, so every line has every key.
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(id, forKey: .id)
            try c.encode(item, forKey: .item)
            try c.encode(category, forKey: .category)
            try c.encode(pricePer, forKey: .pricePer)
            try c.encode(quantity, forKey: .quantity)
            try c.encode(unit, forKey: .unit)
            try c.encode(fulfilled, forKey: .fulfilled)
            try c.encode(plannedStore, forKey: .plannedStore)
            try c.encode(plannedPrice, forKey: .plannedPrice)
            try c.encode(actualStore, forKey: .actualStore)
            try c.encode(actualPrice, forKey: .actualPrice)
            try c.encode(purchasedQuantity, forKey: .purchasedQuantity)
            try c.encode(cost, forKey: .cost)
            try c.encode(impulse, forKey: .impulse)
        }
    }

    /// The lines at one store (or at none), in aisle order, with what they cost there.
    public struct StoreGroup: Sendable, Hashable, Encodable {
        /// nil for the lines with no store.
        public let store: String?
        public let total: String
        /// The names of its lines, in the order of `items`.
        public let items: [String]
        /// Their ids, in the same order.
        public let ids: [String]

        private enum CodingKeys: String, CodingKey { case store, total, items, ids }

        /// The lines with no store have `store` written as `null`.
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(store, forKey: .store)
            try c.encode(total, forKey: .total)
            try c.encode(items, forKey: .items)
            try c.encode(ids, forKey: .ids)
        }
    }

    public let id: String
    public let name: String
    public let status: String
    public let created: String
    public let completed: String?
    public let budget: String?
    public let plannedTotal: String
    public let actualTotal: String
    public let remaining: String?
    /// By how much the cart is over its budget; nil within it or without one.
    public let overBudget: String?
    public let currency: String
    /// Every line, store by store as `stores` groups them.
    public let items: [Line]
    /// The stores in the order they are visited, "no store" last.
    public let stores: [StoreGroup]

    private enum CodingKeys: String, CodingKey {
        case id, name, status, created, completed, budget, plannedTotal, actualTotal, remaining, overBudget, currency, items, stores
    }

    /// Absent values are written as `null`, so every document has every key.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(name, forKey: .name)
        try c.encode(status, forKey: .status)
        try c.encode(created, forKey: .created)
        try c.encode(completed, forKey: .completed)
        try c.encode(budget, forKey: .budget)
        try c.encode(plannedTotal, forKey: .plannedTotal)
        try c.encode(actualTotal, forKey: .actualTotal)
        try c.encode(remaining, forKey: .remaining)
        try c.encode(overBudget, forKey: .overBudget)
        try c.encode(currency, forKey: .currency)
        try c.encode(items, forKey: .items)
        try c.encode(stores, forKey: .stores)
    }

    public init(_ details: CartDetails, figures: CartFigures) throws {
        let cart = details.cart
        id = cart.id.rawValue
        name = cart.name
        status = cart.status.rawValue
        created = cart.createdAt.description
        completed = cart.completedAt?.description
        budget = cart.budget?.amountText
        plannedTotal = figures.planned.amountText
        actualTotal = figures.actual.amountText
        remaining = figures.remaining?.amountText
        overBudget = figures.overBudget?.amountText
        currency = cart.currency.code
        stores = details.groups.map {
            StoreGroup(store: $0.store?.name, total: $0.total.amountText, items: $0.lines.map(\.name), ids: $0.lines.map(\.itemID.rawValue))
        }
        items = try details.linesInShoppingOrder.map { line in
            Line(id: line.itemID.rawValue, item: line.name, category: line.categoryName, quantity: line.quantity.description, unit: line.unit.rawValue,
                 pricePer: line.priceUnit.description, fulfilled: line.isFulfilled, plannedStore: details.storeName(line.plannedStore), plannedPrice: line.plannedPrice?.amountText,
                 actualStore: details.storeName(line.actualStore), actualPrice: line.actualPrice?.amountText,
                 purchasedQuantity: line.purchasedQuantity?.description, cost: try line.expectedCost()?.amountText, impulse: line.isImpulse)
        }
    }
}
