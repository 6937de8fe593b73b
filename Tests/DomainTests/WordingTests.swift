import Domain
import TestSupport
import Testing

/// Counted nouns and articles: no message says "1 carts" or "a item".
@Suite struct WordingTests {
    @Test(arguments: [
        (1, "active cart", "1 active cart"), (2, "active cart", "2 active carts"), (0, "trip", "0 trips"),
        (1, "category", "1 category"), (3, "category", "3 categories"), (2, "purchase", "2 purchases"),
        (2, "day", "2 days"), (2, "match", "2 matches"), (-1, "item", "-1 items"),
    ])
    func countedNounsAreSingularForOne(count: Int, noun: String, expected: String) {
        #expect(Wording.counted(count, noun) == expected)
    }

    @Test func anIrregularPluralIsGiven() {
        #expect(Wording.counted(2, "person", plural: "people") == "2 people")
        #expect(Wording.counted(1, "person", plural: "people") == "1 person")
    }

    @Test(arguments: [("item", "an item"), ("impulse buy", "an impulse buy"), ("error", "an error"), ("active cart", "an active cart"),
                      ("cart", "a cart"), ("store", "a store"), ("unit", "a unit"), ("Item", "an Item"), ("", "a ")])
    func articlesFollowTheSound(noun: String, expected: String) {
        #expect(Wording.withArticle(noun) == expected)
    }

    @Test func messagesCountInTheSingular() async throws {
        let world = try await TestWorld.stocked()
        let u = world.useCases
        #expect("\(DomainError.categoryNotEmpty(name: "Dairy", itemCount: 1))"
            == "category \"Dairy\" still has 1 item; move or remove it first")
        let one = Purchase(date: Day(iso: "2026-01-05")!, trip: "Weekly", store: "Aldi", category: "Dairy", item: "Milk", quantity: .one,
                           unit: .each, price: Money(minorUnits: 99, currency: .euro), sourceLine: 2)
        _ = try await u.importPurchases([one])
        #expect(try await u.undoLastChange() == "imported 1 trip with 1 purchase")
        let small = TestWorld().useCases
        _ = try await small.setUpFirstRun()
        _ = try await small.addStore(name: "Aldi")
        _ = try await small.addItem(name: "Milk", category: "Dairy", price: "1.09", store: "Aldi")
        try await trip(small, "Weekly", at: "Aldi", [("Milk", "1.10")])
        let fresh = TestWorld().useCases
        try await fresh.restoreBackup(try await small.createBackup())
        #expect(try await fresh.undoLastChange() == "restored a backup of 1 item and 1 trip")
    }
}
