@testable import App
import Domain
import Presentation
import Terminal
import TestSupport
import Testing

@MainActor @Suite struct ShopModeUnitTests {
    /// A line in grams priced per kg says what its price is per; a price that looks like a slip
    /// is logged with a warning on the screen, which stays open.
    @Test func aPricePerAnotherUnitSaysSoAndASlipIsWarnedOf() async throws {
        let world = try await weeklyWorld()
        _ = try await world.useCases.updateCartLine(cart: "Weekly", item: "Bananas", unit: .g)
        let shop = ShoppingModeViewModel(useCases: world.useCases, cart: "Weekly")
        #expect(await shop.begin())
        #expect(shop.render().contains("1500 g") && shop.render().contains("1.99/kg"))
        #expect(await shop.handle("p 1 19.90") == .stay)
        #expect(shop.cautions.count == 1)
        #expect(shop.render().contains("warning: \"Bananas\" at \"Aldi\": 19.90/kg is more than 3 times the last price there"))
        #expect(shop.notice == "Bananas: bought 1500 g at 19.90/kg = 29.85.")
        _ = await shop.handle("p 1 1.99")
        #expect(shop.cautions.isEmpty)
    }
}
