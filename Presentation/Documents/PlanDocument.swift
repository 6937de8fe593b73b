import Domain

/// A store plan as one JSON document, and what the plan screen draws: the figures only a screen
/// shows (each store's total, what a moved line cost before) are left out of the JSON by
/// `CodingKeys`, so the `plan` result stays as it was.
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
        /// The price as the line counts (`2.29`, or `2.29/pack of 250 g (9.16/kg)` when the store
        /// sells it otherwise); not in the JSON.
        public let linePrice: String
        /// Whether the cart already plans the line at this store; not in the JSON.
        public let plannedHere: Bool
        /// What the line costs as the cart plans it now, as a decimal string; nil when that store has
        /// no price. Not in the JSON.
        public let currentCost: String?

        private enum CodingKeys: String, CodingKey { case item, store, quantity, unit, price, cost }
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
    /// What the lines bought at each of `stores` cost, as decimal strings in the same order; nil for
    /// a store with no line priced. Not in the JSON.
    public let storeTotals: [String?]

    private enum CodingKeys: String, CodingKey {
        case cart, stores, total, currentTotal, saving, currency, lines, unpriced, notCovered, applied
    }

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
                 price: $0.price.description, cost: $0.cost.amountText,
                 linePrice: $0.price.basis == PriceUnit($0.line.unit) ? $0.price.price.amountText : $0.price.comparedText,
                 plannedHere: $0.line.plannedStore == $0.store.id, currentCost: $0.currentCost?.amountText)
        }
        storeTotals = plan.stores.map { plan.storeTotals[$0.id]?.amountText }
        unpriced = plan.unpriced.map(\.name)
        notCovered = plan.notCovered.map(\.name)
    }
}
