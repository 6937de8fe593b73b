import DataLayer
import Domain
@testable import Presentation
import TestSupport
import Testing

/// Screens count in the singular for one.
@MainActor @Suite struct CountedNounTests {
    @Test func aTripOfOneLineSaysOneItem() async throws {
        let world = try await TestWorld.stocked(storage: InMemoryStorage())
        _ = try await world.useCases.createCart(name: "Quick", items: ["Milk"])
        let shop = ShoppingModeViewModel(useCases: world.useCases, cart: "Quick")
        #expect(await shop.begin())
        #expect(await shop.handle("1") == .stay)
        #expect(await shop.handle("f") == .finished)
        #expect(shop.render() == "Trip finished: spent 1.09 EUR.\n1 of 1 item bought; vault prices updated for 1 item.")

        let report = ReportViewModel(useCases: world.useCases)
        #expect(await report.load())
        let html = report.renderHTML(generated: world.clock.now())
        #expect(html.contains("<p>1 trip from 2026-03-02 to 2026-03-02: "))
        #expect(html.contains("<h2>Budget and actual, the one trip</h2>"))
    }

    @Test func theHelperThatScreensUseKnowsIrregularEndings() {
        #expect(TextBlocks.plural(2, "category") == "2 categories")
        #expect(TextBlocks.plural(1, "category") == "1 category")
    }
}
