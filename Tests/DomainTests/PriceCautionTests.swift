import Domain
import Testing
import TestSupport

/// Prices that look like slips (far from the last one, per g for per kg) are recorded with a caution.
@Suite struct PriceCautionTests {
    @Test func aPriceFarFromTheLastOneAtTheStoreIsRecordedWithACaution() async throws {
        let u = try await TestWorld.stocked().useCases
        let typo = try await u.setPrice.withCautions(item: "Milk", store: "Aldi", price: "10.90")
        #expect(typo.item.priceOption(at: typo.item.prices[0].store)?.regular?.price.amountText == "10.90")   // recorded anyway
        #expect(typo.cautions.map(\.description) == [
            "\"Milk\" at \"Aldi\": 10.90/each is more than 3 times the last price there (1.09/each on 2026-03-02); recorded anyway",
        ])
        let low = try await u.setPrice.withCautions(item: "Milk", store: "Aldi", price: "1.09")
        #expect(low.cautions.first?.description.contains("less than a third of the last price there (10.90/each") == true)
        let normal = try await u.setPrice.withCautions(item: "Milk", store: "Aldi", price: "1.29")
        #expect(normal.cautions.isEmpty)
        // Another store's price is not the last price there.
        #expect(try await u.setPrice.withCautions(item: "Milk", store: "Lidl", price: "1.39").cautions.isEmpty)
        // Tester's finding 10: 0.00 was never checked.
        #expect(try await u.setPrice.withCautions(item: "Milk", store: "Aldi", price: "0.00").cautions.map(\.description) == [
            "\"Milk\" at \"Aldi\": 0.00/each is less than groceries cost (recorded anyway)",
        ])
    }

    @Test func aPricePerGramThatWouldBeAPricePerKgSaysSo() async throws {
        let u = try await TestWorld.stocked().useCases
        let added = try await u.addItem.withCautions(name: "Apples", category: "Produce", price: "2.29", store: "Aldi", unit: .g)
        #expect(added.cautions.map(\.description) == [
            "\"Apples\" at \"Aldi\": 2.29/g (2290.00/kg) is more than groceries cost; was it 2.29/kg? (recorded anyway)",
        ])
        #expect(try await u.addItem.withCautions(name: "Pears", category: "Produce", price: "2.29", store: "Aldi",
            unit: .kg).cautions.isEmpty)
        // Range per kg: 0.05 to 500 in a currency like the euro.
        #expect(PriceCheck.range(.euro, .kg) == 5...50_000)
    }

    @Test func aPaidPriceFarFromTheVaultsIsLoggedWithACaution() async throws {
        let u = try await TestWorld.stocked().useCases
        _ = try await u.createCart(name: "Weekly", items: ["Milk"])
        _ = try await u.startTrip("Weekly")
        let logged = try await u.logPurchase.withCautions(cart: "Weekly", item: "Milk", price: "109")
        #expect(logged.cart.lines.first?.actualPrice?.amountText == "109.00")
        #expect(logged.cautions.count == 1)
        // Ticked at the planned price: nothing typed, nothing to remark on.
        #expect(try await u.logPurchase.withCautions(cart: "Weekly", item: "Milk").cautions.isEmpty)
    }
}
