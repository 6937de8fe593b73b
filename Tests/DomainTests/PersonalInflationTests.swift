import Domain
import TestSupport
import Testing

@Suite struct PersonalInflationTests {
    @Test func aFixedBasketIsPricedMonthByMonth() async throws {
        let world = try await TestWorld.stocked()
        let u = world.useCases
        try await trip(u, "January", at: "Aldi", [("Milk", "1.00"), ("Bread", "2.00")])    // basket: 1 Milk, 1 Bread = 3.00
        world.clock.advance(days: 31)
        try await trip(u, "February", at: "Aldi", [("Milk", "1.10")])                      // Bread carried at 2.00: 3.10
        world.clock.advance(days: 31)
        try await trip(u, "March", at: "Aldi", [("Milk", "1.20"), ("Bread", "2.40"), ("Bananas", "9.99")])  // 3.60; Bananas not in basket
        let index = try #require(try await u.personalInflation(base: "2026-03"))
        #expect(index.points.map(\.month) == ["2026-03", "2026-04", "2026-05"])
        #expect(index.basketItems == 2)
        #expect(index.points.map(\.basisPoints) == [10_000, 10_333, 12_000])
        #expect(index.change == 2_000)
        #expect(try await u.personalInflation() == index)   // the default base: the first month within a year
        #expect(try await TestWorld().useCases.personalInflation() == nil)
    }
}
