@testable import Domain
import TestSupport
import Testing

/// Reviewer's finding: `grock plan --max-stores` capped the number of store sets but not the
/// lines, so 18 stores × 60 lines with a limit of 8 took 24 s holding the data directory's lock.
/// The work is now counted in look-ups of a line's cost at a store, and bounded.
@Suite struct StoreSetSearchTests {
    /// `stores` stores each pricing every one of `lines` lines, at costs that differ by store and line.
    func costs(stores: Int, lines: Int) -> [[Int: StoreSetSearch.Cost]] {
        (0..<lines).map { (line: Int) -> [Int: StoreSetSearch.Cost] in
            var costs: [Int: StoreSetSearch.Cost] = [:]
            for store in 0..<stores {
                let minorUnits: Int = 100 + (line * 7 + store * 13) % 97
                costs[store] = StoreSetSearch.Cost(minorUnits: Int64(minorUnits), perBase: 0)
            }
            return costs
        }
    }

    @Test func theReviewersCartIsRefusedBeforeAnySetIsTried() throws {
        var search = StoreSetSearch(costs(stores: 18, lines: 60))
        // C(18, 8) × 8 × 60 = 21 million look-ups for the sets of 8 alone.
        #expect(throws: DomainError.tooManyStores(18)) { try search.cheapest(maxStores: 8) }
        #expect(search.work == 0)
    }

    @Test(arguments: [(18, 60, 4), (14, 100, 7), (30, 200, nil as Int?), (12, 50, 6)])
    func aLargeSearchStaysWithinItsBudget(stores: Int, lines: Int, maxStores: Int?) throws {
        var search = StoreSetSearch(costs(stores: stores, lines: lines))
        let chosen = try search.cheapest(maxStores: maxStores)
        #expect(!chosen.isEmpty && chosen.count <= maxStores ?? stores)
        #expect(search.work > 0 && search.work <= StoreSetSearch.defaultBudget)
    }

    /// A budget that covers the sets of K stores but not the smaller ones still finds the
    /// cheapest set of K; the smaller sets are tried only while the budget lasts.
    @Test func aTightBudgetSkipsTheSmallerSetsButNotTheOptimum() throws {
        // Store 0 is cheapest for lines 0 and 1, store 3 for line 2, store 2 everywhere else.
        let costs: [[Int: StoreSetSearch.Cost]] = [
            [0: .init(minorUnits: 1, perBase: 0), 1: .init(minorUnits: 5, perBase: 0), 2: .init(minorUnits: 4, perBase: 0),
                3: .init(minorUnits: 9, perBase: 0)],
            [0: .init(minorUnits: 2, perBase: 0), 2: .init(minorUnits: 6, perBase: 0)],
            [1: .init(minorUnits: 3, perBase: 0), 3: .init(minorUnits: 1, perBase: 0)],
        ]
        let setsOfTwo = 6 * 2 * 3
        var tight = StoreSetSearch(costs)
        #expect(try tight.cheapest(maxStores: 2, budget: setsOfTwo) == [0, 3])
        #expect(tight.work == setsOfTwo)
        var ample = StoreSetSearch(costs)
        #expect(try ample.cheapest(maxStores: 2) == [0, 3])
        #expect(ample.work == setsOfTwo + 4 * 1 * 3)
        var short = StoreSetSearch(costs)
        #expect(throws: DomainError.tooManyStores(4)) { try short.cheapest(maxStores: 2, budget: setsOfTwo - 1) }
    }

    /// Through the use case: the refusal reaches the caller, and nothing is planned.
    @Test func aPlanPastTheBudgetIsRefusedAndAppliesNothing() async throws {
        let u = TestWorld().useCases
        _ = try await u.setUpFirstRun()
        let stores = (1...30).map { "Store \($0)" }
        for store in stores { _ = try await u.addStore(name: store) }
        let items = ["Milk", "Rice"]
        for (index, item) in items.enumerated() {
            _ = try await u.addItem(name: item, category: "Pantry")
            for (position, store) in stores.enumerated() {
                _ = try await u.setPrice(item: item, store: store, price: "\(1 + (index + position) % 9).00")
            }
        }
        _ = try await u.createCart(name: "Big", items: items)
        let before = try await u.showCart("Big").cart
        // C(30, 8) × 8 × 2 ≈ 94 million look-ups: few lines, but many sets.
        await #expect(throws: DomainError.tooManyStores(30)) { try await u.planCheapestStores(cart: "Big", maxStores: 8, apply: true) }
        #expect(try await u.showCart("Big").cart == before)
        #expect(try await u.planCheapestStores(cart: "Big", maxStores: 2).stores.count <= 2)
    }

    /// The search runs after the lock is released, so the cart or a price may change before an
    /// applied plan is written: the plan written is worked out from what is there then.
    @Test func aPriceChangedWhileThePlanIsWorkedOutIsPlannedWith() async throws {
        let world = TestWorld()
        let u = world.useCases
        _ = try await u.setUpFirstRun()
        for store in ["B", "C", "D"] { _ = try await u.addStore(name: store) }
        for (item, prices) in [("Milk", ["B": "1.50", "C": "1.20", "D": "2.00"]), ("Tea", ["B": "4.00", "D": "0.50"])] {
            _ = try await u.addItem(name: item, category: "Pantry")
            for (store, price) in prices { _ = try await u.setPrice(item: item, store: store, price: price) }
        }
        _ = try await u.createCart(name: "Weekly", items: ["Milk", "Tea"])
        // Read: Milk at C and Tea at D is cheapest (1.70). Then Tea at D goes up to 9.00.
        let storage = WritesAfterRead(inner: u.storage) { _ = try await u.setPrice(item: "Tea", store: "D", price: "9.00") }
        let plan = try await PlanCheapestStores(storage: storage, clock: world.clock)(cart: "Weekly", maxStores: 2, apply: true)
        #expect(plan.stores.map(\.name) == ["B", "C"])
        #expect(plan.total.amountText == "5.20")
        #expect(try await u.showCart("Weekly").cart.plannedTotal().amountText == "5.20")
    }
}

/// A storage through which someone else writes (`after`) as soon as each read is done: between
/// a plan's read and its write.
private struct WritesAfterRead: Storage {
    let inner: any Storage
    let after: @Sendable () async throws -> Void

    func read<T>(_ body: sending (any Repositories) throws -> T) async throws -> sending T {
        let value = try await inner.read(body)
        try await after()
        return value
    }
    func write<T>(_ body: sending (any Repositories) throws -> Change<T>) async throws -> sending T { try await inner.write(body) }
    func undoLastChange() async throws -> String { try await inner.undoLastChange() }
    func eraseEverything() async throws { try await inner.eraseEverything() }
    func readWithHistory<T>(_ body: sending (any Repositories, any HistoryReader) throws -> T) async throws -> sending T {
        try await inner.readWithHistory(body) }
    func changes() -> AsyncStream<StorageChange> { inner.changes() }
}
