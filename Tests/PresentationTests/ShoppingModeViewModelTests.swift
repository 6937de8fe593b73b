import DataLayer
import Domain
import Observation
@testable import Presentation
import Terminal
import TestSupport
import Testing

@MainActor @Suite struct ShoppingModeViewModelTests {
    @Test func typedCommandsTickPriceAddAndFinish() async throws {
        let (world, _) = try await weeklyWorld()
        let shop = ShoppingModeViewModel(useCases: world.useCases, cart: "Weekly")
        #expect(await shop.begin())
        #expect(shop.notice == "Trip started.")
        #expect(await shop.handle("2") == .stay)              // Milk at its planned price
        #expect(await shop.handle("p 1 2.05") == .stay)       // Bananas at 2.05/kg
        #expect(await shop.handle("+ Dark chocolate 1.49") == .stay)
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
        #expect(await shop.handle("2") == .stay)              // untick Milk
        #expect(shop.row(2)?.isBought == false)
        #expect(await shop.handle("f") == .finished)
        // 1.5 kg at 2.05 is 3.075, rounded half-to-even to 3.08.
        #expect(shop.render() == "Trip finished: spent 4.57 EUR of 5.00 (0.43 left).\n2 of 5 items bought; vault prices updated for 1 item.")
    }

    @Test func badCommandsAreErrorsAndNothingChanges() async throws {
        let (world, _) = try await weeklyWorld()
        let shop = ShoppingModeViewModel(useCases: world.useCases, cart: "Weekly")
        await shop.begin()
        _ = await shop.handle("9")
        #expect(shop.errorMessage == "position 9 is not between 1 and 4")
        _ = await shop.handle("p 1 abc")
        #expect(shop.errorMessage?.hasPrefix("\"abc\" is not a valid amount") == true)
        _ = await shop.handle("hello")
        #expect(shop.errorMessage == "unknown command: type a line number, p N PRICE [QTY], + NAME PRICE, f, q or ? for help")
        _ = await shop.handle("4")
        #expect(shop.errorMessage == "no price is known for \"Salt\"; give the price paid")
        #expect(await shop.handle("f") == .stay)
        #expect(shop.errorMessage == "nothing on cart \"Weekly\" has been bought yet; log a purchase or abort the trip")
        #expect(await shop.handle("q") == .left)
        #expect(shop.sections.flatMap(\.rows).allSatisfy { !$0.isBought })
    }
}
