import Domain
import Testing
import TestSupport

/// What an independent tester found in the first version of units, packs and forget-price.
@Suite struct UnitFindingsTests {
    @Test func packsOfDifferentSizesCompareByWhatTheyHold() async throws {
        let u = try await TestWorld.stocked().useCases
        _ = try await u.addItem(name: "Coffee", category: "Pantry", price: "2.29", store: "Aldi", pack: PackSize(parsing: "250g"))
        _ = try await u.setPrice(item: "Coffee", store: "Lidl", price: "4.29", pack: PackSize(parsing: "500g"))
        #expect(try await u.showItem("Coffee").cheapest?.store.name == "Lidl")            // 8.58/kg < 9.16/kg
        _ = try await u.createCart(name: "Weekly")
        let line = try #require(try await u.addToCart(cart: "Weekly", items: ["Coffee"], quantity: .one, unit: .kg).lines.first)
        #expect(line.plannedStore == (try await u.showItem("Coffee").cheapest?.store.id))
        #expect(try line.plannedCost()?.amountText == "8.58")
        // A line counted in packs (of unknown size) is one pack wherever it is planned.
        let packs = try #require(try await u.updateCartLine(cart: "Weekly", item: "Coffee", quantity: Quantity(2), unit: .pack).lines.first)
        #expect(try packs.plannedCost()?.amountText == "8.58")                           // 2 × 4.29 at Lidl
    }

    @Test func aConvertedQuantityAboveTheMaximumIsRefused() async throws {
        let u = try await TestWorld.stocked().useCases
        _ = try await u.createCart(name: "Weekly")
        _ = try await u.addToCart(cart: "Weekly", items: ["Bananas"], quantity: Quantity(100_000))
        await #expect(throws: DomainError.tooLarge("100000000 g", kind: "quantity", maximum: "100000")) {
            try await u.updateCartLine(cart: "Weekly", item: "Bananas", unit: .g)
        }
    }

    @Test func forgettingAPriceReplansTheCartsPlannedThere() async throws {
        let u = try await TestWorld.stocked().useCases
        _ = try await u.createCart(name: "Weekly", items: ["Milk"])                        // Aldi, 1.09
        _ = try await u.forgetPrice(item: "Milk", store: "Aldi")
        let line = try #require(try await u.showCart("Weekly").cart.lines.first)
        #expect(try line.plannedCost()?.amountText == "1.19")                            // Lidl now
    }

    @Test func aPricePaidOnATripIsNotForgottenButCorrectedByReopening() async throws {
        let world = try await TestWorld.stocked()
        let u = world.useCases
        world.clock.advance(days: 1)
        _ = try await u.createCart(name: "Weekly", items: ["Milk"])
        _ = try await u.startTrip("Weekly")
        _ = try await u.logPurchase(cart: "Weekly", item: "Milk", price: "1.29")
        _ = try await u.finishTrip("Weekly")
        await #expect(throws: DomainError.pricePaidOnTrip(item: "Milk", store: "Aldi", trip: "Weekly@2026-03-03")) {
            try await u.forgetPrice(item: "Milk", store: "Aldi")
        }
    }

    @Test func linesNotBoughtGoToACartBeingPlannedOrTheRefusalSaysWhy() async throws {
        let u = try await TestWorld.stocked().useCases
        _ = try await u.createCart(name: "Weekly", items: ["Milk", "Bread"])
        _ = try await u.createCart(name: "Other", items: ["Milk"])
        _ = try await u.startTrip("Other")
        _ = try await u.startTrip("Weekly")
        _ = try await u.logPurchase(cart: "Weekly", item: "Milk")
        await #expect(throws: DomainError.cannotCarryOver(to: "Weekly", reason: "it is the cart being finished")) {
            try await u.finishTrip("Weekly", carryOver: "weekly")
        }
        await #expect(throws: DomainError.cannotCarryOver(to: "Other",
            reason: "it is shopping; lines not bought go to a cart being planned")) {
            try await u.finishTrip("Weekly", carryOver: "Other")
        }
    }
}

@Suite struct MoreFindingsTests {
    @Test func onePriceGetsOneRemarkTheMostTelling() async throws {
        let u = try await TestWorld.stocked().useCases
        let set = try await u.setPrice.withCautions(item: "Bananas", store: "Aldi", price: "2.29", unit: .g)
        #expect(set.cautions.map(\.description) == [
            "\"Bananas\" at \"Aldi\": 2.29/g (2290.00/kg) is more than groceries cost; was it 2.29/kg? (recorded anyway)",
        ])
    }

    @Test func aFinishedTripsStoreTotalsAreWhatWasBought() async throws {
        let u = try await TestWorld.stocked().useCases
        _ = try await u.createCart(name: "Weekly", items: ["Milk", "Bananas"])            // both at Aldi
        _ = try await u.startTrip("Weekly")
        _ = try await u.logPurchase(cart: "Weekly", item: "Milk")
        _ = try await u.finishTrip("Weekly")
        let groups = try await u.showCart("Weekly").groups
        #expect(groups.map { "\($0.store?.name ?? "-") \($0.total.amountText)" } == ["Aldi 1.09"])   // Bananas not bought
    }
}

/// What a second round of independent testing found.
@Suite struct SecondRoundFindingsTests {
    @Test func ofADaysPricesTheOneRecordedLastIsCurrentAgain() async throws {
        let world = try await TestWorld.stocked()
        let u = world.useCases
        world.clock.advance(days: 5)
        for price in ["1.19", "1.29", "1.39"] { _ = try await u.setPrice(item: "Milk", store: "Aldi", price: price, date: "2026-03-04") }
        _ = try await u.setPrice(item: "Milk", store: "Aldi", price: "1.49")
        let fixed = try await u.forgetPrice(item: "Milk", store: "Aldi")
        #expect(fixed.priceOption(at: fixed.prices[0].store)?.regular?.price.amountText == "1.39")
    }

    @Test func aLineInPacksOfKnownContentsConvertsToWeight() async throws {
        let u = try await TestWorld.stocked().useCases
        _ = try await u.addItem(name: "Coffee", category: "Pantry", price: "2.29", store: "Aldi", pack: PackSize(parsing: "250g"))
        _ = try await u.createCart(name: "Weekly", items: ["Coffee"])                    // 1 pack
        let grams = try #require(try await u.updateCartLine(cart: "Weekly", item: "Coffee", unit: .g).lines.first)
        #expect("\(grams.quantity) \(grams.unit)" == "250 g")
        #expect(try grams.plannedCost()?.amountText == "2.29")
        let more = try #require(try await u.addToCart(cart: "Weekly", items: ["Coffee"], quantity: .one, unit: .pack).lines.first)
        #expect("\(more.quantity) \(more.unit)" == "500 g")
    }

    @Test func boughtAtAnotherStoreAPriceIsPerWhatThatStoreSellsBy() async throws {
        let u = try await TestWorld.stocked().useCases
        _ = try await u.setPrice(item: "Bananas", store: "Lidl", price: "0.89", unit: .lb)
        _ = try await u.createCart(name: "Weekly")
        _ = try await u.addToCart(cart: "Weekly", items: ["Bananas"], quantity: Quantity(2), store: "Lidl")   // 2 kg at 0.89/lb
        _ = try await u.startTrip("Weekly")
        let bought = try #require(try await u.logPurchase(cart: "Weekly", item: "Bananas", store: "Aldi").lines.first)
        #expect(bought.priceUnit == PriceUnit(.kg) && bought.actualPrice?.amountText == "1.99")       // Aldi's price per kg
        #expect(try bought.actualCost()?.amountText == "3.98")
        #expect(bought.plannedPrice?.amountText == "1.96")                                          // 0.89/lb is 1.96/kg
        _ = try await u.finishTrip("Weekly")
        let aldi = try #require(try await u.showItem("Bananas").prices.first { $0.store.name == "Aldi" })
        #expect(aldi.current?.unitPrice.description == "1.99/kg")
    }

    @Test func aPricePerItsOwnBaseUnitIsNotRestated() async throws {
        let u = try await TestWorld.stocked().useCases
        let set = try await u.setPrice.withCautions(item: "Bananas", store: "Lidl", price: "5000", unit: .kg)
        #expect(set.cautions.map(\.description) == ["\"Bananas\" at \"Lidl\": 5000.00/kg is more than groceries cost (recorded anyway)"])
    }
}
