import DataLayer
import Domain

/// Use cases over a fresh storage (in memory unless told) with a fake clock and predictable ids.
public struct TestWorld: Sendable {
    public let clock = FakeClock()
    public let useCases: UseCases

    public init(storage: any Storage = InMemoryStorage()) {
        useCases = UseCases(storage: storage, clock: clock, ids: SequentialIdentifiers())
    }

    /// Set up with default categories, stores Aldi and Lidl, and a few priced items:
    /// Milk 1.09 each at Aldi and 1.19 at Lidl, Bananas 1.99/kg at Aldi, Bread 2.49 at Lidl.
    public static func stocked(storage: any Storage = InMemoryStorage()) async throws -> TestWorld {
        let world = TestWorld(storage: storage)
        let u = world.useCases
        _ = try await u.setUpFirstRun()
        _ = try await u.addStore(name: "Aldi")
        _ = try await u.addStore(name: "Lidl")
        _ = try await u.addItem(name: "Milk", category: "Dairy", price: "1.09", store: "Aldi")
        _ = try await u.setPrice(item: "Milk", store: "Lidl", price: "1.19")
        _ = try await u.addItem(name: "Bananas", category: "Produce", price: "1.99", store: "Aldi", unit: .kg)
        _ = try await u.addItem(name: "Bread", category: "Bakery", price: "2.49", store: "Lidl")
        return world
    }
}
