import Domain
import TestSupport
import Testing

@Suite struct CartUseCaseTests {
    @Test func linesArePlannedAtTheCheapestStoreUnlessChosen() async throws {
        let u = try await TestWorld.stocked().useCases
        _ = try await u.createCart(name: "Weekly", budget: "20")
        var cart = try await u.addToCart(cart: "weekly", items: ["Milk"], quantity: Quantity(2))
        #expect(cart.lines[0].plannedPrice?.amountText == "1.09")
        cart = try await u.updateCartLine(cart: "Weekly", item: "milk", store: "Lidl")
        #expect(cart.lines[0].plannedPrice?.amountText == "1.19")
        #expect(try cart.plannedTotal().amountText == "2.38")
        cart = try await u.addToCart(cart: "Weekly", items: ["Milk"])
        #expect(cart.lines.count == 1 && cart.lines[0].quantity == Quantity(3))
    }

    @Test func anUnpricedItemIsPlannedWithoutAPrice() async throws {
        let u = try await TestWorld.stocked().useCases
        _ = try await u.addItem(name: "Salt", category: "Pantry")
        let cart = try await u.createCart(name: "Weekly", items: ["Salt", "Bread"])
        #expect(cart.unpricedLines.map(\.name) == ["Salt"])
        #expect(try cart.plannedTotal().amountText == "2.49")
    }

    @Test func activeCartNamesAreUnique() async throws {
        let u = try await TestWorld.stocked().useCases
        _ = try await u.createCart(name: "Weekly")
        await #expect(throws: DomainError.duplicateName(kind: "active cart", name: "Weekly")) { try await u.createCart(name: "weekly") }
        await #expect(throws: DomainError.self) { try await u.createCart(name: "Party", budget: "-5") }
    }

    @Test func editingAndDeletingACart() async throws {
        let u = try await TestWorld.stocked().useCases
        _ = try await u.createCart(name: "Weekly", budget: "50")
        var cart = try await u.editCart("Weekly", name: "Big shop", budget: .some("80.5")).value
        #expect(cart.name == "Big shop" && cart.budget?.amountText == "80.50")
        cart = try await u.editCart("Big shop", budget: .some(nil)).value
        #expect(cart.budget == nil)
        _ = try await u.deleteCart("Big shop")
        #expect(try await u.listActiveCarts().isEmpty)
    }

    @Test func aRefusedChangeStoresNothing() async throws {
        let world = try await TestWorld.stocked()
        let u = world.useCases
        _ = try await u.createCart(name: "Weekly", items: ["Milk"])
        await #expect(throws: DomainError.self) { try await u.logPurchase(cart: "Weekly", item: "Milk", price: "1") }
        await #expect(throws: DomainError.self) { try await u.addToCart(cart: "Weekly", items: ["Bread", "Nonexistent"]) }
        #expect(try await u.showCart("Weekly").cart.lines.map(\.name) == ["Milk"])
        #expect(try await u.undoLastChange() == "created cart Weekly with 1 item")
    }

    /// An edit, a line update or a setup that leaves everything as it was stores nothing: undo
    /// then takes back the change before it, not an invisible one.
    @Test func aRequestThatChangesNothingStoresNothingToUndo() async throws {
        let u = try await TestWorld.stocked().useCases
        _ = try await u.createCart(name: "Weekly", budget: "50", items: ["Milk"])
        #expect(try await u.editCart("Weekly", budget: .some("50.00")).value.budget?.amountText == "50.00")
        _ = try await u.editCart("weekly", name: "Weekly")
        #expect(try await u.updateCartLine(cart: "Weekly", item: "Milk", quantity: .one).lines[0].quantity == .one)
        #expect(try await u.setUpFirstRun().wasAlreadySetUp)
        #expect(try await u.undoLastChange() == "created cart Weekly with 1 item")
    }
}
