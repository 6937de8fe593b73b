import Domain
import DataLayer
import TestSupport
import Testing

@Suite struct VaultUseCaseTests {
    @Test func firstRunCreatesDefaultCategoriesOnce() async throws {
        let u = TestWorld().useCases
        let report = try await u.setUpFirstRun(currency: try Currency(code: "GBP"))
        #expect(report.categoriesAdded.first == "Produce")
        #expect(report.currency.code == "GBP")
        let again = try await u.setUpFirstRun()
        #expect(again.wasAlreadySetUp && again.categoriesAdded.isEmpty)
        await #expect(throws: DomainError.alreadySetUp(currency: "GBP")) { try await u.setUpFirstRun(currency: .euro) }
        #expect(try await u.listCategories().count == Category.defaultNames.count)
    }

    @Test func namesAreUniqueCaseAndAccentInsensitively() async throws {
        let u = try await TestWorld.stocked().useCases
        await #expect(throws: DomainError.duplicateName(kind: "item", name: "Milk")) {
            try await u.addItem(name: "MILK", category: "Dairy") }
        await #expect(throws: DomainError.duplicateName(kind: "store", name: "Aldi")) { try await u.addStore(name: "aldi") }
        _ = try await u.addItem(name: "Crème fraîche", category: "Dairy")
        await #expect(throws: DomainError.self) { try await u.addItem(name: "creme fraiche", category: "dairy") }
        // The message names the one that exists, as stored, with the right article.
        await #expect { try await u.addItem(name: "MILK", category: "Dairy") } throws: {
            "\($0)" == "an item named \"Milk\" already exists" }
        await #expect(throws: DomainError.self) { try await u.renameItem("Bread", to: "milk") }
    }

    /// A household can hold a removed store and one in use of one name (a device removed Aldi
    /// while another added it again). Adding that name is refused, changing nothing: it brought
    /// the removed one back beside the other, and the data could no longer be read.
    @Test func addingTheNameOfAStoreInUseIsRefusedThoughARemovedOneHasItToo() async throws {
        let storage = InMemoryStorage()
        let u = try await TestWorld.stocked(storage: storage).useCases
        _ = try await storage.write { repositories in
            try repositories.save(Store(id: StoreID("s-removed"), name: "Aldi", createdAt: Timestamp(clamping: 0), isRemoved: true))
            return Change((), summary: "a removed Aldi merged")
        }
        await #expect(throws: DomainError.duplicateName(kind: "store", name: "Aldi")) { try await u.addStore(name: "Aldi") }
        let removed = try await storage.read { try $0.allStores().filter { $0.name == "Aldi" }.map(\.isRemoved) }
        #expect(removed.sorted { !$0 && $1 } == [false, true], "the removed Aldi stays removed")
    }

    @Test func unknownNamesSuggestTheClosest() async throws {
        let u = try await TestWorld.stocked().useCases
        await #expect(throws: DomainError.notFound(kind: .item, name: "Mlik", suggestion: "Milk")) { try await u.showItem("Mlik") }
        await #expect(throws: DomainError.notFound(kind: .store, name: "Li", suggestion: "Lidl")) { try await u.removeStore("Li") }
    }

    /// A line is missing from one cart, and the message says which, in the words it always had.
    @Test func aLineNotOnTheCartIsMissingFromThatCart() async throws {
        let u = try await TestWorld.stocked().useCases
        _ = try await u.createCart(name: "Weekly", items: ["Milk"])
        let missing = DomainError.notFound(kind: .line(onCart: "Weekly"), name: "Mlik", suggestion: "Milk")
        await #expect(throws: missing) { try await u.removeFromCart(cart: "Weekly", item: "Mlik") }
        #expect(missing.description == "no item on cart \"Weekly\" named \"Mlik\"; did you mean \"Milk\"?")
    }

    @Test func itemsResolveByIdPrefix() async throws {
        let u = try await TestWorld.stocked().useCases
        let milk = try await u.showItem("Milk").item
        #expect(try await u.showItem(String(milk.id.rawValue.prefix(8))).item == milk)
        #expect(try await u.showItem(milk.id.rawValue).item == milk)
    }

    @Test func itemShowsEveryStoreCheapestFirst() async throws {
        let u = try await TestWorld.stocked().useCases
        let milk = try await u.showItem("milk")
        #expect(milk.prices.map(\.store.name) == ["Aldi", "Lidl"])
        #expect(milk.cheapest?.store.name == "Aldi")
        #expect(milk.prices.map { $0.current?.unitPrice.price.amountText } == ["1.09", "1.19"])
    }

    @Test func differentUnitsCompareByNormalisedPrice() async throws {
        let world = try await TestWorld.stocked()
        let u = world.useCases
        _ = try await u.addStore(name: "Market")
        // 0.89 per lb is 1.96 per kg: cheaper than Aldi's 1.99 per kg.
        _ = try await u.setPrice(item: "Bananas", store: "Market", price: "0.89", unit: .lb)
        let bananas = try await u.showItem("Bananas")
        #expect(bananas.cheapest?.store.name == "Market")
        #expect(bananas.cheapest?.normalised?.description == "1.96/kg")
    }

    @Test func promotionsCountUntilTheyExpire() async throws {
        let world = try await TestWorld.stocked()
        let u = world.useCases
        let today = world.clock.now().day
        let until = Day(daysSince1970: today.daysSince1970 + 2)
        _ = try await u.setPrice(item: "Milk", store: "Lidl", price: "0.79", isPromotion: true, promotionUntil: until)
        #expect(try await u.showItem("Milk").cheapest?.store.name == "Lidl")
        world.clock.advance(days: 3)
        let after = try await u.showItem("Milk")
        #expect(after.cheapest?.store.name == "Aldi")
        #expect(after.prices.first { $0.store.name == "Lidl" }?.current?.unitPrice.price.amountText == "1.19")
        await #expect(throws: DomainError.self) {
            try await u.setPrice(item: "Milk", store: "Lidl", price: "0.5", isPromotion: true, promotionUntil: today)
        }
    }

    @Test func pricesJoinTheHistory() async throws {
        let world = try await TestWorld.stocked()
        world.clock.advance(days: 1)
        _ = try await world.useCases.setPrice(item: "Milk", store: "Aldi", price: "1.15")
        let history = try await world.useCases.priceHistory("Milk").entries
        #expect(history.map(\.observation.price.price.amountText) == ["1.09", "1.19", "1.15"])
        #expect(history.map(\.storeName) == ["Aldi", "Lidl", "Aldi"])
        #expect(history.allSatisfy { $0.observation.source == .manual })
    }

    @Test func searchIgnoresCaseAndAccentsAndRanksPrefixesFirst() async throws {
        let u = try await TestWorld.stocked().useCases
        _ = try await u.addItem(name: "Oat milk", category: "Dairy")
        _ = try await u.addItem(name: "Jalapeño", category: "Produce")
        #expect(try await u.searchItems("MILK").map(\.item.name) == ["Milk", "Oat milk"])
        #expect(try await u.searchItems("jalapeno").map(\.item.name) == ["Jalapeño"])
        #expect(try await u.searchItems("zzz").isEmpty)
    }

    @Test func categoriesReorderAndRefuseDeletionWhileFull() async throws {
        let u = try await TestWorld.stocked().useCases
        let order = try await u.moveCategory("Bakery", to: 1)
        #expect(order.prefix(2).map(\.name) == ["Bakery", "Produce"])
        #expect(order.map(\.sortOrder) == Array(0..<order.count))
        await #expect(throws: DomainError.categoryNotEmpty(name: "Bakery", itemCount: 1)) { try await u.deleteCategory("bakery") }
        _ = try await u.moveItem("Bread", toCategory: "Pantry")
        _ = try await u.deleteCategory("Bakery")
        #expect(try await u.listCategories().contains { $0.category.name == "Bakery" } == false)
        await #expect(throws: DomainError.invalidPosition(99, count: 9)) { try await u.moveCategory("Dairy", to: 99) }
    }

    @Test func removingAStoreDropsItsPricesAndReplansCarts() async throws {
        let u = try await TestWorld.stocked().useCases
        _ = try await u.createCart(name: "Weekly", items: ["Milk"])
        #expect(try await u.showCart("Weekly").cart.lines[0].plannedStore != nil)
        _ = try await u.removeStore("Aldi")
        let milk = try await u.showItem("Milk")
        #expect(milk.prices.map(\.store.name) == ["Lidl"])
        let line = try await u.showCart("Weekly").cart.lines[0]
        #expect(line.plannedPrice?.amountText == "1.19")
        #expect(try await u.listStores().map(\.name) == ["Lidl"])
        // The name can be used again, which brings the store back.
        #expect(try await u.addStore(name: "ALDI").name == "ALDI")
        #expect(try await u.listStores().count == 2)
    }

    @Test func aislesOrderTheCartAtAStore() async throws {
        let u = try await TestWorld.stocked().useCases
        _ = try await u.addItem(name: "Cheese", category: "Dairy", price: "3.99", store: "Aldi")
        _ = try await u.createCart(name: "Weekly")
        _ = try await u.addToCart(cart: "Weekly", items: ["Milk", "Bananas", "Cheese"], store: "Aldi")
        #expect(try await u.showCart("Weekly").linesInShoppingOrder.map(\.name) == ["Bananas", "Milk", "Cheese"])
        let set = try await u.setAisleOrder(store: "Aldi", categories: ["Dairy"])
        #expect(set.order.first?.name == "Dairy")
        #expect(try await u.showCart("Weekly").linesInShoppingOrder.map(\.name) == ["Milk", "Cheese", "Bananas"])
    }
}

extension VaultUseCaseTests {
    /// Lines go into their store's aisles in one pass: within an aisle they keep the cart's
    /// order, a category is found by its name in any spelling, and impulse buys come last.
    @Test func aislesKeepTheCartsOrderWithinAnAisleAndImpulseBuysLast() async throws {
        let u = try await TestWorld.stocked().useCases
        for (name, category) in [("Cheese", "Dairy"), ("Apples", "Produce"), ("Yogurt", "dairy"), ("Pears", "PRODUCE")] {
            _ = try await u.addItem(name: name, category: category, price: "1.00", store: "Aldi")
        }
        _ = try await u.createCart(name: "Weekly")
        _ = try await u.addToCart(cart: "Weekly", items: ["Yogurt", "Pears", "Milk", "Apples", "Cheese", "Bananas"], store: "Aldi")
        _ = try await u.startTrip("Weekly")
        _ = try await u.addImpulseItem(cart: "Weekly", name: "Gum", price: "0.99", store: "Aldi")
        _ = try await u.setAisleOrder(store: "Aldi", categories: ["Dairy"])
        #expect(try await u.showCart("Weekly").linesInShoppingOrder.map(\.name) == ["Yogurt", "Milk", "Cheese", "Pears", "Apples",
            "Bananas", "Gum"])
        let order = AisleOrder(store: nil, categories: try await u.listCategories().map(\.category))
        #expect(order.position(ofCategoryNamed: "  produce ") == 0)
        #expect(order.position(ofCategoryNamed: "Nowhere") == order.categories.count)
        #expect(order.position(ofCategoryNamed: String?.none) == order.categories.count)
    }
}

/// A category at the last order Grock gives: the next one added goes there too (a tie leaves
/// the two in name order), never past it, and nothing traps.
@Suite struct CategoryOrderTests {
    @Test func aCategoryAddedAfterTheLastOrderGoesNoFurther() async throws {
        let storage = InMemoryStorage()
        let u = TestWorld(storage: storage).useCases
        _ = try await u.setUpFirstRun()
        _ = try await storage.write { repositories -> Change<Void> in
            var last = try #require(try repositories.allCategories().first)
            last.sortOrder = Category.validOrders.upperBound
            try repositories.save(last)
            return Change((), summary: "order at the last Grock gives")
        }
        _ = try await u.addCategory(name: "Zzz")
        let orders = try await u.listCategories().map(\.category.sortOrder)
        #expect(orders.filter { $0 == Category.validOrders.upperBound }.count == 2)
        #expect(Category.successor(of: 41) == 42 && Category.successor(of: .max) == Category.validOrders.upperBound)
    }
}
