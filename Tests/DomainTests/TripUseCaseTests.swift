import Domain
import TestSupport
import Testing

@Suite struct TripUseCaseTests {
    @Test func wholeJourneyPlanShopFinishReopenFinish() async throws {
        let world = try await TestWorld.stocked()
        let u = world.useCases
        _ = try await u.createCart(name: "Weekly", budget: "10", items: ["Milk", "Bananas", "Bread"])
        _ = try await u.updateCartLine(cart: "Weekly", item: "Bananas", quantity: try Quantity(parsing: "1.5"))
        var cart = try await u.startTrip("Weekly")
        #expect(cart.status == .shopping)

        _ = try await u.logPurchase(cart: "Weekly", item: "Milk")                                   // at the plan: 1.09 at Aldi
        _ = try await u.logPurchase(cart: "Weekly", item: "Bananas", price: "2.19", quantity: try Quantity(parsing: "1.2"))
        _ = try await u.addImpulseItem(cart: "Weekly", name: "Chocolate", price: "1.49")
        cart = try await u.showCart("Weekly").cart
        #expect(try cart.actualTotal().amountText == "5.21")   // 1.09 + 2.628 -> 2.63 + 1.49
        #expect(cart.progress == (3, 4))
        #expect(cart.lines.last?.actualStore == cart.lines[1].actualStore) // impulse at the last store bought at

        world.clock.advance(days: 0, seconds: 3600)
        cart = try await u.finishTrip("Weekly")
        #expect(cart.status == .completed)
        #expect(try await u.listActiveCarts().isEmpty)
        #expect(try await u.listHistory().map(\.name) == ["Weekly"])
        // The vault learned the price paid, the impulse buy stayed out of it.
        #expect(try await u.showItem("Bananas").cheapest?.current?.unitPrice.description == "2.19/kg")
        #expect(try await u.searchItems("Chocolate").isEmpty)
        let tripPrices = try await u.priceHistory("Bananas").entries.filter { $0.observation.source != .manual }
        #expect(tripPrices.count == 1)

        await #expect(throws: DomainError.self) { try await u.logPurchase(cart: "Weekly", item: "Bread", price: "1") }
        cart = try await u.reopenCart("Weekly")
        #expect(cart.status == .shopping)
        #expect(try await u.priceHistory("Bananas").entries.filter { $0.observation.source != .manual }.isEmpty)
        _ = try await u.logPurchase(cart: "Weekly", item: "Bread", price: "2.29", store: "Lidl")
        cart = try await u.finishTrip("Weekly")
        #expect(try cart.actualTotal().amountText == "7.50")
        #expect(try await u.priceHistory("Bananas").entries.filter { $0.observation.source != .manual }.count == 1)
        #expect(try await u.showItem("Bread").cheapest?.current?.unitPrice.price.amountText == "2.29")
    }

    @Test func aReopenedTripKeepsItsDateWhenFinishedAgain() async throws {
        let world = try await TestWorld.stocked()
        let u = world.useCases
        _ = try await u.createCart(name: "October", items: ["Milk", "Bread"])
        _ = try await u.startTrip("October")
        _ = try await u.logPurchase(cart: "October", item: "Milk")
        let first = try #require(try await u.finishTrip("October").completedAt)
        world.clock.advance(days: 40)
        _ = try await u.reopenCart("October")
        _ = try await u.logPurchase(cart: "October", item: "Bread", price: "2.59")
        let again = try await u.finishTrip("October")
        #expect(again.completedAt == first)
        #expect(try await u.listHistory().map(\.completedAt) == [first])
        #expect(try await u.monthlySpending().map(\.month) == [first.day.monthText])
        // Its prices were seen on the trip's day, not on the day of the correction.
        #expect(try await u.showItem("Bread").prices.first { $0.store.name == "Lidl" }?.current?.observedAt == first)
        // Aborting a trip forgets its dates: a later trip is dated by itself.
        _ = try await u.createCart(name: "Later", items: ["Milk"])
        _ = try await u.startTrip("Later")
        #expect(try await u.abortTrip("Later").completedAt == nil)
    }

    /// Issue #23, 4: Milk 1.00 seen today, bought at 1.20 today; the trip reopened and finished
    /// again four days ago. The current price is what the history says is newest: 1.00.
    @Test func aTripReopenedAndBackdatedLeavesNoStalePriceCurrent() async throws {
        let world = try await TestWorld.stocked()
        let u = world.useCases
        _ = try await u.addItem(name: "Oat milk", category: "Dairy", price: "1.00", store: "Aldi")
        _ = try await u.createCart(name: "W", items: ["Oat milk", "Bread"])
        _ = try await u.startTrip("W")
        _ = try await u.logPurchase(cart: "W", item: "Oat milk", price: "1.20", store: "Aldi")
        _ = try await u.finishTrip("W")
        _ = try await u.createCart(name: "Next", items: ["Oat milk"])
        #expect(try await u.showItem("Oat milk").cheapest?.current?.unitPrice.price.amountText == "1.20")
        _ = try await u.reopenCart("W")
        let aldi = { try await u.showItem("Oat milk").prices.first { $0.store.name == "Aldi" }?.current }
        #expect(try await aldi()?.unitPrice.price.amountText == "1.00")
        // A cart being planned follows, as it follows any price.
        #expect(try await u.showCart("Next").cart.lines.first?.plannedPrice?.amountText == "1.00")
        let fourDaysAgo = Day(daysSince1970: world.clock.now().day.daysSince1970 - 4)
        _ = try await u.finishTrip("W", date: fourDaysAgo.description)
        #expect(try await aldi()?.unitPrice.price.amountText == "1.00")
        #expect(try await aldi()?.observedAt.day == world.clock.now().day)
        let paid = try await u.priceHistory("Oat milk").entries.filter { $0.observation.source != .manual }
        #expect(paid.map { "\($0.observation.price.price.amountText) \($0.observation.observedAt.day)" } == ["1.20 \(fourDaysAgo)"])
    }

    /// Issue #23, 5: an impulse buy went to the store of the cart's last line, not where the
    /// shopper was. The one store bought at is the default; after several, the store is asked for.
    @Test func anImpulseBuyGoesToTheStoreItWasBoughtAt() async throws {
        let world = try await TestWorld.stocked()
        let u = world.useCases
        _ = try await u.createCart(name: "W", items: ["Milk", "Bread"])
        _ = try await u.startTrip("W")
        _ = try await u.logPurchase(cart: "W", item: "Bread", store: "Lidl")
        let names = { (cart: Cart) in cart.lines.filter(\.isImpulse).map { "\($0.name)@\($0.actualStore?.rawValue ?? "-")" } }
        let lidl = try #require(try await u.listStores().first { $0.name == "Lidl" }).id.rawValue
        #expect(names(try await u.addImpulseItem(cart: "W", name: "Gum", price: "0.99")) == ["Gum@\(lidl)"])
        _ = try await u.logPurchase(cart: "W", item: "Milk", store: "Aldi")
        await #expect(throws: DomainError.storeUnclear(item: "Mints", stores: ["Aldi", "Lidl"], bought: true)) {
            try await u.addImpulseItem(cart: "W", name: "Mints", price: "0.50")
        }
        let cart = try await u.addImpulseItem(cart: "W", name: "Mints", price: "0.50", store: "Lidl")
        #expect(names(cart) == ["Gum@\(lidl)", "Mints@\(lidl)"])
    }

    @Test func anOldTripNeverOverwritesANewerPrice() async throws {
        let world = try await TestWorld.stocked()
        let u = world.useCases
        _ = try await u.createCart(name: "Early", items: ["Milk"])
        _ = try await u.startTrip("Early")
        _ = try await u.logPurchase(cart: "Early", item: "Milk", price: "0.99")
        _ = try await u.finishTrip("Early")                           // 2 March: Milk 0.99 at Aldi
        world.clock.advance(days: 9)
        _ = try await u.setPrice(item: "Milk", store: "Aldi", price: "1.15")   // 11 March
        world.clock.advance(days: 3)
        _ = try await u.reopenCart("Early")
        _ = try await u.logPurchase(cart: "Early", item: "Milk", price: "0.95")
        _ = try await u.finishTrip("Early")                           // still a trip of 2 March
        let aldi = try #require(try await u.showItem("Milk").prices.first { $0.store.name == "Aldi" })
        #expect(aldi.current?.unitPrice.price.amountText == "1.15")
        // The trip's price is still in the history, on its day.
        #expect(try await u.priceHistory("Milk").entries.map(\.observation.price.price.amountText).contains("0.95"))
    }

    @Test func aReceiptEnteredAfterwardsIsDatedByIt() async throws {
        let world = try await TestWorld.stocked()
        let u = world.useCases
        world.clock.advance(days: 40)                                     // 11 April
        _ = try await u.setPrice(item: "Milk", store: "Aldi", price: "1.19")  // seen today
        _ = try await u.createCart(name: "Receipt", items: ["Milk", "Bread"])
        _ = try await u.startTrip("Receipt")
        _ = try await u.logPurchase(cart: "Receipt", item: "Milk", price: "0.99", date: "2026-03-20")
        _ = try await u.logPurchase(cart: "Receipt", item: "Bread", price: "2.39")
        let done = try await u.finishTrip("Receipt")
        let march20 = try #require(Timestamp(rfc3339: "2026-03-20T12:00:00+01:00"))
        #expect(done.completedAt == march20)
        #expect(try #require(done.startedAt) <= march20)
        #expect(try await u.monthlySpending().map(\.month) == ["2026-03"])
        // The receipt's Milk is older than the price seen today, which stays; Bread had none newer.
        let milk = try await u.showItem("Milk").prices.first { $0.store.name == "Aldi" }
        #expect(milk?.current?.unitPrice.price.amountText == "1.19")
        #expect(try await u.showItem("Bread").prices.first { $0.store.name == "Lidl" }?.current?.observedAt == march20)
        // A date given when finishing wins over the one the trip had.
        _ = try await u.reopenCart("Receipt")
        #expect(try await u.finishTrip("Receipt", date: "2026-03-21").completedAt?.day == Day(iso: "2026-03-21"))
        // An item price seen earlier joins the history and leaves the newer one current.
        _ = try await u.setPrice(item: "Milk", store: "Aldi", price: "0.89", date: "2026-03-01")
        #expect(try await u.showItem("Milk").prices.first { $0.store.name == "Aldi" }?.current?.unitPrice.price.amountText == "1.19")
        #expect(try await u.priceHistory("Milk").entries.contains { $0.observation.price.price.amountText == "0.89" })
        await #expect(throws: DomainError.futureDate("2026-05-01")) {
            try await u.setPrice(item: "Milk", store: "Aldi", price: "1", date: "2026-05-01") }
    }

    @Test func linesNotBoughtCarryOverToAPlanningCart() async throws {
        let u = try await TestWorld.stocked().useCases
        _ = try await u.createCart(name: "Weekly", items: ["Milk", "Bread", "Bananas"])
        _ = try await u.startTrip("Weekly")
        _ = try await u.logPurchase(cart: "Weekly", item: "Milk")
        _ = try await u.addImpulseItem(cart: "Weekly", name: "Chocolate", price: "1.49")
        let done = try await u.finishTrip("Weekly", carryOver: "Next week")
        #expect(done.lines.count { !$0.isFulfilled } == 2)               // history keeps them, not bought
        let next = try await u.showCart("Next week").cart
        #expect(next.status == .planning && next.lines.map(\.name) == ["Bread", "Bananas"])
        #expect(next.lines.allSatisfy { !$0.isFulfilled && $0.actualPrice == nil })
        // Into a cart that exists, adding to its lines; never into one being shopped.
        _ = try await u.createCart(name: "Second", items: ["Bread", "Bananas"])
        _ = try await u.startTrip("Second")
        _ = try await u.logPurchase(cart: "Second", item: "Bread")
        _ = try await u.addToCart(cart: "Next week", items: ["Milk"])
        _ = try await u.createCart(name: "Third", items: ["Milk", "Bananas"])
        _ = try await u.startTrip("Third")
        _ = try await u.logPurchase(cart: "Third", item: "Milk")
        _ = try await u.finishTrip("Third", carryOver: "next WEEK")
        #expect(try await u.showCart("Next week").cart.lines.map(\.name) == ["Bread", "Bananas", "Milk"])
        #expect(try await u.showCart("Next week").cart.line(for: try await u.showItem("Bananas").item.id)?.quantity == Quantity(2))
        await #expect(throws: DomainError.self) { try await u.finishTrip("Second", carryOver: "Second") }
    }

    @Test func loggingNeedsAPriceAndAStore() async throws {
        let u = try await TestWorld.stocked().useCases
        _ = try await u.addItem(name: "Salt", category: "Pantry")
        _ = try await u.createCart(name: "Weekly", items: ["Salt"])
        _ = try await u.startTrip("Weekly")
        await #expect(throws: DomainError.priceRequired(item: "Salt")) { try await u.logPurchase(cart: "Weekly", item: "Salt") }
        await #expect(throws: DomainError.storeRequired(item: "Salt")) {
            try await u.logPurchase(cart: "Weekly", item: "Salt", price: "0.5") }
        let cart = try await u.logPurchase(cart: "Weekly", item: "Salt", price: "0.5", store: "Lidl")
        #expect(cart.lines[0].isFulfilled)
    }

    @Test func loggingAgainCorrectsAndUnloggingTakesBack() async throws {
        let u = try await TestWorld.stocked().useCases
        _ = try await u.createCart(name: "Weekly", items: ["Milk"])
        _ = try await u.startTrip("Weekly")
        _ = try await u.logPurchase(cart: "Weekly", item: "Milk", price: "1.50")
        var cart = try await u.logPurchase(cart: "Weekly", item: "Milk", price: "1.20")
        #expect(cart.lines[0].actualPrice?.amountText == "1.20")
        cart = try await u.unlogPurchase(cart: "Weekly", item: "Milk")
        #expect(!cart.lines[0].isFulfilled)
        await #expect(throws: DomainError.notBought(item: "Milk", cart: "Weekly")) {
            try await u.unlogPurchase(cart: "Weekly", item: "Milk") }
        await #expect(throws: DomainError.nothingBought(cart: "Weekly")) { try await u.finishTrip("Weekly") }
    }

    @Test func aTickOnALineBoughtKeepsWhatWasPaid() async throws {
        // A second phone's stale or queued tick must not overwrite what the first one paid.
        let u = try await TestWorld.stocked().useCases
        _ = try await u.createCart(name: "Weekly", items: ["Milk"])
        _ = try await u.startTrip("Weekly")
        _ = try await u.logPurchase(cart: "Weekly", item: "Milk", price: "1.29", store: "Lidl", quantity: try Quantity(parsing: "2"))
        var cart = try await u.logPurchase(cart: "Weekly", item: "Milk")
        #expect(cart.lines[0].actualPrice?.amountText == "1.29")
        #expect(cart.lines[0].purchasedQuantity == (try Quantity(parsing: "2")))
        let lidl = cart.lines[0].actualStore
        // A price corrected alone keeps the store and the quantity recorded.
        cart = try await u.logPurchase(cart: "Weekly", item: "Milk", price: "1.19")
        #expect(cart.lines[0].actualPrice?.amountText == "1.19")
        #expect(cart.lines[0].purchasedQuantity == (try Quantity(parsing: "2")))
        #expect(cart.lines[0].actualStore == lidl && lidl != cart.lines[0].plannedStore)
    }

    @Test func aTickOnALineBoughtStoresNothingToUndo() async throws {
        let u = try await TestWorld.stocked().useCases
        _ = try await u.createCart(name: "Weekly", items: ["Milk"])
        _ = try await u.startTrip("Weekly")
        _ = try await u.logPurchase(cart: "Weekly", item: "Milk", price: "1.29")
        let tick = try await u.logPurchase.withCautions(cart: "Weekly", item: "Milk")
        #expect(!tick.changed && tick.cart.lines[0].actualPrice?.amountText == "1.29")
        // No undo step stands for the tick: undo takes back the purchase logged before it.
        #expect(try await u.undoLastChange().hasPrefix("logged Milk on Weekly at 1.29"))
        #expect(try await u.showCart("Weekly").cart.lines[0].isFulfilled == false)
        // A tick that dates the trip changes the cart: that is stored, and says so.
        _ = try await u.logPurchase(cart: "Weekly", item: "Milk", price: "1.29")
        let dated = try await u.logPurchase.withCautions(cart: "Weekly", item: "Milk", date: "2026-01-10")
        #expect(dated.changed && dated.cart.lines[0].actualPrice?.amountText == "1.29")
        #expect(try await u.undoLastChange() == "dated the trip of Weekly, Milk kept as bought")
    }

    @Test func abortingReturnsToPlanning() async throws {
        let u = try await TestWorld.stocked().useCases
        _ = try await u.createCart(name: "Weekly", items: ["Milk"])
        _ = try await u.startTrip("Weekly")
        _ = try await u.logPurchase(cart: "Weekly", item: "Milk")
        _ = try await u.addImpulseItem(cart: "Weekly", name: "Gum", price: "0.99")
        let cart = try await u.abortTrip("Weekly")
        #expect(cart.status == .planning && cart.lines.map(\.name) == ["Milk"] && !cart.lines[0].isFulfilled)
        await #expect(throws: DomainError.self) { try await u.abortTrip("Weekly") }
    }

    @Test func undoTakesBackChangesOneAtATime() async throws {
        let u = try await TestWorld.stocked().useCases
        _ = try await u.createCart(name: "Weekly", items: ["Milk"])
        _ = try await u.removeFromCart(cart: "Weekly", item: "Milk")
        #expect(try await u.undoLastChange() == "removed Milk from Weekly")
        #expect(try await u.showCart("Weekly").cart.lines.count == 1)
        #expect(try await u.undoLastChange() == "created cart Weekly with 1 item")
        #expect(try await u.listActiveCarts().isEmpty)
    }

    @Test func currencyChangesOnlyRelabelAmounts() async throws {
        let u = try await TestWorld.stocked().useCases
        #expect(try await u.changeCurrency(try Currency(code: "USD")).currency.code == "USD")
        await #expect(throws: DomainError.currencyDigitsDiffer(from: "USD", to: "JPY")) {
            try await u.changeCurrency(try Currency(code: "JPY")) }
        let empty = TestWorld().useCases
        #expect(try await empty.changeCurrency(try Currency(code: "JPY")).currency.code == "JPY")
    }

    @Test func resetErasesEverything() async throws {
        let u = try await TestWorld.stocked().useCases
        try await u.resetAllData()
        #expect(try await u.listStores().isEmpty)
        #expect(try await u.showSettings().isSetUp == false)
        await #expect(throws: DomainError.nothingToUndo) { try await u.undoLastChange() }
    }
}
