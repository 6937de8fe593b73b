import Domain

/// A store plan as one JSON document.
public struct PlanDocument: Sendable, Hashable, Encodable {
    /// One line of the cart and the store the plan buys it at.
    public struct Line: Sendable, Hashable, Encodable {
        /// The line's name.
        public let item: String
        /// The store's name that sells it cheapest within the plan's stores.
        public let store: String
        /// How many or how much, in `unit`.
        public let quantity: String
        /// What `quantity` counts or weighs.
        public let unit: String
        /// The store's price with what it is per (`2.29/pack of 250 g`).
        public let price: String
        /// What the line costs there, as a decimal string.
        public let cost: String
    }

    /// The cart's name.
    public let cart: String
    /// The names of the stores to visit.
    public let stores: [String]
    /// What the planned lines cost in this plan.
    public let total: String
    /// What the same lines cost as the cart plans them now (lines priced in both).
    public let currentTotal: String
    /// `currentTotal` less what the plan costs for those lines: what following the plan saves.
    public let saving: String
    /// The ISO code of the amounts (`EUR`).
    public let currency: String
    /// The lines still to buy that the plan prices, with their store.
    public let lines: [Line]
    /// The names of lines no store has a known price for: listed, not guessed.
    public let unpriced: [String]
    /// The names of lines with a price only at stores the store limit left out.
    public let notCovered: [String]
    /// Whether the cart's lines were planned this way.
    public let applied: Bool

    /// The document of `plan`; `applied` says whether the cart was set to it.
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
