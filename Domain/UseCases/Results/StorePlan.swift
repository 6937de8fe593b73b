/// The cheapest way to buy a cart's lines from known prices, optionally visiting at most a
/// number of stores.
public struct StorePlan: Sendable, Hashable {
    /// One line to buy, and the store the plan buys it at.
    public struct Assignment: Sendable, Hashable {
        /// The line as it is on the cart now.
        public let line: CartItem
        /// Where the plan buys it.
        public let store: Store
        /// The store's price, per what it sells by (the line's cost converts its quantity).
        public let price: UnitPrice
        /// What the line costs there: its quantity at `price`, converted to what the store sells by.
        public let cost: Money
        /// The line's cost in the current plan, when it has one.
        public let currentCost: Money?
    }

    /// The cart planned, as it was before any plan was applied.
    public let cart: Cart
    /// The lines still to buy that some store in the plan prices.
    public let assignments: [Assignment]
    /// Lines no store has a known price for: listed, not guessed.
    public let unpriced: [CartItem]
    /// Lines with a price only at stores the store limit left out.
    public let notCovered: [CartItem]
    /// The stores to visit, by name.
    public let stores: [Store]
    /// What the assigned lines cost in the plan.
    public let total: Money
    /// What the same lines cost in the current plan (lines priced in both).
    public let currentTotal: Money
    /// What the plan costs for the lines `currentTotal` counts, to compare the two.
    public let comparableTotal: Money
    /// What the plan spends at each store.
    public let storeTotals: [StoreID: Money]
    /// What the plan saves on the current one (negative when it costs more).
    public var saving: Money {
        Money(minorUnits: Money.difference(currentTotal.minorUnits, comparableTotal.minorUnits), currency: total.currency)
    }
}

extension StorePlan {
    /// The plan of `assignments`, its totals added up.
    /// - Throws: `DomainError.cartTotalTooLarge` when a total is more than an amount can be.
    init(cart: Cart, assignments: [Assignment], unpriced: [CartItem], notCovered: [CartItem], stores: [Store]) throws {
        let currency = cart.currency
        let comparable = assignments.filter { $0.currentCost != nil }
        var storeTotals: [StoreID: Money] = [:]
        for assignment in assignments {
            storeTotals[assignment.store.id] = try (storeTotals[assignment.store.id] ?? .zero(currency)).adding(assignment.cost)
        }
        self.init(cart: cart, assignments: assignments, unpriced: unpriced, notCovered: notCovered, stores: stores,
                  total: try Money.sum(assignments.map(\.cost), currency: currency),
                  currentTotal: try Money.sum(comparable.compactMap(\.currentCost), currency: currency),
                  comparableTotal: try Money.sum(comparable.map(\.cost), currency: currency), storeTotals: storeTotals)
    }
}
