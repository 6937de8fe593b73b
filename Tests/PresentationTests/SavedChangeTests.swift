@testable import Domain
import Presentation
import TestSupport
import Testing

/// Once an intent has saved its change, failing to show the result cannot undo it: the intent
/// succeeds with a warning, or a person (or a script) would make the change again.
@MainActor @Suite struct SavedChangeTests {
    /// A cart whose one line costs the most 64 bits hold, twice, as only a damaged file can:
    /// storage keeps the amount, but no total of it fits. Every change to the cart that leaves the
    /// line saves, but the cart cannot be shown.
    func worldWithAnUnshowableCart(status: CartStatus = .planning) async throws -> TestWorld {
        let world = try await TestWorld.stocked()
        let milk = try await world.useCases.showItem("Milk").item
        let aldi = try #require(try await world.useCases.listStores().first { $0.name == "Aldi" })
        let day = world.clock.now()
        let cart = Cart(id: CartID("big00001"), name: "Big", budget: nil, currency: .euro, status: status, createdAt: day,
                        startedAt: status == .planning ? nil : day, completedAt: nil,
                        lines: [CartItem(itemID: milk.id, name: "Milk", categoryName: "Dairy", quantity: Quantity(2), unit: .each,
                                         plannedStore: aldi.id, plannedPrice: Money(minorUnits: .max, currency: .euro),
                                             isFulfilled: status != .planning,
                                         actualPrice: status == .planning ? nil : Money(minorUnits: .max, currency: .euro))])
        try await world.useCases.storage.write { repositories in
            try repositories.save(cart)
            return Change((), summary: "damaged by hand")
        }
        return world
    }

    @Test func aCartChangeThatCannotBeShownSucceedsWithAWarning() async throws {
        let world = try await worldWithAnUnshowableCart()
        let cart = CartDetailViewModel(useCases: world.useCases, cart: "Big")
        #expect(await cart.load() == false, "the cart cannot be shown at all")
        #expect(await cart.edit(name: "Bigger", budget: nil))
        #expect(cart.errorMessage == nil && cart.lastError == nil)
        #expect(cart.notice == "Bigger: renamed cart Big to Bigger")
        #expect(cart.warning == "the change was saved, but it cannot be shown: the amount is too large")
        guard case .unshownChange(let error)? = cart.warnings.first else {
            Issue.record("a change saved but not shown is a warning a front switches on: \(cart.warnings)")
            return
        }
        #expect(cart.warnings.count == 1 && "\(error)" == "the amount is too large")
        #expect(cart.warnings.map(\.text) == [cart.warning], "one sentence, made in one place")
        #expect(try await world.useCases.createBackup().activeCarts.map(\.name) == ["Bigger"])
        // The next intent starts afresh.
        #expect(await cart.edit(name: "Big", budget: nil))
        #expect(await cart.remove("Milk"))
        #expect(cart.warning == nil && cart.document?.plannedTotal == "0.00")
    }

    @Test func whatCanFailFailsBeforeTheCommit() async throws {
        // Shopping mode loads the cart before starting its trip, and a purchase or a finish adds
        // the cart up before saving: a cart that cannot be added up is refused, unchanged.
        let world = try await worldWithAnUnshowableCart()
        let before = try await world.useCases.createBackup()
        let shop = ShoppingModeViewModel(useCases: world.useCases, cart: "Big")
        #expect(await shop.begin() == false)
        #expect(shop.warning == nil && shop.errorMessage == "the amount is too large")
        #expect(try await world.useCases.createBackup() == before)
        let shopping = try await worldWithAnUnshowableCart(status: .shopping)
        let cart = CartDetailViewModel(useCases: shopping.useCases, cart: "Big")
        let saved = try await shopping.useCases.createBackup()
        #expect(await cart.finishTrip() == false)
        #expect(await cart.log("Milk", price: "1") == false)
        #expect(cart.lastError as? DomainError == .cartTotalTooLarge(cart: "Big"))
        #expect(try await shopping.useCases.createBackup() == saved)
    }
}
