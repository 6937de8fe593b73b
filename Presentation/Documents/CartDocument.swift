import Domain

/// A cart as one JSON document: amounts as decimal strings next to the currency code. Every key is
/// written, absent values as `null` (`NullWhenAbsent`).
public struct CartDocument: Sendable, Hashable, Encodable {
    /// One line of the cart: what is planned (quantity, store, price) and, once bought, what was paid.
    /// Every key is written, absent values as `null` (`NullWhenAbsent`).
    public struct Line: Sendable, Hashable, Encodable {
        /// The line's item id: what names it when two lines share a name (two impulse buys of Gum).
        public let id: String
        /// The line's name: the vault item's when the line was last changed, or the impulse buy's.
        public let item: String
        /// The item's category name; nil for an impulse buy.
        @NullWhenAbsent public private(set) var category: String?
        /// How many or how much is planned (`2`, `1.5`), in `unit`.
        public let quantity: String
        /// What `quantity` counts or weighs: `each`, `pack`, `g`, `kg`, `lb`, `oz`, `ml` or `l`.
        public let unit: String
        /// What the prices are per: the unit, or the store's (`lb`, `pack of 250 g`).
        public let pricePer: String
        /// Whether the line is bought (ticked while shopping).
        public let fulfilled: Bool
        /// The store's name the line is planned at; nil when it has none.
        @NullWhenAbsent public private(set) var plannedStore: String?
        /// The planned price per `pricePer`, as a decimal string; nil when no price is known.
        @NullWhenAbsent public private(set) var plannedPrice: String?
        /// The store's name it was bought at; nil until bought (or bought with no store).
        @NullWhenAbsent public private(set) var actualStore: String?
        /// The price paid per `pricePer`, as a decimal string; nil until bought.
        @NullWhenAbsent public private(set) var actualPrice: String?
        /// The quantity bought, when it was logged with one (a weighed line); nil: as planned.
        @NullWhenAbsent public private(set) var purchasedQuantity: String?
        /// What the line costs: paid once bought, else planned; nil when no price is known.
        @NullWhenAbsent public private(set) var cost: String?
        /// Whether it was bought on impulse: on this cart only, never in the vault.
        public let impulse: Bool
    }

    /// The lines at one store (or at none), in aisle order, with what they cost there.
    public struct StoreGroup: Sendable, Hashable, Encodable {
        /// nil for the lines with no store.
        @NullWhenAbsent public private(set) var store: String?
        /// What the group's lines cost there (paid once bought, else planned), as a decimal string.
        public let total: String
        /// The names of its lines, in the order of `items`.
        public let items: [String]
        /// Their ids, in the same order.
        public let ids: [String]
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
    @NullWhenAbsent public private(set) var completed: DocumentTime?
    /// The budget, as a decimal string; nil without one.
    @NullWhenAbsent public private(set) var budget: String?
    /// Every line's planned cost added up (lines with no known price count as nothing).
    public let plannedTotal: String
    /// What was paid for the lines bought.
    public let actualTotal: String
    /// The budget less the plan (while planning) or what was paid (after); negative when over;
    /// nil without a budget.
    @NullWhenAbsent public private(set) var remaining: String?
    /// By how much the cart is over its budget; nil within it or without one.
    @NullWhenAbsent public private(set) var overBudget: String?
    /// The ISO code of every amount in the document (`EUR`).
    public let currency: String
    /// Every line, store by store as `stores` groups them.
    public let items: [Line]
    /// The stores in the order they are visited, "no store" last.
    public let stores: [StoreGroup]

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
            Line(id: line.itemID.rawValue, item: line.name, category: line.categoryName, quantity: line.quantity.description,
                 unit: line.unit.rawValue,
                 pricePer: line.priceUnit.description, fulfilled: line.isFulfilled, plannedStore: details.storeName(line.plannedStore),
                 plannedPrice: line.plannedPrice?.amountText,
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
