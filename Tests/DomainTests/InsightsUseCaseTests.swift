import Domain
import TestSupport
import Testing

/// Finishes a trip on a new cart buying `items` (name, price) at `store`.
func trip(_ u: UseCases, _ name: String, at store: String, _ items: [(String, String)], qty: String = "1") async throws {
    _ = try await u.createCart(name: name)
    _ = try await u.addToCart(cart: name, items: items.map(\.0), quantity: try Quantity(parsing: qty), store: store)
    _ = try await u.startTrip(name)
    for (item, price) in items { _ = try await u.logPurchase(cart: name, item: item, price: price, store: store) }
    _ = try await u.finishTrip(name)
}

@Suite struct ExportImportUseCaseTests {
    @Test func purchasesListEveryBoughtLine() async throws {
        let world = try await TestWorld.stocked()
        let u = world.useCases
        try await trip(u, "Weekly", at: "Aldi", [("Milk", "1.10"), ("Bananas", "2.00")])
        let purchases = try await u.listPurchases()
        #expect(purchases.map(\.item) == ["Milk", "Bananas"])
        #expect(purchases.map(\.category) == ["Dairy", "Produce"])
        #expect(purchases.map(\.unit) == [.each, .kg])
        #expect(purchases.allSatisfy { $0.store == "Aldi" && $0.trip == "Weekly" && $0.date.description == "2026-03-02" })
    }

    @Test func importingCreatesTripsStoresItemsAndLatestPrices() async throws {
        let world = try await TestWorld.stocked()
        let u = world.useCases
        let eur = Currency.euro
        func row(_ day: String, _ trip: String, _ store: String, _ category: String, _ item: String, _ price: Int64, line: Int) -> Purchase {
            Purchase(date: Day(iso: day)!, trip: trip, store: store, category: category, item: item, quantity: .one, unit: .each,
                     price: Money(minorUnits: price, currency: eur), sourceLine: line)
        }
        let summary = try await u.importPurchases([
            row("2026-01-05", "Weekly", "Aldi", "Dairy", "Milk", 99, line: 2),
            row("2026-01-05", "Weekly", "Rewe", "Spreads", "Nutella", 349, line: 3),
            row("2026-01-05", "Weekly", "Rewe", "", "Gum", 79, line: 4),
            row("2026-01-12", "weekly", "Aldi", "Dairy", "milk", 105, line: 5),
        ])
        #expect([summary.trips, summary.purchases, summary.storesAdded, summary.categoriesAdded, summary.itemsAdded] == [2, 4, 1, 1, 1])
        #expect(try await u.listHistory().count == 2)
        // The vault's Milk at Aldi keeps the price set on 2026-03-02, which is newer than any row.
        #expect(try await u.showItem("Milk").prices.first { $0.store.name == "Aldi" }?.current?.unitPrice.price.amountText == "1.09")
        #expect(try await u.showItem("Nutella").cheapest?.current?.unitPrice.price.amountText == "3.49")
        #expect(try await u.searchItems("Gum").isEmpty)
        #expect(try await u.priceHistory("Milk").entries.count == 4)   // two manual, two imported

        await #expect(throws: DomainError.importRow(line: 7, reason: "\" \" cannot be a store name: it is empty")) {
            try await u.importPurchases([row("2026-02-01", "X", "Aldi", "Dairy", "Milk", 1, line: 6), row("2026-02-01", "X", " ", "Dairy", "Eggs", 1, line: 7)])
        }
        #expect(try await u.listHistory().count == 2)   // all or nothing
        let usd = Purchase(date: Day(iso: "2026-02-01")!, trip: "X", store: "Aldi", category: "Dairy", item: "Milk", quantity: .one,
                           unit: .each, price: Money(minorUnits: 1, currency: try Currency(code: "USD")), sourceLine: 9)
        await #expect(throws: DomainError.importRow(line: 9, reason: "cannot combine amounts in USD and EUR")) { try await u.importPurchases([usd]) }
    }

    /// One trip of a thousand rows: every row is checked against the rows before it in that
    /// trip (by a set, so a trip of n rows costs n look-ups), and the lines keep the file's order.
    @Test func aLongTripKeepsItsOrderAndRefusesAnItemTwice() async throws {
        let u = try await TestWorld.stocked().useCases
        func row(_ item: String, line: Int, trip: String = "Big") -> Purchase {
            Purchase(date: Day(iso: "2026-02-01")!, trip: trip, store: "Aldi", category: "Pantry", item: item, quantity: .one, unit: .each,
                     price: Money(minorUnits: 100, currency: .euro), sourceLine: line)
        }
        let rows = (0..<1_000).map { row("Item \($0)", line: $0 + 2) }
        await #expect(throws: DomainError.importRow(line: 1_002, reason: "\"item 17\" cannot be an item name: it appears twice in this trip")) {
            try await u.importPurchases(rows + [row("item 17", line: 1_002)])
        }
        #expect(try await u.listHistory().isEmpty)
        let summary = try await u.importPurchases(rows + [row("Item 17", line: 1_002, trip: "Other")])
        #expect([summary.trips, summary.purchases, summary.itemsAdded] == [2, 1_001, 1_000])
        let big = try await u.showCart("Big").cart
        #expect(big.lines.map(\.name) == rows.map(\.item))
    }

    /// A row whose cost, or whose cost added to everything spent before, does not fit is
    /// refused with its line, before it could make a total overflow later, and nothing is
    /// imported.
    @Test func aRowThatCostsMoreThanGrockCanCountIsNamedByItsLine() async throws {
        let u = try await TestWorld.stocked().useCases
        try await trip(u, "Weekly", at: "Aldi", [("Milk", "1.10")])
        func row(_ day: String, _ trip: String, _ item: String, _ price: Int64, quantity: String = "1", line: Int) throws -> Purchase {
            Purchase(date: Day(iso: day)!, trip: trip, store: "Aldi", category: "Dairy", item: item, quantity: try Quantity(parsing: quantity),
                     unit: .each, price: Money(minorUnits: price, currency: .euro), sourceLine: line)
        }
        let cases: [([Purchase], Int, String)] = [
            ([try row("2026-02-01", "A", "Milk", 100, line: 2), try row("2026-02-01", "A", "Gold", .max, quantity: "2", line: 3)], 3,
             "2 each at this price cost more than Grock can count"),
            ([try row("2026-02-01", "A", "Gold", .max - 200, line: 2), try row("2026-02-01", "A", "Milk", 100, line: 3)], 3,
             "with the purchases before it, spending adds up to more than Grock can count"),
            ([try row("2026-02-01", "A", "Gold", .max - 110, line: 2), try row("2026-02-20", "B", "Milk", 1, line: 7)], 7,
             "with the purchases before it, spending adds up to more than Grock can count"),
        ]
        for (rows, line, reason) in cases {
            await #expect(throws: DomainError.importRow(line: line, reason: "\"\(rows.first { $0.sourceLine == line }!.price.amountText)\" is not a valid amount: \(reason)")) {
                try await u.importPurchases(rows)
            }
            #expect(try await u.listHistory().count == 1)
        }
        _ = try await u.importPurchases([try row("2026-02-01", "A", "Gold", .max - 110, line: 2)])
        #expect(try await u.spendingInsights().total.minorUnits == .max)
    }

    @Test func aBackupRestoresIntoAnEmptyStoreOnly() async throws {
        let world = try await TestWorld.stocked()
        let u = world.useCases
        try await trip(u, "Weekly", at: "Aldi", [("Milk", "1.10")])
        _ = try await u.createCart(name: "Next", budget: "30", items: ["Bread"])
        let backup = try await u.createBackup()
        await #expect(throws: DomainError.notEmpty) { try await u.restoreBackup(backup) }
        let fresh = TestWorld().useCases
        _ = try await fresh.setUpFirstRun()
        try await fresh.restoreBackup(backup)
        #expect(try await fresh.createBackup() == backup)
    }
}

@Suite struct PlanCheapestStoresTests {
    /// Four stores with prices chosen so that the best two-store plan is not the two cheapest
    /// stores overall.
    func world() async throws -> UseCases {
        let u = TestWorld().useCases
        _ = try await u.setUpFirstRun()
        for store in ["A", "B", "C", "D"] { _ = try await u.addStore(name: store) }
        let prices: [(String, [String: String])] = [
            ("Milk", ["A": "1.00", "B": "1.50", "C": "1.20", "D": "2.00"]),
            ("Eggs", ["A": "3.00", "B": "2.00", "C": "2.90", "D": "2.50"]),
            ("Rice", ["A": "2.00", "B": "2.10", "C": "1.00", "D": "2.00"]),
            ("Tea", ["D": "0.50", "B": "4.00"]),
        ]
        for (item, byStore) in prices {
            _ = try await u.addItem(name: item, category: "Pantry")
            for (store, price) in byStore { _ = try await u.setPrice(item: item, store: store, price: price) }
        }
        _ = try await u.addItem(name: "Saffron", category: "Pantry")
        _ = try await u.createCart(name: "Weekly", items: ["Milk", "Eggs", "Rice", "Tea", "Saffron"])
        _ = try await u.updateCartLine(cart: "Weekly", item: "Eggs", quantity: Quantity(2))
        for line in ["Milk", "Eggs", "Rice", "Tea"] { _ = try await u.updateCartLine(cart: "Weekly", item: line, store: "B") }
        return u
    }

    @Test func withoutALimitEveryLineTakesItsCheapestStore() async throws {
        let u = try await world()
        let plan = try await u.planCheapestStores(cart: "Weekly")
        #expect(plan.assignments.map(\.store.name) == ["A", "B", "C", "D"])
        #expect(plan.total.amountText == "6.50")          // 1.00 + 2 × 2.00 + 1.00 + 0.50
        #expect(plan.currentTotal.amountText == "11.60")  // all at B: 1.50 + 4.00 + 2.10 + 4.00
        #expect(plan.saving.amountText == "5.10")
        #expect(plan.unpriced.map(\.name) == ["Saffron"])
    }

    @Test func aStoreLimitFindsTheTrueOptimum() async throws {
        let u = try await world()
        let plan = try await u.planCheapestStores(cart: "Weekly", maxStores: 2)
        // Brute force over every pair: covering Tea needs B or D; the best pair is C + D.
        #expect(plan.stores.map(\.name) == ["C", "D"])
        #expect(plan.total.amountText == "7.70")          // Milk 1.20 (C), Eggs 5.00 (D), Rice 1.00 (C), Tea 0.50 (D)
        let one = try await u.planCheapestStores(cart: "Weekly", maxStores: 1)
        #expect(one.stores.map(\.name) == ["D"])          // B and D cover everything; D costs 2 + 5 + 2 + 0.5
        #expect(one.total.amountText == "9.50")
    }

    @Test func applyingSetsThePlannedStores() async throws {
        let u = try await world()
        _ = try await u.planCheapestStores(cart: "Weekly", maxStores: 2, apply: true)
        let cart = try await u.showCart("Weekly").cart
        #expect(try cart.plannedTotal().amountText == "7.70")
        #expect(try await u.undoLastChange().hasPrefix("planned Weekly at the cheapest stores"))
    }
}

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
