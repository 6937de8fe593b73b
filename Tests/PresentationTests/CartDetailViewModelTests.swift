import DataLayer
import Domain
import Observation
@testable import Presentation
import Terminal
import TestSupport
import Testing

@MainActor @Suite struct CartDetailViewModelTests {
    @Test func planningIsGroupedByStoreWithTheBudgetCounter() async throws {
        let (_, cart) = try await weeklyWorld()
        #expect(cart.render() == """
            Weekly  [planning]  created 2026-03-02
            [####################]! 131%  planned 6.56 of 5.00 EUR, 1.56 OVER BUDGET

            Aldi                                                                4.07
              Bananas  1.5 kg  x 1.99  2.98
              Milk     1 each  x 1.09  1.09

            Lidl                                                                2.49
              Bread  1 each  x 2.49  2.49

            No store                                                            0.00
              Salt  1 each  no price  -

            No known price for: Salt (not in the total)
            """)
    }

    @Test func shoppingShowsCheckBoxesPricesAndProgress() async throws {
        let (_, cart) = try await weeklyWorld()
        #expect(await cart.startTrip())
        #expect(await cart.log("Milk", price: "1.19"))
        #expect(await cart.addImpulse("Chocolate", price: "1.49"))
        #expect(cart.notice == "Weekly: added impulse buy Chocolate")
        #expect(cart.render() == """
            Weekly  [shopping]  created 2026-03-02  [####------] 2/5
            [##########----------]   54%  spent 2.68 of 5.00 EUR, 2.32 left

            Aldi                                                    2.68 spent + 2.98 to buy
              [ ]  Bananas    1.5 kg  (1.99)
              [x]  Milk       1 each    1.19  1.19  planned 1.09
              [x]  Chocolate  1 each    1.49  1.49  impulse

            Lidl                                                                2.49
              [ ]  Bread  1 each  (2.49)

            No store                                                            0.00
              [ ]  Salt  1 each  (no price)
            """)
        let document = try #require(cart.document)
        #expect(document.status == .shopping && document.actualTotal == "2.68" && document.remaining == "2.32")
        #expect(document.items.map(\.item) == ["Bananas", "Milk", "Chocolate", "Bread", "Salt"])
    }

    @Test func completedIsReadOnlyAndRefusalsBecomeErrorState() async throws {
        let (_, cart) = try await weeklyWorld()
        await cart.startTrip()
        await cart.log("Bread", price: nil)
        #expect(await cart.finishTrip())
        #expect(lines(cart.render())[2] == "Completed 2026-03-02; read-only (grock trip reopen Weekly to correct it).")
        #expect(await cart.add(["Milk"]) == false)
        #expect(cart.errorMessage == "cart \"Weekly\" is completed; reopen it to change it")
        #expect(cart.lastError as? DomainError == .notAllowed(cart: "Weekly", status: .completed, action: .edit))
        #expect(lines(cart.render())[0] == "error: cart \"Weekly\" is completed; reopen it to change it")
        #expect(await cart.reopen())
        #expect(cart.errorMessage == nil)
        #expect(cart.cart?.status == .shopping)
    }

    /// An imported trip whose receipt repeats an item shows each line with its own cost, and
    /// the store's total is their exact sum.
    @Test func aTripWithAnItemOnTwoLinesShowsEachLineAtItsCost() async throws {
        let world = try await TestWorld.stocked(storage: InMemoryStorage())
        func row(_ item: String, _ price: Int64, line: Int) -> Purchase {
            Purchase(date: Day(iso: "2026-02-01")!, trip: "Receipt", store: "Aldi", category: "Dairy", item: item, quantity: .one,
                     unit: .each, price: Money(minorUnits: price, currency: .euro), sourceLine: line)
        }
        _ = try await world.useCases.importPurchases([row("Milk", 119, line: 2), row("Milk", 129, line: 3)])
        let cart = CartDetailViewModel(useCases: world.useCases, cart: "Receipt")
        #expect(await cart.load())
        #expect(Array(lines(cart.render()).suffix(3)) == [
            "Aldi                                                                2.48",
            "  [x]  Milk  1 each  1.19  1.19",
            "  [x]  Milk  1 each  1.29  1.29",
        ])
        #expect(cart.document?.items.map { $0.cost ?? "" } == ["1.19", "1.29"])
    }

    @Test func anUnknownCartIsAnErrorNotACrash() async throws {
        let world = TestWorld(storage: InMemoryStorage())
        let cart = CartDetailViewModel(useCases: world.useCases, cart: "Nope")
        #expect(await cart.load() == false)
        #expect(cart.render() == "error: no cart named \"Nope\"")
    }

    @Test func changesAreObserved() async throws {
        let (_, cart) = try await weeklyWorld()
        let changed = ObservationFlag()
        withObservationTracking { _ = cart.document } onChange: { changed.set() }
        await cart.remove("Salt")
        #expect(changed.value)
        #expect(cart.cart?.lines.count == 3)
    }
}
