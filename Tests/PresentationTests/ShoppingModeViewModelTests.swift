import DataLayer
import Domain
import Observation
@testable import Presentation
import Terminal
import TestSupport
import Testing

@MainActor @Suite struct ShoppingModeViewModelTests {
    @Test func intentsTickPriceAddAndFinish() async throws {
        let (world, _) = try await weeklyWorld()
        let shop = ShoppingModeViewModel(useCases: world.useCases, cart: "Weekly")
        #expect(await shop.begin())
        #expect(shop.notice == "Trip started.")
        #expect(await shop.toggle(2))                        // Milk at its planned price
        #expect(await shop.log(1, price: "2.05"))           // Bananas at 2.05/kg
        #expect(await shop.addImpulse("Dark chocolate", price: "1.49"))
        #expect(shop.render() == """
            WEEKLY  [######----] 3/5
            [####################]! 113%  spent 5.66 of 5.00 EUR, 0.66 OVER BUDGET

            --- Aldi ---
              1  [x]  Bananas         1.5 kg  2.05
              2  [x]  Milk            1 each  1.09
              5  [x]  Dark chocolate  1 each  1.49

            --- Lidl ---
              3  [ ]  Bread  1 each  2.49

            --- No store ---
              4  [ ]  Salt  1 each  ?

            Dark chocolate: added and bought.
            N tick/untick | p N PRICE [QTY] | + NAME PRICE | f finish | q quit | ? help
            """)
        #expect(await shop.toggle(2))                        // untick Milk
        #expect(shop.row(2)?.isBought == false)
        #expect(await shop.finish())
        // 1.5 kg at 2.05 is 3.075, rounded half-to-even to 3.08.
        #expect(shop.render()
            == "Trip finished: spent 4.57 EUR of 5.00 (0.43 left).\n2 of 5 items bought; vault prices updated for 1 item.")
    }

    @Test func refusedIntentsAreErrorsAndNothingChanges() async throws {
        let (world, _) = try await weeklyWorld()
        let shop = ShoppingModeViewModel(useCases: world.useCases, cart: "Weekly")
        await shop.begin()
        #expect(await shop.toggle(9) == false)
        #expect(shop.errorMessage == "position 9 is not between 1 and 4")
        #expect(await shop.log(1, price: "abc") == false)
        #expect(shop.errorMessage?.hasPrefix("\"abc\" is not a valid amount") == true)
        #expect(await shop.toggle(4) == false)
        #expect(shop.errorMessage == "no price is known for \"Salt\"; give the price paid")
        #expect(await shop.finish() == false)
        #expect(shop.errorMessage == "nothing on cart \"Weekly\" has been bought yet; log a purchase or abort the trip")
        #expect(shop.sections.flatMap(\.rows).allSatisfy { !$0.isBought })
    }
}
