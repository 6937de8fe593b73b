import DataLayer
import Domain
import Observation
@testable import Presentation
import Terminal
import TestSupport
import Testing

/// A stocked world over the in-memory storage, with a cart "Weekly" (budget 5.00) holding
/// Milk, 1.5 kg Bananas, Bread and the unpriced Salt.
@MainActor
func weeklyWorld() async throws -> (world: TestWorld, cart: CartDetailViewModel) {
    let world = try await TestWorld.stocked(storage: InMemoryStorage())
    _ = try await world.useCases.addItem(name: "Salt", category: "Pantry")
    let cart = CartDetailViewModel(useCases: world.useCases, cart: "Weekly")
    #expect(await cart.create(budget: "5", items: ["Milk", "Bananas", "Bread", "Salt"]))
    #expect(await cart.setLine("Bananas", quantity: try Quantity(parsing: "1.5"), store: nil))
    return (world, cart)
}

func lines(_ text: String) -> [String] { text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }

@MainActor @Suite struct HomeViewModelTests {
    @Test func emptyHomeSaysHowToStart() async throws {
        let home = HomeViewModel(useCases: TestWorld(storage: InMemoryStorage()).useCases)
        #expect(home.render() == "Loading...")
        await home.load()
        #expect(home.render() == """
            Active carts
              No carts yet - create one with: grock cart new NAME --budget 50

            Insights
              Spent in 2026-03  0.00 EUR  on 0 trips
              Open budgets      0.00 EUR  across 0 carts
            """)
    }

    @Test func overBudgetIsVisibleWithoutColour() async throws {
        let (world, _) = try await weeklyWorld()
        let home = HomeViewModel(useCases: world.useCases)
        await home.load()
        #expect(home.render() == """
            Active carts
              Weekly  [planning]  created 2026-03-02  4 items
                [####################]! 131%  planned 6.56 of 5.00 EUR, 1.56 OVER BUDGET

            Insights
              Spent in 2026-03  0.00 EUR  on 0 trips
              Open budgets      5.00 EUR  across 1 cart
            """)
        #expect(home.rows.first?.overBudget == true)
        #expect(home.rows.first?.plannedTotal == "6.56")
    }

    @Test func richStyleUsesColourAndUnicodeOnlyWhenAsked() async throws {
        let (world, _) = try await weeklyWorld()
        let home = HomeViewModel(useCases: world.useCases)
        await home.load()
        #expect(!home.render().contains("\u{1B}["))
        #expect(home.render().allSatisfy { $0.isASCII })
        #expect(home.render(.rich).contains("\u{1B}[31m"))
        #expect(home.render(.rich).contains("█"))
        #expect(lines(home.render()).allSatisfy { $0.count <= 80 })
    }

    @Test func longNamesStillFitEightyColumns() async throws {
        let world = try await TestWorld.stocked(storage: InMemoryStorage())
        let long = String(repeating: "Very long name ", count: 6) + "end"
        _ = try await world.useCases.addStore(name: long)
        _ = try await world.useCases.addItem(name: long, category: "Dairy", price: "999999.99", store: long)
        let cart = CartDetailViewModel(useCases: world.useCases, cart: long)
        await cart.create(budget: "999999.99", items: [long, "Milk"])
        await cart.startTrip()
        let home = HomeViewModel(useCases: world.useCases)
        await home.load()
        let vault = VaultViewModel(useCases: world.useCases)
        await vault.show(long)
        let shop = ShoppingModeViewModel(useCases: world.useCases, cart: long)
        await shop.begin()
        _ = await shop.handle("p 1 " + String(repeating: "9", count: 60))
        for text in [cart.render(), home.render(), vault.render(), shop.render(), cart.render(.rich)] {
            for line in lines(text) { #expect(TextBlocksProbe.visibleWidth(line) <= 80, "too wide: \(line)") }
        }
        #expect(shop.render().contains("than the largest price, 1000000.00"))
    }

    @Test func loadingIsObserved() async throws {
        let (world, _) = try await weeklyWorld()
        let home = HomeViewModel(useCases: world.useCases)
        let changed = ObservationFlag()
        withObservationTracking { _ = home.carts } onChange: { changed.set() }
        await home.load()
        #expect(changed.value)
    }
}

@MainActor @Suite struct CartDetailViewModelTests {
    @Test func planningIsGroupedByStoreWithTheBudgetCounter() async throws {
        let (_, cart) = try await weeklyWorld()
        #expect(cart.render() == """
            Weekly  [planning]  created 2026-03-02
            [####################]! 131%  planned 6.56 of 5.00 EUR, 1.56 OVER BUDGET

            Aldi                                                                4.07
              Bananas  1.5 kg  x 1.99  2.98
              Milk     1 each  x 1.09  1.09

            Lidl                                                                2.49
              Bread  1 each  x 2.49  2.49

            No store                                                            0.00
              Salt  1 each  no price  -

            No known price for: Salt (not in the total)
            """)
    }

    @Test func shoppingShowsCheckBoxesPricesAndProgress() async throws {
        let (_, cart) = try await weeklyWorld()
        #expect(await cart.startTrip())
        #expect(await cart.log("Milk", price: "1.19"))
        #expect(await cart.addImpulse("Chocolate", price: "1.49"))
        #expect(cart.notice == "Weekly: added impulse buy Chocolate")
        #expect(cart.render() == """
            Weekly  [shopping]  created 2026-03-02  [####------] 2/5
            [##########----------]   54%  spent 2.68 of 5.00 EUR, 2.32 left

            Aldi                                                    2.68 spent + 2.98 to buy
              [ ]  Bananas    1.5 kg  (1.99)
              [x]  Milk       1 each    1.19  1.19  planned 1.09
              [x]  Chocolate  1 each    1.49  1.49  impulse

            Lidl                                                                2.49
              [ ]  Bread  1 each  (2.49)

            No store                                                            0.00
              [ ]  Salt  1 each  (no price)
            """)
        let document = try #require(cart.document)
        #expect(document.status == "shopping" && document.actualTotal == "2.68" && document.remaining == "2.32")
        #expect(document.items.map(\.item) == ["Bananas", "Milk", "Chocolate", "Bread", "Salt"])
    }

    @Test func completedIsReadOnlyAndRefusalsBecomeErrorState() async throws {
        let (_, cart) = try await weeklyWorld()
        await cart.startTrip()
        await cart.log("Bread", price: nil)
        #expect(await cart.finishTrip())
        #expect(lines(cart.render())[2] == "Completed 2026-03-02; read-only (grock trip reopen Weekly to correct it).")
        #expect(await cart.add(["Milk"]) == false)
        #expect(cart.errorMessage == "cart \"Weekly\" is completed; reopen it to change it")
        #expect(cart.lastError as? DomainError == .notAllowed(cart: "Weekly", status: .completed, action: .edit))
        #expect(lines(cart.render())[0] == "error: cart \"Weekly\" is completed; reopen it to change it")
        #expect(await cart.reopen())
        #expect(cart.errorMessage == nil)
        #expect(cart.cart?.status == .shopping)
    }

    /// An imported trip whose receipt repeats an item shows each line with its own cost, and
    /// the store's total is their exact sum.
    @Test func aTripWithAnItemOnTwoLinesShowsEachLineAtItsCost() async throws {
        let world = try await TestWorld.stocked(storage: InMemoryStorage())
        func row(_ item: String, _ price: Int64, line: Int) -> Purchase {
            Purchase(date: Day(iso: "2026-02-01")!, trip: "Receipt", store: "Aldi", category: "Dairy", item: item, quantity: .one,
                     unit: .each, price: Money(minorUnits: price, currency: .euro), sourceLine: line)
        }
        _ = try await world.useCases.importPurchases([row("Milk", 119, line: 2), row("Milk", 129, line: 3)])
        let cart = CartDetailViewModel(useCases: world.useCases, cart: "Receipt")
        #expect(await cart.load())
        #expect(Array(lines(cart.render()).suffix(3)) == [
            "Aldi                                                                2.48",
            "  [x]  Milk  1 each  1.19  1.19",
            "  [x]  Milk  1 each  1.29  1.29",
        ])
        #expect(cart.document?.items.map { $0.cost ?? "" } == ["1.19", "1.29"])
    }

    @Test func anUnknownCartIsAnErrorNotACrash() async throws {
        let world = TestWorld(storage: InMemoryStorage())
        let cart = CartDetailViewModel(useCases: world.useCases, cart: "Nope")
        #expect(await cart.load() == false)
        #expect(cart.render() == "error: no cart named \"Nope\"")
    }

    @Test func changesAreObserved() async throws {
        let (_, cart) = try await weeklyWorld()
        let changed = ObservationFlag()
        withObservationTracking { _ = cart.document } onChange: { changed.set() }
        await cart.remove("Salt")
        #expect(changed.value)
        #expect(cart.cart?.lines.count == 3)
    }
}

@MainActor @Suite struct ShoppingModeViewModelTests {
    @Test func typedCommandsTickPriceAddAndFinish() async throws {
        let (world, _) = try await weeklyWorld()
        let shop = ShoppingModeViewModel(useCases: world.useCases, cart: "Weekly")
        #expect(await shop.begin())
        #expect(shop.notice == "Trip started.")
        #expect(await shop.handle("2") == .stay)              // Milk at its planned price
        #expect(await shop.handle("p 1 2.05") == .stay)       // Bananas at 2.05/kg
        #expect(await shop.handle("+ Dark chocolate 1.49") == .stay)
        #expect(shop.render() == """
            WEEKLY  [######----] 3/5
            [####################]! 113%  spent 5.66 of 5.00 EUR, 0.66 OVER BUDGET

            --- Aldi ---
              1  [x]  Bananas         1.5 kg  2.05
              2  [x]  Milk            1 each  1.09
              5  [x]  Dark chocolate  1 each  1.49

            --- Lidl ---
              3  [ ]  Bread  1 each  2.49

            --- No store ---
              4  [ ]  Salt  1 each  ?

            Dark chocolate: added and bought.
            N tick/untick | p N PRICE [QTY] | + NAME PRICE | f finish | q quit | ? help
            """)
        #expect(await shop.handle("2") == .stay)              // untick Milk
        #expect(shop.row(2)?.isBought == false)
        #expect(await shop.handle("f") == .finished)
        // 1.5 kg at 2.05 is 3.075, rounded half-to-even to 3.08.
        #expect(shop.render() == "Trip finished: spent 4.57 EUR of 5.00 (0.43 left).\n2 of 5 items bought; vault prices updated for 1 item.")
    }

    @Test func badCommandsAreErrorsAndNothingChanges() async throws {
        let (world, _) = try await weeklyWorld()
        let shop = ShoppingModeViewModel(useCases: world.useCases, cart: "Weekly")
        await shop.begin()
        _ = await shop.handle("9")
        #expect(shop.errorMessage == "position 9 is not between 1 and 4")
        _ = await shop.handle("p 1 abc")
        #expect(shop.errorMessage?.hasPrefix("\"abc\" is not a valid amount") == true)
        _ = await shop.handle("hello")
        #expect(shop.errorMessage == "unknown command: type a line number, p N PRICE [QTY], + NAME PRICE, f, q or ? for help")
        _ = await shop.handle("4")
        #expect(shop.errorMessage == "no price is known for \"Salt\"; give the price paid")
        #expect(await shop.handle("f") == .stay)
        #expect(shop.errorMessage == "nothing on cart \"Weekly\" has been bought yet; log a purchase or abort the trip")
        #expect(await shop.handle("q") == .left)
        #expect(shop.sections.flatMap(\.rows).allSatisfy { !$0.isBought })
    }
}

@MainActor @Suite struct VaultViewModelTests {
    @Test func browsingShowsCategoriesInOrderWithPriceBadges() async throws {
        let (world, _) = try await weeklyWorld()
        let vault = VaultViewModel(useCases: world.useCases)
        await vault.browse()
        #expect(lines(vault.render()).prefix(8) == [
            "Produce", "  Bananas  1.99/kg  at Aldi", "Dairy", "  Milk  1.09/each  at Aldi (+1 store)", "Meat & Fish", "  (no items)",
            "Bakery", "  Bread  2.49/each  at Lidl",
        ])
    }

    @Test func anItemShowsEveryStoreWithTheCheapestMarked() async throws {
        let (world, _) = try await weeklyWorld()
        let vault = VaultViewModel(useCases: world.useCases)
        _ = try await world.useCases.addStore(name: "Market")
        await vault.setPrice("Bananas", store: "Market", price: "0.89", unit: .lb, promotion: true, until: Day(iso: "2026-03-09"))
        #expect(vault.render() == """
            Bananas  (Produce, sold by kg)
               Store     Price  Normalised  Seen
            *  Market  0.89/lb     1.96/kg  2026-03-02  promotion until 2026-03-09
               Aldi    1.99/kg     1.99/kg  2026-03-02
            * cheapest per kg (EUR)
            """)
        let document = try #require(vault.itemDocument)
        #expect(document.prices.map(\.unitPrice) == ["1.96", "1.99"])
        #expect(document.prices.first?.cheapest == true)
    }

    @Test func searchAndHistoryAndEmptyStates() async throws {
        let empty = VaultViewModel(useCases: TestWorld(storage: InMemoryStorage()).useCases)
        await empty.browse()
        #expect(empty.render() == "The vault is empty: run grock init, then grock item add NAME --category CAT")
        let (world, _) = try await weeklyWorld()
        let vault = VaultViewModel(useCases: world.useCases)
        await vault.search("zzz")
        #expect(vault.render() == "Items matching \"zzz\"\n  Nothing matches.")
        await vault.showHistory("milk")
        #expect(vault.render() == """
            Price history of Milk (EUR)
              _@  per each, oldest to newest
              2026-03-02  Aldi  1.09/each  seen
              2026-03-02  Lidl  1.19/each  seen
            """)
        #expect(await vault.show("Mlik") == false)
        #expect(vault.errorMessage == "no item named \"Mlik\"; did you mean \"Milk\"?")
    }

    @Test func categoriesAreManagedHere() async throws {
        let (world, _) = try await weeklyWorld()
        let vault = VaultViewModel(useCases: world.useCases)
        #expect(await vault.moveCategory("Pantry", to: 1))
        #expect(lines(vault.render()).prefix(3) == ["Categories", "   1.  Pantry         1 item", "   2.  Produce        1 item"])
        #expect(await vault.removeCategory("Pantry") == false)
        #expect(vault.errorMessage == "category \"Pantry\" still has 1 item; move or remove it first")
    }
}

@MainActor @Suite struct MenuViewModelTests {
    @Test func storesAndAisles() async throws {
        let (world, _) = try await weeklyWorld()
        let stores = StoresViewModel(useCases: world.useCases)
        await stores.load()
        #expect(stores.render() == "Stores\n  Aldi  added 2026-03-02\n  Lidl  added 2026-03-02")
        await stores.aisles(of: "aldi", set: ["Dairy"])
        #expect(lines(stores.render()).prefix(3) == ["Aisles of Aldi (walking order)", "   1.  Dairy", "   2.  Produce        (default order)"])
        #expect(await stores.add("Lidl") == false)
        #expect(stores.errorMessage == "a store named \"Lidl\" already exists")
        let empty = StoresViewModel(useCases: TestWorld(storage: InMemoryStorage()).useCases)
        await empty.load()
        #expect(empty.render() == "Stores\n  No stores yet - add one with: grock store add NAME")
    }

    @Test func settingsAndReset() async throws {
        let (world, _) = try await weeklyWorld()
        let settings = SettingsViewModel(useCases: world.useCases)
        await settings.load()
        #expect(settings.render() == "Settings\n  Currency  EUR (2 decimals)\n  Set up    yes")
        #expect(await settings.changeCurrency("JPY") == false)
        #expect(settings.errorMessage == "cannot switch from EUR to JPY: they have different decimals and Grock does not convert stored amounts")
        #expect(await settings.reset())
        #expect(settings.render() == "Settings\n  Currency  EUR (2 decimals)\n  Set up    no - run grock init")
    }

    @Test func onboardingWalksThroughFirstRun() async throws {
        let onboarding = OnboardingViewModel(useCases: TestWorld(storage: InMemoryStorage()).useCases)
        #expect(lines(onboarding.render())[0] == "Welcome to Grock")
        #expect(await onboarding.setUp(currency: "usd"))
        #expect(lines(onboarding.render())[0] == "Grock is set up. Currency: USD.")
        #expect(await onboarding.addFirstStore("Corner shop"))
        #expect(await onboarding.addFirstItem("Eggs", category: "Dairy", price: "2.99"))
        #expect(onboarding.render() == "Added Eggs to the vault. You are ready to plan a cart.")
        #expect(await onboarding.setUp(currency: nil))
        #expect(lines(onboarding.render())[0] == "Grock is already set up (currency USD); nothing was changed.")
    }
}

@MainActor @Suite struct InsightsViewModelTests {
    @Test func insightsSumCompletedTrips() async throws {
        let (world, cart) = try await weeklyWorld()
        let u = world.useCases
        await cart.startTrip()
        await cart.log("Milk", price: "1.09")
        await cart.log("Bread", price: "2.49")
        await cart.finishTrip()
        world.clock.advance(days: 31)
        _ = try await u.createCart(name: "Next", budget: "3", items: ["Milk", "Bread"])
        _ = try await u.startTrip("Next")
        _ = try await u.logPurchase(cart: "Next", item: "Milk", price: "1.29")
        _ = try await u.logPurchase(cart: "Next", item: "Bread")
        _ = try await u.finishTrip("Next")
        let insights = InsightsViewModel(useCases: u)
        await insights.load(by: .month)
        #expect(insights.render() == """
            Spending (EUR), 2026-03-02 to 2026-04-02
              Total           7.36  on 2 trips
              Average basket  3.68
              Over budget     0.78  in all, on 1 trip of 2 with a budget
              Planning error  1.59  mean |paid - planned| per trip, impulse buys too

            By month
              2026-03  3.58  1 trip  ######################
              2026-04  3.78  1 trip  ########################
              trend _@

            Personal inflation (your basket of 2 items from 2026-03 = 100)
              Now    105.59  +5.59% since 2026-03
              Trend  _@

            Biggest price changes (first and last price paid, at the store last paid)
              Milk   1.09  ->  1.29/each  +18.35%
              Bread  2.49  ->  2.49/each    0.00%
            """)
        await insights.load(by: .store)
        #expect(lines(insights.render())[7...8] == ["  Lidl  4.98  2 trips  ########################", "  Aldi  2.38  2 trips  ###########"])
        #expect(insights.document?.byCategory.map(\.label) == ["Bakery", "Dairy"])
        #expect(await insights.load(from: "2026-4") == false)
        let empty = InsightsViewModel(useCases: TestWorld(storage: InMemoryStorage()).useCases)
        await empty.load()
        #expect(empty.render() == "No completed trips yet - insights appear once you finish a trip.")
        // A range outside the history says where the history is.
        await insights.load(from: "2027-01", to: "2027-12")
        #expect(insights.render().replacingOccurrences(of: "\n    ", with: " ")
                == "No completed trips between 2027-01 and 2027-12; your history runs from 2026-03 to 2026-04.")
        await insights.load(to: "2025-12")
        #expect(insights.render().replacingOccurrences(of: "\n    ", with: " ") == "No completed trips up to 2025-12; your history runs from 2026-03 to 2026-04.")
        await insights.load(base: "2030-01")
        #expect(insights.render().replacingOccurrences(of: "\n    ", with: " ")
                .contains("No personal inflation from 2030-01: no vault item was bought then and later; your history runs from 2026-03 to 2026-04."))
    }

    @Test func historyListsCompletedTripsNewestFirst() async throws {
        let (world, cart) = try await weeklyWorld()
        await cart.startTrip()
        await cart.log("Milk", price: nil)
        await cart.finishTrip()
        let history = HistoryViewModel(useCases: world.useCases)
        await history.load()
        #expect(history.render().hasPrefix("History (completed trips, newest first)\n  2026-03-02  Weekly  1.09  of 5.00  1/4 bought  "))
        let id = try #require(history.render().split(separator: " ").last.map(String.init))
        let found = try await world.useCases.showCart(id).cart.name
        #expect(id.count == 8 && found == "Weekly")
    }
}

/// Counts what a terminal shows of a line: colour codes take no room.
enum TextBlocksProbe {
    static func visibleWidth(_ line: String) -> Int {
        var count = 0, escaping = false
        for character in line {
            if character == "\u{1B}" { escaping = true } else if escaping { escaping = character != "m" } else { count += 1 }
        }
        return count
    }
}

/// Set from an observation callback, read by the test.
final class ObservationFlag: @unchecked Sendable {
    private(set) var value = false
    func set() { value = true }
}

@MainActor @Suite struct PlanAndReportViewModelTests {
    @Test func planRendersStoresSavingAndWhatIsLeftOut() async throws {
        let (world, _) = try await weeklyWorld()
        _ = try await world.useCases.updateCartLine(cart: "Weekly", item: "Milk", store: "Lidl")
        let plan = PlanViewModel(useCases: world.useCases)
        #expect(await plan.load(cart: "Weekly", maxStores: nil, apply: false))
        #expect(plan.render() == """
            Cheapest plan for Weekly (2 stores: Aldi, Lidl)

            Aldi                                                                4.07
              Milk     1 each  x 1.09  1.09  was 1.19
              Bananas  1.5 kg  x 1.99  2.98

            Lidl                                                                2.49
              Bread  1 each  x 2.49  2.49

            Plan total  6.56 EUR
            Saving      0.10 EUR  against 6.66 in the current plan
            No known price anywhere (not planned): Salt
            Nothing changed; add --apply to plan the cart this way.
            """)
        #expect(plan.document?.saving == "0.10")
        #expect(await plan.load(cart: "Nope", maxStores: 1, apply: false) == false)
        #expect(plan.errorMessage == "no cart named \"Nope\"")
    }

    @Test func theReportIsHTMLWithFiveCharts() async throws {
        let (world, cart) = try await weeklyWorld()
        await cart.startTrip()
        await cart.log("Milk", price: "1.19")
        await cart.log("Bananas", price: "1.89")
        await cart.finishTrip()
        let report = ReportViewModel(useCases: world.useCases)
        #expect(await report.load())
        #expect(report.topItems.map(\.name) == ["Bananas", "Milk"])
        let html = report.renderHTML(generated: world.clock.now())
        #expect(html.components(separatedBy: "<svg ").count - 1 == 5)
        #expect(html.contains("<p>1 trip from 2026-03-02 to 2026-03-02: 4.03 EUR in all, 4.03 EUR per trip on average; 0 over budget.</p>"))
        #expect(html.contains("<title>Spending by store in EUR</title>"))
    }

    @Test func insightsShowThePersonalInflationIndex() async throws {
        let (world, cart) = try await weeklyWorld()
        let u = world.useCases
        await cart.startTrip()
        await cart.log("Milk", price: "1.00")
        await cart.finishTrip()
        world.clock.advance(days: 31)
        _ = try await u.createCart(name: "April", items: ["Milk"])
        _ = try await u.startTrip("April")
        _ = try await u.logPurchase(cart: "April", item: "Milk", price: "1.25")
        _ = try await u.finishTrip("April")
        let insights = InsightsViewModel(useCases: u)
        await insights.load()
        #expect(insights.render().contains("""
            Personal inflation (your basket of 1 item from 2026-03 = 100)
              Now    125.00  +25.00% since 2026-03
              Trend  _@
            """))
        #expect(insights.document?.inflation?.points.map(\.index) == ["100.00", "125.00"])
        #expect(await insights.load(base: "2026-3") == false)
    }
}
