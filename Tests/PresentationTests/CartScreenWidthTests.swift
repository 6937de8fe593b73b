// The cart screen at any width: amounts never cut, a price never split from what it is per.

import DataLayer
import Domain
import Presentation
import Terminal
import TestSupport
import Testing

@MainActor @Suite struct LongAmountTests {
    /// A store's total is never cut, however long: it takes the room it needs.
    @Test func aStoreTotalIsNeverCut() async throws {
        let world = try await TestWorld.stocked(storage: InMemoryStorage())
        _ = try await world.useCases.addItem(name: "Gold", category: "Pantry", price: "999999", store: "Aldi", unit: .kg)
        _ = try await world.useCases.createCart(name: "Vault")
        _ = try await world.useCases.addToCart(cart: "Vault", items: ["Gold"], quantity: Quantity(35_273))
        let cart = CartDetailViewModel(useCases: world.useCases, cart: "Vault")
        #expect(await cart.load())
        #expect(cart.render().contains("Aldi                                                         35272964727.00\n"))
    }
}

/// Issue #23, 8: a cart line at a narrow width wrapped as `planned 1.29/pack of 750` / `g`.
@MainActor @Suite struct CartLineWrapTests {
    @Test func aPricePerPackIsNeverSplitFromItsUnit() async throws {
        let (world, cart) = try await weeklyWorld()
        let u = world.useCases
        _ = try await u.addItem(name: "Coffee beans", category: "Pantry", price: "1.29", store: "Aldi", pack: PackSize(parsing: "750g"))
        _ = try await u.addToCart(cart: "Weekly", items: ["Coffee beans"], store: "Aldi")
        _ = try await u.startTrip("Weekly")
        _ = try await u.logPurchase(cart: "Weekly", item: "Coffee beans", price: "1.49")
        #expect(await cart.load())
        for width in [40, 50, 60, 80] {
            let text = lines(cart.render(RenderStyle(width: width)))
            #expect(text.contains { $0.contains("1.29/pack of 750 g") }, "width \(width):\n\(text.joined(separator: "\n"))")
            #expect(!text.contains { $0.hasSuffix("750") }, "width \(width)")
        }
    }
}
