import DataLayer
import FoundationEssentials
import Domain
import Observation
@testable import Presentation
import Report
import Terminal
import TestSupport
import Testing

@MainActor @Suite struct PlanAndReportViewModelTests {
    @Test func planRendersStoresSavingAndWhatIsLeftOut() async throws {
        let (world, _) = try await weeklyWorld()
        _ = try await world.useCases.updateCartLine(cart: "Weekly", item: "Milk", store: "Lidl")
        let plan = PlanViewModel(useCases: world.useCases)
        #expect(await plan.load(cart: "Weekly", maxStores: nil, apply: false))
        #expect(plan.render() == """
            Cheapest plan for Weekly (2 stores: Aldi, Lidl)

            Aldi                                                                4.07
              Milk     1 each  x 1.09  1.09  was 1.19
              Bananas  1.5 kg  x 1.99  2.98

            Lidl                                                                2.49
              Bread  1 each  x 2.49  2.49

            Plan total  6.56 EUR
            Saving      0.10 EUR  against 6.66 in the current plan
            No known price anywhere (not planned): Salt
            Nothing changed; add --apply to plan the cart this way.
            """)
        #expect(plan.document?.saving == "0.10")
        #expect(await plan.load(cart: "Nope", maxStores: 1, apply: false) == false)
        #expect(plan.errorMessage == "no cart named \"Nope\"")
    }

    @Test func theReportIsHTMLWithFiveCharts() async throws {
        let (world, cart) = try await weeklyWorld()
        await cart.startTrip()
        await cart.log("Milk", price: "1.19")
        await cart.log("Bananas", price: "1.89")
        await cart.finishTrip()
        let report = ReportViewModel(useCases: world.useCases)
        #expect(await report.load())
        #expect(report.topItems.map(\.name) == ["Bananas", "Milk"])
        let html = report.renderHTML(generated: world.clock.now())
        #expect(html.components(separatedBy: "<svg ").count - 1 == 5)
        #expect(html.contains("<p>1 trip from 2026-03-02 to 2026-03-02: 4.03 EUR in all, 4.03 EUR per trip on average; 0 over budget.</p>"))
        #expect(html.contains("<title>Spending by store in EUR</title>"))
    }

    @Test func insightsShowThePersonalInflationIndex() async throws {
        let (world, cart) = try await weeklyWorld()
        let u = world.useCases
        await cart.startTrip()
        await cart.log("Milk", price: "1.00")
        await cart.finishTrip()
        world.clock.advance(days: 31)
        _ = try await u.createCart(name: "April", items: ["Milk"])
        _ = try await u.startTrip("April")
        _ = try await u.logPurchase(cart: "April", item: "Milk", price: "1.25")
        _ = try await u.finishTrip("April")
        let insights = InsightsViewModel(useCases: u)
        await insights.load()
        #expect(insights.render().contains("""
            Personal inflation (your basket of 1 item from 2026-03 = 100)
              Now    125.00  +25.00% since 2026-03
              Trend  _@
            """))
        #expect(insights.document?.inflation?.points.map(\.index) == ["100.00", "125.00"])
        #expect(insights.document?.inflation?.points.map(\.basisPoints) == [10_000, 12_500])
        let point = try #require(insights.document?.inflation?.points.last)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(point), as: UTF8.self) == #"{"index":"125.00","month":"2026-04"}"#)
        #expect(await insights.load(base: "2026-3") == false)
    }
}
