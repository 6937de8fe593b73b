import Domain

/// A cart as one JSON document: amounts as decimal strings next to the currency code.
public struct CartDocument: Sendable, Hashable, Encodable {
    public struct Line: Sendable, Hashable, Encodable {
        public let item: String
        public let category: String?
        public let quantity: String
        public let unit: String
        public let fulfilled: Bool
        public let plannedStore: String?
        public let plannedPrice: String?
        public let actualStore: String?
        public let actualPrice: String?
        public let purchasedQuantity: String?
        public let cost: String?
        public let impulse: Bool
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
    public let currency: String
    public let items: [Line]

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
        currency = cart.currency.code
        items = try details.linesInShoppingOrder.map { line in
            Line(item: line.name, category: line.categoryName, quantity: line.quantity.description, unit: line.unit.rawValue,
                 fulfilled: line.isFulfilled, plannedStore: details.storeName(line.plannedStore), plannedPrice: line.plannedPrice?.amountText,
                 actualStore: details.storeName(line.actualStore), actualPrice: line.actualPrice?.amountText,
                 purchasedQuantity: line.purchasedQuantity?.description, cost: try line.expectedCost()?.amountText, impulse: line.isImpulse)
        }
    }
}
