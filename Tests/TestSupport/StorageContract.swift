import DataLayer
import Domain
import Testing

/// Every case of `StorageContract`, listed once: `StorageContractTests` (DataTests) runs each over
/// the data layer's storages and `CompositionStorageContractTests` (AppTests) over the ones the
/// fronts get, so a case added here runs everywhere.
public enum StorageContractCase: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case deletingItemsKeepsTheRest, aJourneyIsKeptExactly, whatAReadSavesIsNeverStored, aThrowingChangeStoresNothing
    case undoGoesBackFiftyChangesThroughHistory, reopeningAndDeletingCompletedCartsUpdateHistory
    case monthTotalsFollowFinishReopenDeleteAndUndo, changingTheCurrencyRelabelsStoredAmounts
    case readingAnEmptyStoreFindsNothing, threadsChangingTogetherLoseNothing
    case historyIsHandedOverAsTheRepositoriesHoldIt, eachSubscriberHearsOfEachChange, erasingLeavesNothingOrRefusesWhole
    case aTripSpendingCannotCountIsRefusedWhole

    public var testDescription: String { rawValue }

    /// Runs this case of `contract`.
    public func run(_ contract: StorageContract) async throws {
        switch self {
        case .deletingItemsKeepsTheRest: try await contract.deletingItemsKeepsTheRest()
        case .aJourneyIsKeptExactly: try await contract.aJourneyIsKeptExactly()
        case .whatAReadSavesIsNeverStored: try await contract.whatAReadSavesIsNeverStored()
        case .aThrowingChangeStoresNothing: try await contract.aThrowingChangeStoresNothing()
        case .undoGoesBackFiftyChangesThroughHistory: try await contract.undoGoesBackFiftyChangesThroughHistory()
        case .reopeningAndDeletingCompletedCartsUpdateHistory: try await contract.reopeningAndDeletingCompletedCartsUpdateHistory()
        case .monthTotalsFollowFinishReopenDeleteAndUndo: try await contract.monthTotalsFollowFinishReopenDeleteAndUndo()
        case .changingTheCurrencyRelabelsStoredAmounts: try await contract.changingTheCurrencyRelabelsStoredAmounts()
        case .readingAnEmptyStoreFindsNothing: try await contract.readingAnEmptyStoreFindsNothing()
        case .threadsChangingTogetherLoseNothing: try await contract.threadsChangingTogetherLoseNothing()
        case .historyIsHandedOverAsTheRepositoriesHoldIt: try await contract.historyIsHandedOverAsTheRepositoriesHoldIt()
        case .eachSubscriberHearsOfEachChange: try await contract.eachSubscriberHearsOfEachChange()
        case .erasingLeavesNothingOrRefusesWhole: try await contract.erasingLeavesNothingOrRefusesWhole()
        case .aTripSpendingCannotCountIsRefusedWhole: try await contract.aTripSpendingCannotCountIsRefusedWhole()
        }
    }
}

/// The contract every `Storage` keeps, whatever keeps the data (memory, files, a household) and
/// whatever wraps it (Composition's `BackgroundStorage` and `CommitWatchingStorage`): each case
/// a method, listed in `StorageContractCase`.
public struct StorageContract: Sendable {
    /// A storage, and a function that opens the same data again as a new storage would (a new
    /// process, for the file store); what is on disk goes in the given directory, which the
    /// case removes.
    public typealias Make = @Sendable (TemporaryDirectory) async throws -> (storage: any Storage, reopen: @Sendable () -> any Storage)

    private let make: Make

    /// The contract over the storages `make` makes.
    public init(_ make: @escaping Make) { self.make = make }

    /// Deleting items keeps the others, across new storages, until the vault is empty: also
    /// when one change adds an item and deletes it again beside the last one.
    public func deletingItemsKeepsTheRest() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (storage, reopen) = try await make(directory)
        let world = try await TestWorld.stocked(storage: storage)
        func names() async throws -> [String] {
            try await UseCases(storage: reopen(), clock: world.clock,
                ids: SequentialIdentifiers()).browseVault().flatMap(\.items).map(\.item.name).sorted()
        }
        _ = try await world.useCases.deleteItem("Bananas")
        #expect(try await names() == ["Bread", "Milk"])
        _ = try await world.useCases.deleteItem("Bread")
        try await storage.write { repositories in
            let item = Item(id: ItemID("temporary"), name: "Temporary", categoryID: try #require(repositories.allCategories().first).id,
                unit: .each)
            try repositories.save(item)
            try repositories.deleteItem(item.id)
            return Change((), summary: "added and deleted an item")
        }
        #expect(try await names() == ["Milk"])
        _ = try await world.useCases.deleteItem("Milk")
        #expect(try await names().isEmpty)
        _ = try await world.useCases.addItem(name: "Eggs", category: "Dairy")
        #expect(try await names() == ["Eggs"])
    }

    public func aJourneyIsKeptExactly() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (storage, reopen) = try await make(directory)
        let world = try await TestWorld.stocked(storage: storage)
        let u = world.useCases
        _ = try await u.setAisleOrder(store: "Aldi", categories: ["Dairy", "Produce"])
        _ = try await u.setPrice(item: "Milk", store: "Lidl", price: "0.89", isPromotion: true, promotionUntil: Day(iso: "2026-03-09"))
        _ = try await u.createCart(name: "Weekly", budget: "25.50", items: ["Milk", "Bananas", "Bread"])
        _ = try await u.updateCartLine(cart: "Weekly", item: "Bananas", quantity: try Quantity(parsing: "1.25"))
        _ = try await u.startTrip("Weekly")
        _ = try await u.logPurchase(cart: "Weekly", item: "Bananas", price: "2.05", quantity: try Quantity(parsing: "1.3"))
        _ = try await u.addImpulseItem(cart: "Weekly", name: "Chocolate", price: "1.49")
        let shopping = try await u.showCart("Weekly").cart

        let again = UseCases(storage: reopen(), clock: world.clock, ids: SequentialIdentifiers())
        #expect(try await again.showCart("Weekly").cart == shopping)
        #expect(try await again.showItem("Milk") == (try await u.showItem("Milk")))
        #expect(try await again.showSettings() == (try await u.showSettings()))
        #expect(try await again.setAisleOrder.current(store: "Aldi").order.map(\.name).prefix(2) == ["Dairy", "Produce"])

        let finished = try await again.finishTrip("Weekly")
        let third = UseCases(storage: reopen(), clock: world.clock, ids: SequentialIdentifiers())
        #expect(try await third.listHistory() == [try TripSummary(finished)])
        #expect(try await third.listActiveCarts().isEmpty)
        #expect(try await third.priceHistory("Bananas").entries.count == 2)
    }

    /// What a read saves, it sees itself, and nothing stores (an import's dry run relies on it).
    public func whatAReadSavesIsNeverStored() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (storage, reopen) = try await make(directory)
        let world = try await TestWorld.stocked(storage: storage)
        let seen = try await storage.read { repositories in
            try repositories.save(Store(id: StoreID("rewe"), name: "Rewe", createdAt: world.clock.now()))
            return try repositories.allStores().map(\.name).sorted()
        }
        #expect(seen == ["Aldi", "Lidl", "Rewe"])
        #expect(try await world.useCases.listStores().map(\.name) == ["Aldi", "Lidl"])
        #expect(try await UseCases(storage: reopen(), clock: world.clock, ids: SequentialIdentifiers()).listStores().map(\.name) == ["Aldi",
            "Lidl"])
    }

    public func aThrowingChangeStoresNothing() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (storage, reopen) = try await make(directory)
        let u = try await TestWorld.stocked(storage: storage).useCases
        let before = try await u.browseVault()
        struct Boom: Error {}
        await #expect(throws: Boom.self) {
            try await storage.write { repositories -> Change<Void> in
                try repositories.deleteItem(ItemID("00000005"))
                try repositories.record([])
                throw Boom()
            }
        }
        let after = try await UseCases(storage: reopen(), clock: FakeClock(), ids: SequentialIdentifiers()).browseVault()
        #expect(after == before)
    }

    public func undoGoesBackFiftyChangesThroughHistory() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (storage, reopen) = try await make(directory)
        let world = try await TestWorld.stocked(storage: storage)
        let u = world.useCases
        _ = try await u.createCart(name: "Weekly", items: ["Milk"])
        _ = try await u.startTrip("Weekly")
        _ = try await u.logPurchase(cart: "Weekly", item: "Milk")
        _ = try await u.finishTrip("Weekly")
        #expect(try await u.listHistory().count == 1)
        #expect(try await u.undoLastChange() == "finished the trip for Weekly (1.09 spent)")
        let reopened = UseCases(storage: reopen(), clock: world.clock, ids: SequentialIdentifiers())
        #expect(try await reopened.listHistory().isEmpty)
        #expect(try await reopened.showCart("Weekly").cart.status == .shopping)
        #expect(try await reopened.priceHistory("Milk").entries.count == 2)  // the manual ones only
        // A change after an undo replaces the undone history.
        _ = try await reopened.finishTrip("Weekly")
        #expect(try await reopened.listHistory().count == 1)

        for index in 1...55 { _ = try await u.addCategory(name: "Aisle \(index)") }
        for _ in 1...50 { _ = try await u.undoLastChange() }
        let names = try await u.listCategories().map(\.category.name)
        #expect(names.contains("Aisle 5") && !names.contains("Aisle 6"))
    }

    public func reopeningAndDeletingCompletedCartsUpdateHistory() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (storage, reopen) = try await make(directory)
        let u = try await TestWorld.stocked(storage: storage).useCases
        try await finishTrips(["One", "Two"], with: u)
        _ = try await u.reopenCart("One")
        _ = try await u.deleteCart("Two")
        let fresh = UseCases(storage: reopen(), clock: FakeClock(), ids: SequentialIdentifiers())
        #expect(try await fresh.listHistory().isEmpty)
        #expect(try await fresh.listActiveCarts().map(\.name) == ["One"])
        #expect(try await fresh.priceHistory("Milk").entries.allSatisfy { $0.observation.source == .manual })
    }

    public func monthTotalsFollowFinishReopenDeleteAndUndo() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (storage, reopen) = try await make(directory)
        let world = try await TestWorld.stocked(storage: storage)
        let u = world.useCases
        func totals() async throws -> [String] {
            let kept = try await UseCases(storage: reopen(), clock: world.clock, ids: SequentialIdentifiers()).monthlySpending()
            let fromTrips = try MonthSpending.of(try await u.listHistory().reversed(), currency: .euro)
            #expect(kept == fromTrips, "kept month totals differ from the trips")
            return kept.map { "\($0.month) \($0.total.amountText) \($0.trips)" }
        }
        for (name, days) in [("One", 0), ("Two", 1), ("Three", 40)] {
            world.clock.advance(days: days)
            _ = try await u.createCart(name: name, items: ["Milk", "Bread"])
            _ = try await u.startTrip(name)
            _ = try await u.logPurchase(cart: name, item: "Milk")
            _ = try await u.finishTrip(name)
        }
        #expect(try await totals() == ["2026-03 2.18 2", "2026-04 1.09 1"])
        _ = try await u.reopenCart("Two")
        _ = try await u.logPurchase(cart: "Two", item: "Bread", store: "Lidl")
        #expect(try await totals() == ["2026-03 1.09 1", "2026-04 1.09 1"])
        _ = try await u.finishTrip("Two")   // finished again in April, with Bread: it stays in March
        #expect(try await totals() == ["2026-03 4.67 2", "2026-04 1.09 1"])
        _ = try await u.deleteCart("Three")
        #expect(try await totals() == ["2026-03 4.67 2"])
        _ = try await u.undoLastChange()
        #expect(try await totals() == ["2026-03 4.67 2", "2026-04 1.09 1"])
    }

    /// Each line within the bounds a person can type, two trips of five hundred lines (100,000
    /// kg at the largest price per g) add up past 64 bits in two months: the second trip's
    /// finish is refused, and the cart stays as it was, being shopped, with every total.
    public func aTripSpendingCannotCountIsRefusedWhole() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (storage, reopen) = try await make(directory)
        let world = try await TestWorld.stocked(storage: storage)
        let u = world.useCases
        let milk = try await u.showItem("Milk").item
        let line = CartItem(itemID: milk.id, name: milk.name, categoryName: "Dairy", quantity: .maximum, unit: .kg,
            priceUnit: PriceUnit(.g),
                            isFulfilled: true, actualPrice: .maximum(.euro), purchasedQuantity: .maximum)
        for (number, name) in ["March", "April"].enumerated() {
            let cart = Cart(id: CartID("c-\(name)"), name: name, budget: nil, currency: .euro, status: .shopping,
                            createdAt: world.clock.now(), startedAt: world.clock.now(), completedAt: nil,
                            lines: Array(repeating: line, count: 500))
            _ = try await storage.write { try $0.save(cart); return Change((), summary: "planted \(name)") }
            world.clock.advance(days: 31 * number)
        }
        _ = try await u.finishTrip("March")
        let before = try await u.monthlySpending()
        await #expect(throws: DomainError.amountOverflow) { try await u.finishTrip("April") }
        let reopened = UseCases(storage: reopen(), clock: world.clock, ids: SequentialIdentifiers())
        #expect(try await reopened.monthlySpending() == before)
        #expect(try await reopened.showCart("April").cart.status == .shopping)
        #expect(try await reopened.listHistory().map(\.name) == ["March"])
    }

    public func changingTheCurrencyRelabelsStoredAmounts() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (storage, _) = try await make(directory)
        let u = try await TestWorld.stocked(storage: storage).useCases
        _ = try await u.changeCurrency(try Currency(code: "USD"))
        #expect(try await u.showItem("Milk").cheapest?.current?.unitPrice.price.description == "1.09 USD")
    }

    /// `readWithHistory` hands over, one record at a time, the completed carts and hand-kept
    /// prices the repositories hold, in their order.
    public func historyIsHandedOverAsTheRepositoriesHoldIt() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (storage, _) = try await make(directory)
        let u = try await TestWorld.stocked(storage: storage).useCases
        try await finishTrips(["One", "Two"], with: u)
        let (handed, held) = try await storage.readWithHistory { repositories, history in
            var carts: [String] = [], prices = 0
            try history.forEachCompletedCart { carts.append($0.id.rawValue) }
            try history.forEachManualObservation { _ in prices += 1 }
            return ("\(carts) \(prices)",
                "\(try repositories.completedCarts().map(\.id.rawValue)) \(try repositories.manualObservations(of: nil).count)")
        }
        #expect(handed == held)
        #expect(try await u.listHistory().count == 2 && !handed.hasSuffix(" 0"))
    }

    /// Each subscription to `changes()` hears of a change committed through the storage, as
    /// made here, with its summary.
    public func eachSubscriberHearsOfEachChange() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (storage, _) = try await make(directory)
        let u = try await TestWorld.stocked(storage: storage).useCases
        var first = storage.changes().makeAsyncIterator(), second = storage.changes().makeAsyncIterator()
        _ = try await u.createCart(name: "Weekly", items: ["Milk"])
        for change in [await first.next(), await second.next()] {
            #expect(change?.origin == .here && change?.summary?.contains("Weekly") == true)
        }
    }

    /// `eraseEverything` leaves nothing, not even undo, for a new storage over the same data;
    /// a storage that refuses it (one that syncs with a household) leaves everything.
    public func erasingLeavesNothingOrRefusesWhole() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (storage, reopen) = try await make(directory)
        let u = try await TestWorld.stocked(storage: storage).useCases
        _ = try await u.createCart(name: "Weekly", items: ["Milk"])
        let erased = (try? await storage.eraseEverything()) != nil
        let fresh = UseCases(storage: reopen(), clock: FakeClock(), ids: SequentialIdentifiers())
        #expect(try await fresh.listActiveCarts().map(\.name) == (erased ? [] : ["Weekly"]))
        if erased { await #expect(throws: DomainError.nothingToUndo) { try await fresh.undoLastChange() } }
    }

    public func readingAnEmptyStoreFindsNothing() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let u = TestWorld(storage: try await make(directory).storage).useCases
        #expect(try await u.listActiveCarts().isEmpty)
        #expect(try await u.listHistory().isEmpty)
        await #expect(throws: DomainError.nothingToUndo) { try await u.undoLastChange() }
    }

    public func threadsChangingTogetherLoseNothing() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (storage, reopen) = try await make(directory)
        _ = try await TestWorld(storage: storage).useCases.setUpFirstRun()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<4 {
                group.addTask {
                    // Each worker opens the data on its own, as a separate process would.
                    let u = UseCases(storage: reopen(), clock: FakeClock(), ids: WorkerIdentifiers(worker: worker))
                    for index in 0..<10 { _ = try await u.addItem(name: "W\(worker) item \(index)", category: "Pantry") }
                }
            }
            try await group.waitForAll()
        }
        let items = try await UseCases(storage: reopen(), clock: FakeClock(), ids: SequentialIdentifiers()).searchItems("item")
        #expect(items.count == 40)
    }
}

/// Identifiers that never collide between workers.
private final class WorkerIdentifiers: IdentifierSource {
    let worker: Int
    let inner = SequentialIdentifiers()
    init(worker: Int) { self.worker = worker }
    func makeIdentifier() -> String { "\(worker)" + inner.makeIdentifier() }
}

/// A completed trip for each name, buying Milk: the history two contract cases start from.
private func finishTrips(_ names: [String], with u: UseCases) async throws {
    for name in names {
        _ = try await u.createCart(name: name, items: ["Milk"])
        _ = try await u.startTrip(name)
        _ = try await u.logPurchase(cart: name, item: "Milk")
        _ = try await u.finishTrip(name)
    }
}
