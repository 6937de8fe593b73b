import DataLayer
import Domain
@testable import Presentation
import TestSupport
import Testing

/// Screens follow the storage's changes: one screen's change, or another process's, shows on
/// every screen that follows them, each read again as it was last asked for.
@MainActor @Suite struct LiveScreenTests {
    @Test func everyFollowingScreenShowsAChangeMadeThroughAnother() async throws {
        let storage = InMemoryStorage()
        let world = try await TestWorld.stocked(storage: storage)
        _ = try await world.useCases.createCart(name: "Weekly", items: ["Milk"])
        let home = HomeViewModel(useCases: world.useCases)
        let cart = CartDetailViewModel(useCases: world.useCases, cart: "Weekly")
        let vault = VaultViewModel(useCases: world.useCases)
        let plan = PlanViewModel(useCases: world.useCases)
        #expect(await home.load())
        #expect(await cart.load())
        #expect(await vault.search("bread"))
        #expect(await plan.load(cart: "Weekly", maxStores: nil, apply: false))
        #expect(vault.resultDocuments.map(\.name) == ["Bread"])

        var changes = storage.changes().makeAsyncIterator()
        let editor = CartDetailViewModel(useCases: world.useCases, cart: "Weekly")
        #expect(await editor.add(["Bread"]))
        _ = try await world.useCases.renameItem("Bread", to: "Sourdough bread")
        for _ in 0..<2 {
            #expect(await changes.next()?.origin == .here)
            for screen: any LiveScreen in [home, cart, vault, plan] { #expect(await screen.refresh()) }
        }
        #expect(cart.details?.cart.lines.map(\.name) == ["Milk", "Sourdough bread"])
        #expect(home.rows.first?.plannedTotal == "3.58", "Milk 1.09 + Bread 2.49")
        #expect(vault.screen == .search("bread") && vault.resultDocuments.map(\.name) == ["Sourdough bread"], "the same search, read again")
        #expect(plan.document?.lines.count == 2 && plan.applied == false, "the plan is worked out again, never applied")
    }

    @Test func followingEndsWithItsTask() async throws {
        let storage = InMemoryStorage()
        let world = try await TestWorld.stocked(storage: storage)
        let stores = StoresViewModel(useCases: world.useCases)
        // Subscribed before the change, so that it cannot be missed however late the task runs.
        let changes = storage.changes()
        let following = Task { await stores.follow(changes) }
        _ = try await world.useCases.addStore(name: "Netto")
        for _ in 0..<2000 where !stores.documents.contains(where: { $0.name == "Netto" }) { try await Task.sleep(for: .milliseconds(5)) }
        #expect(stores.documents.map(\.name).contains("Netto"))
        following.cancel()
        await following.value
    }

    /// A refresh keeps what the last intent left (its error, its cautions), follows the cart,
    /// item and plan by id through renames made elsewhere, stays on the screen an intent led to,
    /// and says so by name when the cart it shows was deleted.
    @Test func refreshingKeepsTheOutcomeFollowsIdsAndNamesADeletedCart() async throws {
        let storage = InMemoryStorage()
        let world = try await TestWorld.stocked(storage: storage)
        let u = world.useCases
        _ = try await u.createCart(name: "Weekly", items: ["Milk"])
        let cart = CartDetailViewModel(useCases: u, cart: "Weekly")
        let vault = VaultViewModel(useCases: u)
        let plan = PlanViewModel(useCases: u)
        #expect(await cart.load())
        #expect(await plan.load(cart: "Weekly", maxStores: nil, apply: false))
        #expect(await vault.show("Milk"))
        #expect(await !cart.remove("Nothing"))
        let error = try #require(cart.errorMessage)
        #expect(await vault.setPrice("Milk", store: "Aldi", price: "10.90", unit: nil, promotion: false, until: nil))
        let cautions = vault.cautions
        #expect(!cautions.isEmpty, "a price ten times the last one")

        _ = try await u.editCart("Weekly", name: "Saturday")
        _ = try await u.renameItem("Milk", to: "Whole milk")
        for screen: any LiveScreen in [cart, vault, plan] { #expect(await screen.refresh()) }
        #expect(cart.errorMessage == error && vault.cautions == cautions, "the last intent's outcome stays")
        #expect(cart.details?.cart.name == "Saturday" && plan.document?.cart == "Saturday")
        #expect(vault.screen == .item && vault.itemDocument?.name == "Whole milk", "the item the price change showed, renamed")

        #expect(await vault.removeItem("Whole milk"))
        #expect(await vault.refresh() && vault.screen == .browse)

        _ = try await u.deleteCart("Saturday")
        #expect(await !cart.refresh())
        #expect(cart.errorMessage == #"the cart "Saturday" no longer exists"# && cart.details == nil)
    }
}
