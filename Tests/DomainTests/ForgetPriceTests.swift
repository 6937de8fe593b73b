import Domain
import Testing
import TestSupport

/// Forgetting a wrong price seen by hand: the newest price left is current again.
@Suite struct ForgetPriceTests {
    @Test func aWrongPriceLeavesTheHistoryAndTheNewestLeftIsCurrentAgain() async throws {
        let world = try await TestWorld.stocked()
        let u = world.useCases
        world.clock.advance(days: 1)
        _ = try await u.setPrice(item: "Milk", store: "Aldi", price: "1.15")
        world.clock.advance(days: 1)
        _ = try await u.setPrice(item: "Milk", store: "Aldi", price: "11.50")      // a slip
        let fixed = try await u.forgetPrice(item: "Milk", store: "Aldi")
        #expect(fixed.prices.first { $0.regular?.price.amountText == "1.15" } != nil)
        let history = try await u.priceHistory("Milk").entries.filter { $0.storeName == "Aldi" }.map(\.observation.price.price.amountText)
        #expect(history == ["1.09", "1.15"])
        // A day's prices go together; with none left, the store has no price.
        _ = try await u.forgetPrice(item: "Milk", store: "Aldi", day: Day(iso: "2026-03-03"))
        _ = try await u.forgetPrice(item: "Milk", store: "Aldi", day: Day(iso: "2026-03-02"))
        #expect(try await u.showItem("Milk").prices.map(\.store.name) == ["Lidl"])
        await #expect(throws: DomainError.noPriceRecorded(item: "Milk", store: "Aldi", day: nil)) {
            try await u.forgetPrice(item: "Milk", store: "Aldi")
        }
        await #expect(throws: DomainError.noPriceRecorded(item: "Milk", store: "Lidl", day: "2026-01-01")) {
            try await u.forgetPrice(item: "Milk", store: "Lidl", day: Day(iso: "2026-01-01"))
        }
    }

    @Test func aPricePaidOnATripIsWhatIsLeftWhenTheShelfPriceGoes() async throws {
        let world = try await TestWorld.stocked()
        let u = world.useCases
        world.clock.advance(days: 1)
        _ = try await u.createCart(name: "Weekly", items: ["Bread"])
        _ = try await u.startTrip("Weekly")
        _ = try await u.logPurchase(cart: "Weekly", item: "Bread", price: "2.39")
        _ = try await u.finishTrip("Weekly")
        world.clock.advance(days: 2)
        _ = try await u.setPrice(item: "Bread", store: "Lidl", price: "23.90")
        let fixed = try await u.forgetPrice(item: "Bread", store: "Lidl")
        #expect(fixed.prices.first?.regular?.price.amountText == "2.39")
    }
}
