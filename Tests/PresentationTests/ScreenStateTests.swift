import DataLayer
import Domain
import FoundationEssentials
import Presentation
import TestSupport
import Testing

/// Every screen's state as a front without a terminal reads it: typed, and as JSON.
@MainActor @Suite struct ScreenStateTests {
    private func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// Weekly (budget 5.00): Bananas 1.5 kg and Milk at Aldi, Bread at Lidl, Salt at no store.
    @Test func theCartGroupsItsLinesByStoreAndSaysHowFarOverBudgetItIs() async throws {
        let (_, cart) = try await weeklyWorld()
        let document = try #require(cart.document)
        #expect(document.stores.map(\.store) == ["Aldi", "Lidl", nil])
        #expect(document.stores.map(\.items) == [["Bananas", "Milk"], ["Bread"], ["Salt"]])
        #expect(document.stores.map(\.total) == ["4.07", "2.49", "0.00"])
        #expect(document.stores.flatMap(\.items) == document.items.map(\.item))
        #expect(document.linesByStore.map { $0.map(\.item) } == document.stores.map(\.items),
            "each group's lines, as the screen draws them")
        #expect(cart.unpricedItems == ["Salt"])
        #expect(document.plannedTotal == "6.56" && document.budget == "5.00")
        #expect(document.overBudget == "1.56" && document.remaining == "-1.56")
        let ids = try #require(document.stores.first?.ids)
        #expect(ids == document.items.prefix(2).map(\.id), "a group names its lines by id too, in the same order")
        #expect(try json(document).contains(
            #""stores":[{"ids":["\#(ids[0])","\#(ids[1])"],"items":["Bananas","Milk"],"store":"Aldi","total":"4.07"}"#))
        #expect(await cart.edit(name: nil, budget: .some("10")))
        #expect(cart.document?.overBudget == nil)
        #expect(try json(try #require(cart.document)).contains(#""overBudget":null"#))
    }

    @Test func homeListsTheCartsWithWhatTheyAreOverAndThisMonthsFigures() async throws {
        let (world, _) = try await weeklyWorld()
        let home = HomeViewModel(useCases: world.useCases)
        #expect(await home.load())
        let document = home.document
        #expect(document.carts.map(\.name) == ["Weekly"])
        #expect(document.carts[0].overBudget && document.carts[0].overBudgetBy == "1.56")
        #expect(document.carts[0].lines == 4 && document.carts[0].fulfilled == 0)
        let insights = try #require(document.insights)
        #expect(insights.openBudgets == Money(minorUnits: 500, currency: .euro) && insights.spentThisMonth == .zero(.euro))
        #expect(try json(insights)
            == #"{"currency":"EUR","month":"2026-03","openBudgets":"5.00","spentThisMonth":"0.00","tripsThisMonth":0}"#)
    }

    @Test func shopModeKeepsItsNumbersAndItsQuestionInItsDocument() async throws {
        let (world, _) = try await weeklyWorld()
        let shop = ShoppingModeViewModel(useCases: world.useCases, cart: "Weekly")
        #expect(await shop.begin())
        #expect(shop.document.notice == "Trip started.")
        #expect(shop.document.sections.map(\.store) == ["Aldi", "Lidl", nil])
        #expect(shop.document.sections.flatMap(\.rows).map(\.price) == ["1.99", "1.09", "2.49", nil])
        #expect(shop.document.sections.flatMap(\.rows).map(\.number) == [1, 2, 3, 4])
        #expect(await shop.addImpulse("Gum", price: "0.99", store: "Aldi"))
        #expect(await shop.toggle(5))
        #expect(shop.document.pendingConfirmation?.number == 5)
        #expect(try json(shop.document).contains(#""pendingConfirmation":{"name":"Gum","number":5,"question":"Remove impulse buy Gum?"}"#))
        #expect(await shop.confirm())
        #expect(shop.document.pendingConfirmation == nil)
        #expect(shop.document.sections.flatMap(\.rows).map(\.number) == [1, 2, 3, 4])
        shop.help()
        #expect(shop.document.isShowingHelp)
        shop.refuse("not a command")
        #expect(!shop.document.isShowingHelp && shop.errorMessage == "not a command" && shop.lastError == nil)
        #expect(await shop.toggle(2))
        #expect(shop.errorMessage == nil && shop.document.cart?.fulfilled == 1)
        #expect(await shop.finish())
        #expect(shop.document.isFinished)
        #expect(shop.document.summary == TripOutcome(try CartFigures(try await world.useCases.showCart("Weekly").cart)))
        #expect(shop.document.summary?.cart.actualTotal == "1.09" && shop.document.summary?.cart.remaining == "3.91")
        #expect(shop.document.summary?.cart.fulfilled == 1 && shop.document.summary?.pricesUpdated == 1)
    }

    @Test func settingsSayTheCurrencyItsDecimalsAndWhetherSetUp() async throws {
        let settings = SettingsViewModel(useCases: TestWorld(storage: InMemoryStorage()).useCases)
        #expect(await settings.load())
        #expect(settings.document == nil || settings.document?.setUp == false)
        #expect(await settings.changeCurrency(try Currency(code: "JPY")))
        #expect(try json(try #require(settings.document)) == #"{"currency":"JPY","decimals":0,"setUp":false}"#)
    }

    @Test func onboardingSaysWhichStepItReachedAndWhatEachMade() async throws {
        let onboarding = OnboardingViewModel(useCases: TestWorld(storage: InMemoryStorage()).useCases)
        #expect(onboarding.document.step == .welcome && onboarding.document.setup == nil)
        #expect(await onboarding.setUp(currency: try Currency(code: "GBP")))
        #expect(onboarding.document.step == .setUp)
        #expect(onboarding.document.setup?.currency == "GBP" && onboarding.document.setup?.alreadySetUp == false)
        #expect(onboarding.document.setup?.categoriesAdded.contains("Dairy") == true)
        #expect(await onboarding.addFirstStore("Aldi"))
        #expect(onboarding.document.firstStore?.name == "Aldi")
        #expect(await onboarding.addFirstItem("Milk", category: "Dairy", price: "1.09"))
        #expect(onboarding.document.step == .done && onboarding.document.firstItem == "Milk")
        #expect(try json(onboarding.document).contains(#""step":"done""#))
    }

    @Test func theStoresAndAnAisleOrderAreData() async throws {
        let world = try await TestWorld.stocked(storage: InMemoryStorage())
        let stores = StoresViewModel(useCases: world.useCases)
        #expect(await stores.aisles(of: "Aldi", set: ["Produce", "Dairy"]))
        let aisles = try #require(stores.aislesDocument)
        #expect(aisles.store == "Aldi")
        #expect(aisles.aisles.prefix(2) == ["Produce", "Dairy"])
        #expect(aisles.defaultOrder == Array(aisles.aisles.dropFirst(2)) && !aisles.defaultOrder.isEmpty)
        #expect(await stores.load())
        #expect(stores.aislesDocument == nil && stores.documents.map(\.name) == ["Aldi", "Lidl"])
    }

    @Test func theVaultSaysWhichViewItShowsAndFillsInOnlyThat() async throws {
        let world = try await TestWorld.stocked(storage: InMemoryStorage())
        let vault = VaultViewModel(useCases: world.useCases)
        #expect(await vault.browse())
        #expect(vault.document.screen == "browse")
        let dairy = try #require(vault.document.sections.first { $0.category == "Dairy" })
        #expect(dairy.items.map(\.name) == ["Milk"] && dairy.items[0].prices.filter(\.cheapest).map(\.store) == ["Aldi"])
        #expect(await vault.search("mil"))
        #expect(vault.document.screen == "search" && vault.document.query == "mil" && vault.document.sections.isEmpty)
        #expect(vault.document.results.map(\.name) == ["Milk"])
        #expect(await vault.showPrices("Milk"))
        #expect(vault.document.screen == "prices" && vault.document.item?.name == "Milk" && vault.document.history.count == 2)
        #expect(await vault.listCategories())
        #expect(vault.document.categories.first { $0.name == "Dairy" }?.items == 1 && vault.document.item == nil)
    }

    @Test func aPlanSaysWhetherItWasApplied() async throws {
        let (world, _) = try await weeklyWorld()
        let plan = PlanViewModel(useCases: world.useCases)
        #expect(await plan.load(cart: "Weekly", maxStores: nil, apply: false))
        #expect(plan.document?.applied == false)
        #expect(await plan.load(cart: "Weekly", maxStores: nil, apply: true))
        #expect(plan.document?.applied == true)
    }

    @Test func theReportHoldsTheInsightsAndThePricesOfTheItemsSpentMostOn() async throws {
        let world = try await TestWorld.stocked(storage: InMemoryStorage())
        _ = try await world.useCases.createCart(name: "Quick", items: ["Milk"])
        _ = try await world.useCases.startTrip("Quick")
        _ = try await world.useCases.logPurchase(cart: "Quick", item: "Milk", price: "1.19")
        _ = try await world.useCases.finishTrip("Quick")
        let report = ReportViewModel(useCases: world.useCases)
        #expect(await report.load())
        let document = try #require(report.document)
        #expect(document.insights.total == Money(minorUnits: 119, currency: .euro) && document.insights.trips == 1)
        #expect(document.topItems.map(\.item) == ["Milk"])
        #expect(document.topItems[0].prices.map(\.price) == ["1.09", "1.19", "1.19"])   // seen at Aldi and Lidl, then paid
    }
}
