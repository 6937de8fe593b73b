import DataLayer
import Domain
import Observation
@testable import Presentation
import Terminal
import TestSupport
import Testing

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
