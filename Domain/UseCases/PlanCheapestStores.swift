/// Finds the exact cheapest assignment of a cart's lines still to buy to stores, visiting at
/// most `maxStores` stores, and optionally applies it.
///
/// Each line can be bought at every store with a current price in a unit of its dimension; its
/// cost there is quantity × that price converted to the line's unit. Without a limit each line
/// takes its cheapest store. With a limit of k, every set of k stores is tried (C(8, 3) = 56
/// sets for 8 stores), each line takes its cheapest store in the set, and the set that leaves the
/// fewest lines unpriced, then costs least, then needs fewest stores wins: an exact optimum.
public struct PlanCheapestStores: Sendable {
    let storage: any Storage
    let clock: any Clock

    /// More store sets than this are not tried.
    static let maximumSets = 2_000_000

    /// Usually reached as `UseCases.planCheapestStores`; `clock` says which prices are current.
    public init(storage: any Storage, clock: any Clock) {
        self.storage = storage
        self.clock = clock
    }

    /// Works out where to buy the lines of the cart `reference` names that are not bought yet
    /// and, with `apply`, plans them there.
    /// - Parameter maxStores: at most this many stores (at least one); nil for no limit.
    /// - Throws: `DomainError.notFound` or `.ambiguous` for a reference that names no cart or
    ///   several; `.notAllowed` for a completed cart; `.tooManyStores` when `maxStores` leaves
    ///   more store sets than can be tried; with `apply`, `.cartTotalTooLarge` when the totals
    ///   would overflow.
    public func callAsFunction(cart reference: String, maxStores: Int? = nil, apply: Bool = false) async throws -> StorePlan {
        let maxStores = maxStores.map { max(1, $0) }
        let work: (any Repositories) throws -> StorePlan = { repositories in
            var cart = try Resolver(repositories: repositories).cart(reference)
            try cart.check(.edit)
            let plan = try Self.plan(cart, repositories: repositories, day: clock.now().day, maxStores: maxStores)
            guard apply else { return plan }
            let stores = Set(plan.stores.map(\.id))
            for assignment in plan.assignments where assignment.line.plannedStore != assignment.store.id {
                let item = try repositories.item(assignment.line.itemID)
                try cart.update(try LinePlanner.replan(assignment.line, item: item, store: assignment.store.id, among: stores, on: clock.now().day, storeNames: nil))
            }
            try repositories.save(cart)
            return plan
        }
        if apply {
            return try await storage.write { repositories in
                let plan = try work(repositories)
                return Change(plan, summary: "planned \(plan.cart.name) at the cheapest stores (saving \(plan.saving.amountText))")
            }
        }
        return try await storage.read(work)
    }

    /// What a line costs at one store: the store's price, the line's cost there, and the price
    /// per kg, l or each that tells costs equal to the cent apart.
    typealias Option = (price: UnitPrice, cost: Money, perBase: Int64)

    static func plan(_ cart: Cart, repositories: any Repositories, day: Day, maxStores: Int?) throws -> StorePlan {
        // In one order on every run (storage may list them in any): ties are then broken alike.
        let stores = try repositories.allStores().filter { !$0.isRemoved }.sorted { (Name.key($0.name), $0.id) < (Name.key($1.name), $1.id) }
        let lines = cart.lines.filter { !$0.isFulfilled && !$0.isImpulse }
        // costs[line][store] for every store that can sell the line.
        let costs = try lines.map { try options(for: $0, at: stores, repositories: repositories, day: day) }
        let chosen = try cheapestSet(costs, maxStores: maxStores)
        return try assemble(cart, lines: lines, costs: costs, stores: stores, chosen: chosen)
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
            options[index] = (price, cost, (try? price.normalised().price.minorUnits) ?? .max)
        }
        return options
    }

    /// The stores (indices) to buy at: of the sets of at most `maxStores`, the one that leaves
    /// the fewest lines unpriced, then costs least, then needs fewest stores.
    /// - Throws: `DomainError.tooManyStores` when there are more such sets than can be tried.
    private static func cheapestSet(_ costs: [[Int: Option]], maxStores: Int?) throws -> [Int] {
        let candidates = Array(Set(costs.flatMap(\.keys))).sorted()
        let limit = min(maxStores ?? candidates.count, candidates.count)
        var best: (score: (uncovered: Int, cost: Int128, size: Int), set: [Int])?
        func consider(_ set: [Int]) {
            let result = score(set, costs)
            if let best, best.score <= result { return }
            best = (result, set)
        }
        guard limit == candidates.count || binomial(candidates.count, limit) <= maximumSets else { throw DomainError.tooManyStores(candidates.count) }
        // Of plans that cost the same, the one with fewest stores: smaller sets first, as many
        // as `maximumSets` allows (all of them for any household's number of stores).
        var evaluated = 0
        for size in 1..<max(1, limit) {
            let count = binomial(candidates.count, size)
            guard evaluated + count <= maximumSets else { break }
            evaluated += count
            forEachCombination(of: candidates, size: size, consider)
        }
        if limit == candidates.count { consider(candidates) } else { forEachCombination(of: candidates, size: limit, consider) }
        return best?.set ?? []
    }

    /// How buying at the stores of `set` does: the lines it leaves unpriced, what the others
    /// cost, and how many of its stores are used. Costs are added up in 128 bits: every line's
    /// cost fits in 64, their sum need not.
    private static func score(_ set: [Int], _ costs: [[Int: Option]]) -> (uncovered: Int, cost: Int128, size: Int) {
        var uncovered = 0, total: Int128 = 0
        var used = Set<Int>()
        for options in costs {
            guard let choice = cheapest(options, in: set) else {
                uncovered += 1
                continue
            }
            total += Int128(choice.option.cost.minorUnits)
            used.insert(choice.store)
        }
        return (uncovered, total, used.count)
    }

    /// The cheapest of a line's `options` at the stores of `set`: by cost, then by price per
    /// base unit, then by the stores' order.
    private static func cheapest(_ options: [Int: Option], in set: [Int]) -> (store: Int, option: Option)? {
        set.compactMap { index in options[index].map { (store: index, option: $0) } }
            .min { ($0.option.cost.minorUnits, $0.option.perBase, $0.store) < ($1.option.cost.minorUnits, $1.option.perBase, $1.store) }
    }

    /// The plan of buying each line at its cheapest store of `chosen`.
    private static func assemble(_ cart: Cart, lines: [CartItem], costs: [[Int: Option]], stores: [Store], chosen: [Int]) throws -> StorePlan {
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
            assignments.append(StorePlan.Assignment(line: line.holding(pricedPer: choice.option.price.basis), store: stores[choice.store], price: choice.option.price,
                                                    cost: choice.option.cost, currentCost: try line.plannedCost()))
        }
        return try StorePlan(cart: cart, assignments: assignments, unpriced: unpriced, notCovered: notCovered,
                             stores: used.map { stores[$0] }.sorted { Name.key($0.name) < Name.key($1.name) })
    }

    static func binomial(_ n: Int, _ k: Int) -> Int {
        var result = 1
        for i in 0..<min(k, n - k) {
            result = result * (n - i) / (i + 1)
            if result > maximumSets { return result }
        }
        return result
    }

    static func forEachCombination(of values: [Int], size: Int, _ body: ([Int]) -> Void) {
        var indices = Array(0..<size)
        while true {
            body(indices.map { values[$0] })
            var position = size - 1
            while position >= 0 && indices[position] == values.count - size + position { position -= 1 }
            if position < 0 { return }
            indices[position] += 1
            for next in (position + 1)..<size { indices[next] = indices[next - 1] + 1 }
        }
    }
}
