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
