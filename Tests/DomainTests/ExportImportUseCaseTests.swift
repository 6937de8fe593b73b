import Domain
import TestSupport
import Testing

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
        func row(_ day: String, _ trip: String, _ store: String, _ category: String, _ item: String, _ price: Int64,
            line: Int) -> Purchase {
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
            try await u.importPurchases([row("2026-02-01", "X", "Aldi", "Dairy", "Milk", 1, line: 6),
                row("2026-02-01", "X", " ", "Dairy", "Eggs", 1, line: 7)])
        }
        #expect(try await u.listHistory().count == 2)   // all or nothing
        let usd = Purchase(date: Day(iso: "2026-02-01")!, trip: "X", store: "Aldi", category: "Dairy", item: "Milk", quantity: .one,
                           unit: .each, price: Money(minorUnits: 1, currency: try Currency(code: "USD")), sourceLine: 9)
        await #expect(throws: DomainError.importRow(line: 9, reason: "cannot combine amounts in USD and EUR")) {
            try await u.importPurchases([usd]) }
    }

    /// One trip of a thousand rows keeps the file's order, an item that comes back on a later
    /// row included (a receipt repeats items): each row is a line of its own.
    @Test func aLongTripKeepsItsOrderAndItsRepeatedItems() async throws {
        let u = try await TestWorld.stocked().useCases
        func row(_ item: String, line: Int, trip: String = "Big") -> Purchase {
            Purchase(date: Day(iso: "2026-02-01")!, trip: trip, store: "Aldi", category: "Pantry", item: item, quantity: .one, unit: .each,
                     price: Money(minorUnits: 100, currency: .euro), sourceLine: line)
        }
        let rows = (0..<1_000).map { row("Item \($0)", line: $0 + 2) }
        let summary = try await u.importPurchases(rows + [row("item 17", line: 1_002), row("Item 17", line: 1_003, trip: "Other")])
        #expect([summary.trips, summary.purchases, summary.itemsAdded] == [2, 1_002, 1_000])
        let big = try await u.showCart("Big").cart
        #expect(big.lines.map(\.name) == rows.map(\.item) + ["Item 17"])
        #expect(try big.actualTotal().amountText == "1001.00")
    }

    /// Two rows of Milk at different prices on one receipt, and two half kilos of Bananas:
    /// each row is a line, so the trip costs exactly what the rows cost (merging them would
    /// make 2.48 an average price times 2, and 2 × (0.5 kg × 1.99) = 2.00 a 1 kg line of 1.99).
    @Test func theSameItemOnSeveralRowsOfATripCostsExactlyWhatWasPaid() async throws {
        let u = try await TestWorld.stocked().useCases
        func row(_ item: String, _ price: Int64, quantity: String = "1", unit: MeasureUnit = .each, line: Int) throws -> Purchase {
            Purchase(date: Day(iso: "2026-02-01")!, trip: "Saturday", store: "Rewe", category: "Dairy", item: item,
                     quantity: try Quantity(parsing: quantity), unit: unit, price: Money(minorUnits: price, currency: .euro),
                         sourceLine: line)
        }
        let rows = [try row("Milk", 119, line: 2), try row("Bread", 200, line: 3), try row("milk", 129, line: 4),
                    try row("Bananas", 199, quantity: "0.5", unit: .kg, line: 5),
                        try row("Bananas", 199, quantity: "0.5", unit: .kg, line: 6)]
        let summary = try await u.importPurchases(rows)
        #expect([summary.trips, summary.purchases, summary.itemsAdded] == [1, 5, 0])
        let trip = try #require(try await u.listHistory().first)
        #expect(trip.actual.amountText == "6.48" && trip.lines == 5)
        let cart = try await u.showCart("Saturday").cart
        #expect(try cart.lines.map { try #require(try $0.actualCost()).amountText } == ["1.19", "2.00", "1.29", "1.00", "1.00"])
        #expect(try await u.listPurchases().map { "\($0.item) \($0.quantity) \($0.price.amountText)" }
                == ["Milk 1 1.19", "Bread 1 2.00", "Milk 1 1.29", "Bananas 0.5 1.99", "Bananas 0.5 1.99"])
        #expect(try await u.spendingInsights().total.amountText == "6.48")
        // Both prices paid are in Milk's history; the vault keeps the trip's last one.
        let paid = try await u.priceHistory("Milk").entries.filter { $0.storeName == "Rewe" }.map(\.observation.price.price.amountText)
        #expect(paid.sorted() == ["1.19", "1.29"])
        #expect(try await u.showItem("Milk").prices.first { $0.store.name == "Rewe" }?.current?.unitPrice.price.amountText == "1.29")
    }

    /// Rows already in history are skipped and counted: a file imported twice changes nothing
    /// the second time and leaves no step to undo; a file that partly overlaps imports the rest.
    /// Two rows alike in one file are two purchases, and a re-import skips as many of them as
    /// history holds; the rest of a stored trip makes a new trip of its date and name.
    @Test func rowsAlreadyImportedAreSkippedAndCounted() async throws {
        let u = try await TestWorld.stocked().useCases
        func row(_ day: String, _ trip: String, _ item: String, _ price: Int64, store: String = "Aldi", line: Int) -> Purchase {
            Purchase(date: Day(iso: day)!, trip: trip, store: store, category: "Dairy", item: item, quantity: .one, unit: .each,
                     price: Money(minorUnits: price, currency: .euro), sourceLine: line)
        }
        let january = [row("2026-01-05", "Weekly", "Milk", 119, line: 2), row("2026-01-05", "Weekly", "Milk", 119, line: 3),
                       row("2026-01-05", "Weekly", "Bread", 200, line: 4), row("2026-01-12", "Weekly", "Milk", 125, line: 5)]
        func figures(_ summary: ImportPurchases.Summary) -> [Int] { [summary.trips, summary.purchases, summary.skipped] }
        #expect(figures(try await u.importPurchases(january)) == [2, 4, 0])
        #expect(figures(try await u.importPurchases(january)) == [0, 0, 4])
        #expect(try await u.undoLastChange() == "imported 2 trips with 4 purchases")   // the second import left no step
        #expect(try await u.listHistory().isEmpty)
        #expect(figures(try await u.importPurchases(january)) == [2, 4, 0])

        // Spelled otherwise (case, spaces) is the same; a third Milk of 2026-01-05, a Milk at
        // another price or store, and a row of February are not.
        let more = [row("2026-01-05", " weekly", "MILK", 119, store: "aldi", line: 2), row("2026-01-05", "Weekly", "Milk", 119, line: 3),
                    row("2026-01-05", "Weekly", "Milk", 119, line: 4), row("2026-01-12", "Weekly", "Milk", 125, line: 5),
                    row("2026-01-12", "Weekly", "Milk", 126, line: 6), row("2026-01-12", "Weekly", "Milk", 125, store: "Lidl", line: 7),
                    row("2026-02-02", "Weekly", "Eggs", 300, line: 8)]
        #expect(figures(try await u.importPurchases(more)) == [3, 4, 3])
        #expect(try await u.listHistory().map { "\($0.completedAt.day) \($0.name) \($0.actual.amountText)" }.sorted() == [
            "2026-01-05 Weekly 1.19", "2026-01-05 Weekly 4.38", "2026-01-12 Weekly 1.25", "2026-01-12 Weekly 2.51",
                "2026-02-02 Weekly 3.00"])
        #expect(figures(try await u.importPurchases(more)) == [0, 0, 7])
        #expect(figures(try await u.importPurchases(january)) == [0, 0, 4])
    }

    /// A dry run works the import out (trips, purchases, what it would add, rows already
    /// imported) and stores nothing: no trip, no store, no setting, no step to undo.
    @Test func aDryRunSaysWhatAnImportWouldDoAndStoresNothing() async throws {
        let world = TestWorld()
        let u = world.useCases
        func row(_ trip: String, _ store: String, _ category: String, _ item: String, line: Int) -> Purchase {
            Purchase(date: Day(iso: "2026-02-01")!, trip: trip, store: store, category: category, item: item, quantity: .one, unit: .each,
                     price: Money(minorUnits: 150, currency: .euro), sourceLine: line)
        }
        let rows = [row("A", "Rewe", "Dairy", "Milk", line: 2), row("A", "Rewe", "Treats", "Crisps", line: 3),
            row("B", "Aldi", "Dairy", "Milk", line: 4)]
        func figures(_ s: ImportPurchases.Summary) -> [Int] {
            [s.trips, s.purchases, s.storesAdded, s.categoriesAdded, s.itemsAdded, s.skipped] }
        let dry = try await u.importPurchases(rows, dryRun: true)
        #expect(figures(dry) == [2, 3, 2, 1, 2, 0])
        #expect(try await u.showSettings().isSetUp == false)
        #expect(try await u.listStores().isEmpty)
        #expect(try await u.listHistory().isEmpty)
        await #expect(throws: DomainError.nothingToUndo) { try await u.undoLastChange() }
        #expect(try await u.importPurchases(rows) == dry)
        #expect(figures(try await u.importPurchases(rows, dryRun: true)) == [0, 0, 0, 0, 0, 3])
        #expect(try await u.undoLastChange() == "imported 2 trips with 3 purchases")
    }

    /// A row whose cost, or whose cost added to everything spent before, does not fit is
    /// refused with its line, before it could make a total overflow later, and nothing is
    /// imported.
    @Test func aRowThatCostsMoreThanGrockCanCountIsNamedByItsLine() async throws {
        let u = try await TestWorld.stocked().useCases
        try await trip(u, "Weekly", at: "Aldi", [("Milk", "1.10")])
        func row(_ day: String, _ trip: String, _ item: String, _ price: Int64, quantity: String = "1", line: Int) throws -> Purchase {
            Purchase(date: Day(iso: day)!, trip: trip, store: "Aldi", category: "Dairy", item: item,
                quantity: try Quantity(parsing: quantity),
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
            await #expect(throws: DomainError.importRow(line: line,
                reason: "\"\(rows.first { $0.sourceLine == line }!.price.amountText)\" is not a valid amount: \(reason)")) {
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
