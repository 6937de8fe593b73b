@testable import App
import Domain
import Presentation
import Terminal
import TestSupport
import Testing

@MainActor @Suite struct ShopModeWeighedPriceTests {
    @Test func aPriceWithAQuantityLogsWhatWasWeighedAndSaysTheCost() async throws {
        let (world, shop) = try await shopping()
        #expect(await shop.handle("p 1 3.49 0.736") == .stay)
        #expect(shop.errorMessage == nil)
        // 0.736 kg at 3.49 is 2.56864, rounded half-to-even to 2.57.
        #expect(shop.notice == "Bananas: bought 0.736 kg at 3.49/kg = 2.57.")
        #expect(lines(shop.render()).contains("  1  [x]  Bananas  0.736 kg  3.49"))
        // A new price alone keeps the weight.
        _ = await shop.handle("p 1 3.59")
        #expect(shop.notice == "Bananas: bought 0.736 kg at 3.59/kg = 2.64.")
        _ = await shop.handle("p 2 1.19 3")
        #expect(shop.notice == "Milk: bought 3 at 1.19 = 3.57.")
        let bananas = try #require(try await world.useCases.showCart("Weekly").cart.lines.first { $0.name == "Bananas" })
        #expect(bananas.purchasedQuantity == Quantity(thousandths: 736))
        #expect(try bananas.actualCost()?.amountText == "2.64")
    }

    @Test(arguments: [
        ("p 1 3.49 abc", "\"abc\" is not a valid quantity: write a number above zero with at most 3 decimals, like 2 or 1.5"),
        ("p 1 3.49 0", "\"0\" is not a valid quantity: write a number above zero with at most 3 decimals, like 2 or 1.5"),
        ("p 1 3.49 -1", "\"-1\" is not a valid quantity: write a number above zero with at most 3 decimals, like 2 or 1.5"),
        ("p 1 3.49 0.7365", "\"0.7365\" is not a valid quantity: write a number above zero with at most 3 decimals, like 2 or 1.5"),
        ("p 1 3.49 99999999999999999999", "\"99999999999999999999\" is more than the largest quantity, 100000"),
        ("p 1 3.49 0.5 kg", "unknown command: p N PRICE [QTY], like: p 3 1.29 or p 3 3.49 0.736"),
        ("p 9 3.49 0.5", "position 9 is not between 1 and 4"),
    ])
    func aBadQuantityIsOneLineAndChangesNothing(command: String, message: String) async throws {
        let (world, shop) = try await shopping()
        _ = await shop.handle("p 1 2.00 1.2")
        let before = try await world.useCases.showCart("Weekly").cart
        #expect(await shop.handle(command) == .stay)
        #expect(shop.errorMessage == message)
        #expect(!message.contains("\n"))
        #expect(try await world.useCases.showCart("Weekly").cart == before)
        #expect(lines(shop.render()).contains("  1  [x]  Bananas  1.2 kg  2.00"))
    }
}
