import Domain

/// A store plan as one JSON document.
public struct PlanDocument: Sendable, Hashable, Encodable {
    public struct Line: Sendable, Hashable, Encodable {
        public let item: String
        public let store: String
        public let quantity: String
        public let unit: String
        public let price: String
        public let cost: String
    }

    public let cart: String
    public let stores: [String]
    public let total: String
    public let currentTotal: String
    public let saving: String
    public let currency: String
    public let lines: [Line]
    public let unpriced: [String]
    public let notCovered: [String]
    /// Whether the cart's lines were planned this way.
    public let applied: Bool

    public init(_ plan: StorePlan, applied: Bool = false) {
        self.applied = applied
        cart = plan.cart.name
        stores = plan.stores.map(\.name)
        total = plan.total.amountText
        currentTotal = plan.currentTotal.amountText
        saving = plan.saving.amountText
        currency = plan.cart.currency.code
        lines = plan.assignments.map {
            Line(item: $0.line.name, store: $0.store.name, quantity: $0.line.quantity.description, unit: $0.line.unit.rawValue,
                 price: $0.price.description, cost: $0.cost.amountText)
        }
        unpriced = plan.unpriced.map(\.name)
        notCovered = plan.notCovered.map(\.name)
    }
}
