/// Finds the exact cheapest assignment of a cart's lines still to buy to stores, visiting at
/// most `maxStores` stores, and optionally applies it.
///
/// Each line can be bought at every store with a current price in a unit of its dimension; its
/// cost there is quantity × that price converted to the line's unit. Without a limit each line
/// takes its cheapest store. With a limit of k, every set of k stores is tried (C(8, 3) = 56
/// sets for 8 stores), each line takes its cheapest store in the set, and the set that leaves the
/// fewest lines unpriced, then costs least, then needs fewest stores wins: an exact optimum.
/// The search's work is bounded (`StoreSetSearch.defaultBudget`) and runs outside the data
/// directory's lock: what it needs is read first, and the lock released.
public struct PlanCheapestStores: Sendable {
    let storage: any Storage
    let clock: any Clock

    /// Usually reached as `UseCases.planCheapestStores`; `clock` says which prices are current.
    public init(storage: any Storage, clock: any Clock) {
        self.storage = storage
        self.clock = clock
    }

    /// Works out where to buy the lines of the cart `reference` names that are not bought yet
    /// and, with `apply`, plans them there.
    /// - Parameter maxStores: at most this many stores (at least one); nil for no limit.
    /// - Throws: `DomainError.notFound` or `.ambiguous` for a reference that names no cart or
    ///   several; `.notAllowed` for a completed cart; `.tooManyStores` when the sets of
    ///   `maxStores` stores are more than the search's budget can try over the cart's lines;
    ///   with `apply`, `.cartTotalTooLarge` when the totals would overflow.
    public func callAsFunction(cart reference: String, maxStores: Int? = nil, apply: Bool = false) async throws -> StorePlan {
        let maxStores = maxStores.map { max(1, $0) }
        let day = clock.now().day
        // The search runs after the lock is released: a long one does not keep writers waiting.
        let inputs = try await storage.read { try Inputs(reference, repositories: $0, day: day) }
        let chosen = try inputs.cheapestSet(maxStores: maxStores)
        guard apply else { return try inputs.plan(chosen) }
        return try await storage.write { repositories in
            var current = try Inputs(reference, repositories: repositories, day: day)
            // Changed since it was read: searched again, within the same budget.
            let plan = try current.plan(current == inputs ? chosen : try current.cheapestSet(maxStores: maxStores))
            let stores = Set(plan.stores.map(\.id))
            for assignment in plan.assignments where assignment.line.plannedStore != assignment.store.id {
                let item = try repositories.item(assignment.line.itemID)
                try current.cart.update(try LinePlanner.replan(assignment.line, item: item, store: assignment.store.id, among: stores,
                                                               on: day, storeNames: nil))
            }
            try repositories.save(current.cart)
            return Change(plan, summary: "planned \(plan.cart.name) at the cheapest stores (saving \(plan.saving.amountText))")
        }
    }

    /// What a line costs at one store: the store's price, the line's cost there, and the price
    /// per kg, l or each that tells costs equal to the cent apart.
    struct Option: Equatable {
        let price: UnitPrice
        let cost: Money
        let perBase: Int64
    }

    /// What the search needs, read under the lock: the cart, the stores, and what each line
    /// still to buy costs at each store.
    struct Inputs: Equatable {
        var cart: Cart
        /// In one order on every run (storage may list them in any): ties are then broken alike.
        let stores: [Store]
        let lines: [CartItem]
        /// costs[line][store] for every store that can sell the line.
        let costs: [[Int: Option]]

        /// - Throws: `DomainError.notFound`, `.ambiguous` or `.notAllowed` for a cart that cannot be planned.
        init(_ reference: String, repositories: any Repositories, day: Day) throws {
            cart = try Resolver(repositories: repositories).cart(reference)
            try cart.check(.edit)
            let stores = try repositories.allStores().filter { !$0.isRemoved }
                .sorted { (Name.key($0.name), $0.id) < (Name.key($1.name), $1.id) }
            let lines = cart.lines.filter { !$0.isFulfilled && !$0.isImpulse }
            costs = try lines.map { try PlanCheapestStores.options(for: $0, at: stores, repositories: repositories, day: day) }
            self.stores = stores
            self.lines = lines
        }

        /// The stores (indices) of the cheapest plan visiting at most `maxStores`.
        /// - Throws: `DomainError.tooManyStores` past the search's budget.
        func cheapestSet(maxStores: Int?) throws -> [Int] {
            var search = StoreSetSearch(costs.map {
                $0.mapValues { StoreSetSearch.Cost(minorUnits: $0.cost.minorUnits, perBase: $0.perBase) }
            })
            return try search.cheapest(maxStores: maxStores)
        }

        /// The plan of buying at the stores of `chosen`.
        func plan(_ chosen: [Int]) throws -> StorePlan {
            try PlanCheapestStores.assemble(cart, lines: lines, costs: costs, stores: stores, chosen: chosen)
        }
    }

    /// What `line` costs at each of `stores` (by index) that has a current price for it in a
    /// unit of its dimension.
    private static func options(for line: CartItem, at stores: [Store], repositories: any Repositories, day: Day) throws -> [Int: Option] {
        var options: [Int: Option] = [:]
        guard let item = try repositories.item(line.itemID) else { return options }
        let measure = line.measure(of: line.unit)
        for (index, store) in stores.enumerated() {
            guard let price = item.priceOption(at: store.id)?.currentPrice(on: day)?.unitPrice,
                  // A pack of unknown contents compares only with packs of unknown contents.
                  measure.unit != .pack || price.basis.unit != .pack || (measure.pack == nil) == (price.basis.pack == nil),
                  // Packs by what they hold: a pack of 250 g is half a pack of 500 g.
                  let cost = try price.price.cost(of: line.quantity, in: measure, per: price.basis) else { continue }
            // Costs equal to the cent are told apart by the price per kg, l or each
            // (250 g at 7.99/kg costs 2.00 like 250 g at 3.99 per 500 g, but is dearer).
            options[index] = Option(price: price, cost: cost, perBase: (try? price.normalised().price.minorUnits) ?? .max)
        }
        return options
    }

    /// The cheapest of a line's `options` at the stores of `set`: by cost, then by price per
    /// base unit, then by the stores' order.
    private static func cheapest(_ options: [Int: Option], in set: [Int]) -> (store: Int, option: Option)? {
        set.compactMap { index in options[index].map { (store: index, option: $0) } }
            .min { ($0.option.cost.minorUnits, $0.option.perBase, $0.store) < ($1.option.cost.minorUnits, $1.option.perBase, $1.store) }
    }

    /// The plan of buying each line at its cheapest store of `chosen`.
    private static func assemble(_ cart: Cart, lines: [CartItem], costs: [[Int: Option]], stores: [Store],
                                 chosen: [Int]) throws -> StorePlan {
        var assignments: [StorePlan.Assignment] = []
        var unpriced: [CartItem] = []
        var notCovered: [CartItem] = []
        var used: [Int] = []
        for (line, options) in zip(lines, costs) {
            guard let choice = cheapest(options, in: chosen) else {
                if options.isEmpty { unpriced.append(line) } else { notCovered.append(line) }
                continue
            }
            if !used.contains(choice.store) { used.append(choice.store) }
            // Shown as it would be bought there: 2 packs of 250 g where 1 of 500 g was planned.
            assignments.append(StorePlan.Assignment(line: try line.holding(pricedPer: choice.option.price.basis),
                                                    store: stores[choice.store], price: choice.option.price,
                                                    cost: choice.option.cost, currentCost: try line.plannedCost()))
        }
        return try StorePlan(cart: cart, assignments: assignments, unpriced: unpriced, notCovered: notCovered,
                             stores: used.map { stores[$0] }.sorted { Name.key($0.name) < Name.key($1.name) })
    }
}
