import Domain
import TestSupport
import Testing

/// `NAME@YYYY-MM-DD` reaches an older trip of a name used again.
@Suite struct TripByDateTests {
    /// Weekly finished on 2 and 9 March, two more finished on 16 March, and an active Weekly.
    func weeklyTrips() async throws -> (TestWorld, [Cart]) {
        let world = try await TestWorld.stocked()
        let u = world.useCases
        var done: [Cart] = []
        for date in ["2026-03-02", "2026-03-09", "2026-03-16", "2026-03-16"] {
            _ = try await u.createCart(name: "Weekly", items: ["Milk"])
            _ = try await u.startTrip("Weekly")
            _ = try await u.logPurchase(cart: "Weekly", item: "Milk")
            world.clock.advance(days: 7)
            done.append(try await u.finishTrip("Weekly", date: date))
        }
        _ = try await u.createCart(name: "Weekly", items: ["Bread"])
        return (world, done)
    }

    @Test func aCompletedTripIsReachedByNameAndDay() async throws {
        let (world, done) = try await weeklyTrips()
        let u = world.useCases
        #expect(try await u.showCart("Weekly@2026-03-02").cart.id == done[0].id)
        #expect(try await u.showCart(" weekly@2026-03-09 ").cart.id == done[1].id)
        // The bare name is still the active cart.
        #expect(try await u.showCart("Weekly").cart.status == .planning)
        // Every command that takes a cart takes it: reopening the trip of 9 March.
        let reopened = try await u.reopenCart("Weekly@2026-03-09")
        #expect(reopened.id == done[1].id && reopened.status == .shopping)
    }

    @Test func severalTripsThatDayAreRefusedWithTheirIds() async throws {
        let (world, done) = try await weeklyTrips()
        let ids = [done[2], done[3]].map { String($0.id.rawValue.prefix(8)) }
        await #expect(throws: DomainError.severalTripsOnDay(name: "Weekly", day: "2026-03-16", ids: ids)) {
            try await world.useCases.showCart("Weekly@2026-03-16")
        }
        let message = "\(DomainError.severalTripsOnDay(name: "Weekly", day: "2026-03-16", ids: ids))"
        #expect(message == "2 trips named \"Weekly\" were finished on 2026-03-16 (\(ids[0]), \(ids[1])); give the id instead")
        #expect(DomainError.severalTripsOnDay(name: "Weekly", day: "2026-03-16", ids: ids).kind == .notFound)
    }

    @Test func anUnknownDaySaysWhichTripsOfThatNameExist() async throws {
        let (world, _) = try await weeklyTrips()
        let expected = DomainError.noTripOnDay(name: "Weekly", day: "2026-03-05",
            days: ["2026-03-16", "2026-03-16", "2026-03-09", "2026-03-02"])
        await #expect(throws: expected) { try await world.useCases.showCart("Weekly@2026-03-05") }
        #expect("\(expected)" == "no trip named \"Weekly\" was finished on 2026-03-05; its trips: 2026-03-16, 2026-03-09, 2026-03-02")
        #expect(expected.kind == .notFound)
        // A few days, not a page of them.
        let many = DomainError.noTripOnDay(name: "W", day: "2026-01-01", days: (1...9).map { "2025-01-0\($0)" })
        #expect("\(many)".hasSuffix("its trips: 2025-01-01, 2025-01-02, 2025-01-03, 2025-01-04, 2025-01-05 and 4 more"))
        // A name without completed trips is simply not found.
        await #expect(throws: DomainError.notFound(kind: .cart, name: "Party@2026-03-02", suggestion: nil)) {
            try await world.useCases.showCart("Party@2026-03-02")
        }
    }

    /// A cart may have `@` in its name: the exact name comes first, and what follows an `@`
    /// is a day only when it reads as one.
    @Test func aNameWithAnAtIsStillReachable() async throws {
        let (world, done) = try await weeklyTrips()
        let u = world.useCases
        _ = try await u.createCart(name: "Weekly@2026-03-02")
        _ = try await u.createCart(name: "Bob@Home")
        #expect(try await u.showCart("Weekly@2026-03-02").cart.status == .planning)
        #expect(try await u.showCart("bob@home").cart.name == "Bob@Home")
        #expect(try await u.showCart(String(done[0].id.rawValue.prefix(8))).cart.id == done[0].id)
        await #expect(throws: DomainError.self) { try await u.showCart("Weekly@2026-02-30") }
    }
}

@Suite struct ListNamesTests {
    @Test func namesStartingWithAPrefixInAnyCaseAndAccents() async throws {
        let world = try await TestWorld.stocked()
        let u = world.useCases
        _ = try await u.createCart(name: "Big shop")
        _ = try await u.createCart(name: "bigger")
        _ = try await u.createCart(name: "Weekly")
        _ = try await u.addItem(name: "Crème fraîche", category: "Dairy")
        #expect(try await u.listNames(.carts, prefix: "BIG") == ["Big shop", "bigger"])
        #expect(try await u.listNames(.carts, prefix: "big  s") == ["Big shop"])
        #expect(try await u.listNames(.items, prefix: "creme") == ["Crème fraîche"])
        #expect(try await u.listNames(.items) == ["Bananas", "Bread", "Crème fraîche", "Milk"])
        #expect(try await u.listNames(.stores, prefix: "l") == ["Lidl"])
        #expect(try await u.listNames(.categories, prefix: "dai") == ["Dairy"])
        #expect(try await u.listNames(.carts, prefix: String(repeating: "x", count: 100_000)).isEmpty)
        // A removed store is no longer named; a completed cart is reached as NAME@DATE instead.
        _ = try await u.removeStore("Lidl")
        #expect(try await u.listNames(.stores) == ["Aldi"])
        _ = try await u.addToCart(cart: "Weekly", items: ["Milk"])
        _ = try await u.startTrip("Weekly")
        _ = try await u.logPurchase(cart: "Weekly", item: "Milk")
        _ = try await u.finishTrip("Weekly")
        #expect(try await u.listNames(.carts) == ["Big shop", "bigger"])
    }
}

/// "Did you mean" names the same suggestion whatever order a storage lists the names in.
@Suite struct ClosestNameTests {
    @Test(arguments: [["Bread", "Bananas", "Milk"], ["Milk", "Bananas", "Bread"], ["Bananas", "Bread", "Milk"]])
    func ofNamesAlikeCloseTheFirstAlphabeticallyIsSuggested(names: [String]) {
        #expect(Name.closest(to: "a", among: names) == "Bananas")      // both contain it
        #expect(Name.closest(to: "br", among: names + ["Brie"]) == "Bread")  // both start with it
        // A text longer than any name suggests none, at once (a megabyte over RPC took minutes).
        #expect(Name.closest(to: String(repeating: "Bread", count: 200_000), among: names) == nil)
        #expect(Name.closest(to: "Mlik", among: names) == "Milk")     // by edit distance
        #expect(Name.closest(to: "zzzz", among: names) == nil)
    }
}
