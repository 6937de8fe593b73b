// The kind of a failed intent (`errorKind`), which every front maps to a status or a colour.

import DataLayer
import Domain
import Presentation
import Terminal
import TestSupport
import Testing

@MainActor @Suite struct ErrorKindStateTests {
    /// A view model's failed intent carries the kind of its error, for any front to map.
    @Test func aFailedIntentSaysWhatKindOfFailureItWas() async throws {
        let world = try await TestWorld.stocked(storage: InMemoryStorage())
        let cart = CartDetailViewModel(useCases: world.useCases, cart: "Nope")
        #expect(await cart.load() == false)
        #expect(cart.errorKind == .notFound)
        let vault = VaultViewModel(useCases: world.useCases)
        #expect(await vault.setPrice("Milk", store: "Aldi", price: "1.0.9", unit: nil, promotion: false, until: nil) == false)
        #expect(vault.errorKind == .invalidInput)
        #expect(await vault.setPrice("Milk", store: "Aldi", price: "1.09", unit: nil, promotion: false, until: nil))
        #expect(vault.errorKind == nil)
        #expect(vault.notice == "recorded the price of Milk at Aldi")
        // Tester's finding (#23): a price seen before the current one joined the history only,
        // and the notice did not say so.
        #expect(await vault.setPrice("Milk", store: "Aldi", price: "0.95", unit: nil, promotion: false, until: nil, date: "2026-02-20"))
        #expect(vault.notice == "recorded the price of Milk at Aldi in its history; the newer one there stays current")
    }
}

@MainActor @Suite struct PorterFindingsTests {
    /// Creating again through the same model asks for the same name (and is refused), never
    /// for a cart named after the first one's id.
    @Test func creatingTwiceIsRefusedNotACartNamedAfterAnId() async throws {
        let world = try await TestWorld.stocked(storage: InMemoryStorage())
        let cart = CartDetailViewModel(useCases: world.useCases, cart: "Party")
        #expect(await cart.create(budget: "20"))
        #expect(await cart.create(budget: "20") == false)
        #expect(cart.errorKind == .conflict)
        #expect(try await world.useCases.listActiveCarts().map(\.name).filter { $0 != "Weekly" } == ["Party"])
    }

    /// A line number that is gone is `notFound` for any front, not a storage failure.
    @Test func aLineThatIsGoneIsNotFound() async throws {
        let (world, _) = try await weeklyWorld()
        let shop = ShoppingModeViewModel(useCases: world.useCases, cart: "Weekly")
        #expect(await shop.begin())
        #expect(await shop.addImpulse("Gum", price: "0.99", store: "Aldi"))
        #expect(await shop.toggle(5))
        #expect(await shop.confirm())
        #expect(await shop.toggle(5) == false)
        #expect(shop.errorKind == .notFound)
    }
}
