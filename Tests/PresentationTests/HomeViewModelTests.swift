import DataLayer
import Domain
import Observation
@testable import Presentation
import Terminal
import TestSupport
import Testing

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
        _ = await shop.log(1, price: String(repeating: "9", count: 60))
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
