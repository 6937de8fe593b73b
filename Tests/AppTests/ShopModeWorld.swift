// The world `grock shop` is driven in by the ShopMode suites (ShopModeNumberingTests,
// ShopModeWeighedPriceTests, ShopModeNarrowTests, ShopModeUnitTests): typed lines
// (ShopCommand.swift) over a world in memory.

import Domain
import Presentation
import TestSupport
import Testing

/// A stocked world with a cart "Weekly" (budget 5.00) holding Milk, 1.5 kg Bananas, Bread and the
/// unpriced Salt: PresentationTests' world, made with the use cases.
func weeklyWorld() async throws -> TestWorld {
    let world = try await TestWorld.stocked()
    _ = try await world.useCases.addItem(name: "Salt", category: "Pantry")
    _ = try await world.useCases.createCart(name: "Weekly", budget: "5", items: ["Milk", "Bananas", "Bread", "Salt"])
    _ = try await world.useCases.updateCartLine(cart: "Weekly", item: "Bananas", quantity: try Quantity(parsing: "1.5"))
    return world
}

/// Shop mode over the Weekly cart (Bananas 1, Milk 2 at Aldi; Bread 3 at Lidl; Salt 4, no store).
@MainActor
func shopping() async throws -> (world: TestWorld, shop: ShoppingModeViewModel) {
    let world = try await weeklyWorld()
    let shop = ShoppingModeViewModel(useCases: world.useCases, cart: "Weekly")
    #expect(await shop.begin())
    return (world, shop)
}

/// The numbers and names on screen, `1 Bananas`, in the order shown.
@MainActor
func numbering(_ shop: ShoppingModeViewModel) -> [String] {
    lines(shop.render()).filter { $0.hasPrefix("  ") }.map { line in
        let number = line.split(separator: " ")[0]
        let name = line.split(separator: "]", maxSplits: 1)[1].split(separator: " ")[0]
        return "\(number) \(name)"
    }
}
