import Domain
import Testing
import TestSupport

/// Units mean what the user typed: a line counts in its own unit, prices convert exactly, packs
/// are measured by what they hold, and prices that look like slips are remarked on.
@Suite struct LineUnitTests {
    /// Bananas sold by kg: 1.99/kg at Aldi, 0.89/lb (1.96/kg) at Lidl.
    private func bananas() async throws -> TestWorld {
        let world = try await TestWorld.stocked()
        _ = try await world.useCases.setPrice(item: "Bananas", store: "Lidl", price: "0.89", unit: .lb)
        return world
    }

    @Test func aLineCountsInTheItemsUnitWhateverTheCheapestStorePricesItPer() async throws {
        let u = try await bananas().useCases
        let cart = try await u.createCart(name: "Weekly")
        _ = cart
        let planned = try await u.addToCart(cart: "Weekly", items: ["Bananas"], quantity: try Quantity(parsing: "1.2"))
        let line = try #require(planned.lines.first)
        #expect(line.unit == .kg)                                     // was lb: 1.2 lb
        #expect(line.priceUnit == PriceUnit(.lb))
        #expect(line.plannedPrice?.amountText == "0.89")
        #expect(try line.plannedCost()?.amountText == "2.35")         // 1.2 kg = 2.6455 lb × 0.89
    }

    @Test func aLineInGramsAtAPricePerKgCostsExactly() async throws {
        let u = try await TestWorld.stocked().useCases
        _ = try await u.addItem(name: "Coffee", category: "Pantry", price: "9.16", store: "Aldi", unit: .kg)
        _ = try await u.createCart(name: "Weekly")
        let cart = try await u.addToCart(cart: "Weekly", items: ["Coffee"], quantity: Quantity(250), unit: .g)
        let line = try #require(cart.lines.first)
        #expect("\(line.quantity) \(line.unit)" == "250 g")
        // Not 250 × 0.01/g = 2.50: the price stays per kg and the cost is rounded once.
        #expect(try line.plannedCost()?.amountText == "2.29")
    }

    @Test func anotherStoreKeepsTheLinesQuantityAndUnitAndConvertsItsPrice() async throws {
        let u = try await bananas().useCases
        _ = try await u.createCart(name: "Weekly")
        _ = try await u.addToCart(cart: "Weekly", items: ["Bananas"], quantity: try Quantity(parsing: "1.5"), store: "Aldi")
        let moved = try await u.updateCartLine(cart: "Weekly", item: "Bananas", store: "Lidl")
        let line = try #require(moved.lines.first)
        #expect("\(line.quantity) \(line.unit)" == "1.5 kg")
        #expect(line.priceUnit == PriceUnit(.lb))
        #expect(try line.plannedCost()?.amountText == "2.94")         // 3.3069 lb × 0.89
        let back = try #require(try await u.updateCartLine(cart: "Weekly", item: "Bananas", store: "Aldi").lines.first)
        #expect(try back.plannedCost()?.amountText == "2.98")         // 1.5 × 1.99 = 2.985, half to even
    }

    @Test func unitsThatMeasureDifferentThingsAreRefusedWithTheReason() async throws {
        let u = try await bananas().useCases
        _ = try await u.createCart(name: "Weekly", items: ["Bananas"])
        // A unit no store's price converts to.
        await #expect(throws: DomainError.unitMismatch(item: "Milk", unit: "kg", basis: "each", store: "Aldi")) {
            try await u.addToCart(cart: "Weekly", items: ["Milk"], quantity: .one, unit: .kg)
        }
        // Adding a count to a line in kg.
        await #expect(throws: DomainError.incompatibleUnits(item: "Bananas", unit: "each", lineUnit: "kg")) {
            try await u.addToCart(cart: "Weekly", items: ["Bananas"], quantity: .one, unit: .each, store: "Aldi")
        }
        // A line in kg moved to a store that sells per each.
        _ = try await u.setPrice(item: "Bananas", store: "Lidl", price: "0.25", unit: .each)
        await #expect(throws: DomainError.unitMismatch(item: "Bananas", unit: "kg", basis: "each", store: "Lidl")) {
            try await u.updateCartLine(cart: "Weekly", item: "Bananas", store: "Lidl")
        }
        let message = "\(DomainError.unitMismatch(item: "Bananas", unit: "kg", basis: "each", store: "Lidl"))"
        #expect(message.contains("kg and each measure different things"))
    }

    @Test func aNewUnitAloneConvertsTheQuantityExactlyOrIsRefused() async throws {
        let u = try await bananas().useCases
        _ = try await u.createCart(name: "Weekly")
        _ = try await u.addToCart(cart: "Weekly", items: ["Bananas"], quantity: try Quantity(parsing: "1.2"), store: "Aldi")
        let grams = try #require(try await u.updateCartLine(cart: "Weekly", item: "Bananas", unit: .g).lines.first)
        #expect("\(grams.quantity) \(grams.unit)" == "1200 g")
        #expect(try grams.plannedCost()?.amountText == "2.39")        // 1.2 × 1.99 = 2.388, as before
        await #expect(throws: DomainError.inexactConversion(quantity: "1200", from: "g", to: "lb")) {
            try await u.updateCartLine(cart: "Weekly", item: "Bananas", unit: .lb)
        }
        let pounds = try #require(try await u.updateCartLine(cart: "Weekly", item: "Bananas", quantity: Quantity(2), unit: .lb).lines.first)
        #expect("\(pounds.quantity) \(pounds.unit)" == "2 lb")
        #expect(try pounds.plannedCost()?.amountText == "1.81")      // 0.90718474 kg × 1.99
        // Added in another unit of the same kind: converted into the line's unit.
        let more = try #require(try await u.addToCart(cart: "Weekly", items: ["Bananas"], quantity: try Quantity(parsing: "0.5"),
            unit: .lb).lines.first)
        #expect("\(more.quantity) \(more.unit)" == "2.5 lb")
    }

    @Test func aTripPaidPerAnotherUnitKeepsItsCostInHistoryAndExports() async throws {
        let u = try await bananas().useCases
        _ = try await u.createCart(name: "Weekly")
        _ = try await u.addToCart(cart: "Weekly", items: ["Bananas"], quantity: Quantity(1500), unit: .g, store: "Lidl")
        _ = try await u.startTrip("Weekly")
        _ = try await u.logPurchase(cart: "Weekly", item: "Bananas", price: "0.99")
        let done = try await u.finishTrip("Weekly")
        #expect(try done.actualTotal().amountText == "3.27")          // 3.3069 lb × 0.99 = 3.2738
        let purchase = try #require(try await u.listPurchases().first)
        #expect("\(purchase.quantity) \(purchase.unit) at \(purchase.price.amountText)/\(purchase.basis)" == "1500 g at 0.99/lb")
        #expect(try purchase.cost().amountText == "3.27")
        // The vault learns the price per what the store sells by.
        let lidl = try #require(try await u.showItem("Bananas").prices.first { $0.store.name == "Lidl" })
        #expect(lidl.current?.unitPrice.description == "0.99/lb")
    }
}

/// Reviewer's finding: a planned price that could not be said per another unit was dropped
/// silently (`try?`), while the comment said the caller converts it.
@Suite struct LineHoldingTests {
    @Test func aPlannedPriceThatCannotBeConvertedIsRefusedNotDropped() throws {
        let tiny = try #require(PackSize(Quantity(thousandths: 1), .g))
        let line = CartItem(itemID: ItemID("saffron"), name: "Saffron", categoryName: nil, quantity: .one, unit: .pack,
                            priceUnit: PriceUnit(pack: tiny), plannedPrice: Money(minorUnits: 9_000_000_000_000_000, currency: .euro))
        // A forged 9 × 10^15 cents per 0.001 g is 9 × 10^21 per kg: more than 64 bits hold.
        #expect(throws: DomainError.amountOverflow) { try line.holding(pricedPer: PriceUnit(.kg)) }
        let held = try line.holding(pricedPer: PriceUnit(.g))
        #expect(held.quantity == Quantity(thousandths: 1) && held.unit == .g)
        #expect(held.plannedPrice == Money(minorUnits: 9_000_000_000_000_000_000, currency: .euro))
    }
}

@Suite struct UnitConversionTests {
    @Test func costsConvertExactlyAndRoundOnce() throws {
        let perKg = Money(minorUnits: 916, currency: .euro)
        #expect(try perKg.cost(of: Quantity(250), in: PriceUnit(.g), per: PriceUnit(.kg))?.amountText == "2.29")
        let perPack = Money(minorUnits: 229, currency: .euro)
        let pack = PriceUnit(pack: PackSize(Quantity(250), .g)!)
        #expect(try perPack.cost(of: Quantity(1), in: PriceUnit(.kg), per: pack)?.amountText == "9.16")
        #expect(try perPack.cost(of: Quantity(3), in: PriceUnit(.pack), per: pack)?.amountText == "6.87")
        #expect(try perPack.cost(of: Quantity(1), in: PriceUnit(.each), per: pack) == nil)
        #expect(try perPack.per(pack, convertedTo: PriceUnit(.kg))?.amountText == "9.16")
        #expect(try Quantity(parsing: "1.2").converted(from: PriceUnit(.kg), to: PriceUnit(.g)) == Quantity(1200))
        #expect(Quantity(1).converted(from: PriceUnit(.lb), to: PriceUnit(.kg)) == nil)
        #expect(Quantity(1).converted(from: PriceUnit(.kg), to: pack) == Quantity(4))
    }
}
