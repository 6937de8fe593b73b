import Domain
import Testing
import TestSupport

/// Price changes compare one store's prices per the same unit, and are rounded, not cut.
@Suite struct PriceChangeUnitTests {
    /// Bananas paid 1.99/kg for a line in kg, then 2.49/kg for a line in g: +25.13 % (25.1256 %, rounded).
    @Test func priceChangesCompareWhatThePricesPriceWhateverTheLinesUnits() async throws {
        let world = try await TestWorld.stocked()
        let u = world.useCases
        _ = try await u.createCart(name: "March", items: ["Bananas"])
        _ = try await u.startTrip("March")
        _ = try await u.logPurchase(cart: "March", item: "Bananas")
        _ = try await u.finishTrip("March")
        world.clock.advance(days: 31)
        _ = try await u.createCart(name: "April")
        _ = try await u.addToCart(cart: "April", items: ["Bananas"], quantity: Quantity(500), unit: .g)
        _ = try await u.startTrip("April")
        _ = try await u.logPurchase(cart: "April", item: "Bananas", price: "2.49")
        _ = try await u.finishTrip("April")
        let change = try #require(try await u.spendingInsights().priceChanges.first)
        #expect("\(change.first) -> \(change.last) \(change.basisPoints)" == "1.99/kg -> 2.49/kg 2513")
    }
}

/// Issue #23, 6: percentages were cut, not rounded, and a change compared two stores' prices.
@Suite struct PriceChangeRoundingTests {
    @Test func aChangeIsRoundedAndComparesOneStoresPrices() async throws {
        let world = try await TestWorld.stocked()
        let u = world.useCases
        _ = try await u.addStore(name: "Rewe")
        try await trip(u, "One", at: "Aldi", [("Milk", "1.05")])
        world.clock.advance(days: 7)
        try await trip(u, "Two", at: "Rewe", [("Milk", "0.50"), ("Bread", "2.00")])
        world.clock.advance(days: 7)
        try await trip(u, "Three", at: "Aldi", [("Milk", "1.29"), ("Bread", "3.00")])
        let changes = try await u.spendingInsights().priceChanges.map { "\($0.item) \($0.first) -> \($0.last) \($0.basisPoints)" }
        // +22.857 % is +22.86 %; Bread was paid at Aldi once only (Rewe's price is another store's).
        #expect(changes == ["Milk 1.05/each -> 1.29/each 2286"])
    }

    /// The inflation index's 103.2665 is 103.27; what no `Int` holds is clamped, never a trap.
    @Test func indexPointsAreRoundedAndClamped() {
        #expect(Rounding.halfEvenClamped(Int128(3_097_995) * 10_000, dividedBy: 3_000_000) == 10_327)
        #expect(Rounding.halfEvenClamped(Int128.max, dividedBy: 1) == Int.max)
        #expect(Rounding.halfEvenClamped(Int128.min, dividedBy: 1) == Int.min)
        #expect(Rounding.halfEvenClamped(5, dividedBy: 0) == Int.max)
    }
}
