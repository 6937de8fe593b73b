import Domain

/// A cart as one JSON document: amounts as decimal strings next to the currency code.
public struct CartDocument: Sendable, Hashable, Encodable {
    /// One line of the cart: what is planned (quantity, store, price) and, once bought, what was paid.
    /// Every key is written, absent values as `null`.
    public struct Line: Sendable, Hashable, Encodable {
        /// The line's item id: what names it when two lines share a name (two impulse buys of Gum).
        public let id: String
        /// The line's name: the vault item's when the line was last changed, or the impulse buy's.
        public let item: String
        /// The item's category name; nil for an impulse buy.
        public let category: String?
        /// How many or how much is planned (`2`, `1.5`), in `unit`.
        public let quantity: String
        /// What `quantity` counts or weighs: `each`, `pack`, `g`, `kg`, `lb`, `oz`, `ml` or `l`.
        public let unit: String
        /// What the prices are per: the unit, or the store's (`lb`, `pack of 250 g`).
        public let pricePer: String
        /// Whether the line is bought (ticked while shopping).
        public let fulfilled: Bool
        /// The store's name the line is planned at; nil when it has none.
        public let plannedStore: String?
        /// The planned price per `pricePer`, as a decimal string; nil when no price is known.
        public let plannedPrice: String?
        /// The store's name it was bought at; nil until bought (or bought with no store).
        public let actualStore: String?
        /// The price paid per `pricePer`, as a decimal string; nil until bought.
        public let actualPrice: String?
        /// The quantity bought, when it was logged with one (a weighed line); nil: as planned.
        public let purchasedQuantity: String?
        /// What the line costs: paid once bought, else planned; nil when no price is known.
        public let cost: String?
        /// Whether it was bought on impulse: on this cart only, never in the vault.
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
        /// What the group's lines cost there (paid once bought, else planned), as a decimal string.
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

    /// The cart's id: what names it through renames (`cart.show`, `AppContainer.cart(_:)`).
    public let id: String
    /// The cart's name as the user gave it.
    public let name: String
    /// Planning, shopping or completed (read-only, history); written as its raw value
    /// (`planning`, `shopping`, `completed`).
    public let status: CartStatus
    /// When the cart was made; written RFC 3339 with the local offset (`2026-03-01T09:30:00+01:00`).
    public let created: DocumentTime
    /// When the trip was finished, written RFC 3339; nil unless `status` is `completed`.
    public let completed: DocumentTime?
    /// The budget, as a decimal string; nil without one.
    public let budget: String?
    /// Every line's planned cost added up (lines with no known price count as nothing).
    public let plannedTotal: String
    /// What was paid for the lines bought.
    public let actualTotal: String
    /// The budget less the plan (while planning) or what was paid (after); negative when over;
    /// nil without a budget.
    public let remaining: String?
    /// By how much the cart is over its budget; nil within it or without one.
    public let overBudget: String?
    /// The ISO code of every amount in the document (`EUR`).
    public let currency: String
    /// Every line, store by store as `stores` groups them.
    public let items: [Line]
    /// The stores in the order they are visited, "no store" last.
    public let stores: [StoreGroup]

    private enum CodingKeys: String, CodingKey {
        case id, name, status, created, completed, budget, plannedTotal, actualTotal, remaining, overBudget, currency, items, stores
    }

    /// Absent values are written as `null`, so every document has every key; the status as its
    /// raw value (Domain's enums are not `Encodable`: the JSON is the documents' concern).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(name, forKey: .name)
        try c.encode(status.rawValue, forKey: .status)
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

    /// The document of a cart with its totals, worked out by `CartDetailViewModel`, which holds it
    /// as `document`.
    /// - Throws: `DomainError.amountOverflow` when a line's cost does not fit in an amount.
    public init(_ details: CartDetails, figures: CartFigures) throws {
        let cart = details.cart
        id = cart.id.rawValue
        name = cart.name
        status = cart.status
        created = DocumentTime(cart.createdAt)
        completed = cart.completedAt.map(DocumentTime.init)
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

extension CartDocument {
    /// The lines of each of `stores`, in the same order: `items` cut where each group ends.
    public var linesByStore: [[Line]] {
        var rest = items[...]
        return stores.map { group in
            defer { rest = rest.dropFirst(group.items.count) }
            return Array(rest.prefix(group.items.count))
        }
    }
}
