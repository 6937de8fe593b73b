import DataLayer
import Domain
import FoundationEssentials
import Observation
@testable import Presentation
import Terminal
import TestSupport
import Testing

@MainActor @Suite struct InsightsViewModelTests {
    @Test func insightsSumCompletedTrips() async throws {
        let (world, cart) = try await weeklyWorld()
        let u = world.useCases
        await cart.startTrip()
        await cart.log("Milk", price: "1.09")
        await cart.log("Bread", price: "2.49")
        await cart.finishTrip()
        world.clock.advance(days: 31)
        _ = try await u.createCart(name: "Next", budget: "3", items: ["Milk", "Bread"])
        _ = try await u.startTrip("Next")
        _ = try await u.logPurchase(cart: "Next", item: "Milk", price: "1.29")
        _ = try await u.logPurchase(cart: "Next", item: "Bread")
        _ = try await u.finishTrip("Next")
        let insights = InsightsViewModel(useCases: u)
        await insights.load(by: .month)
        #expect(insights.render() == """
            Spending (EUR), 2026-03-02 to 2026-04-02
              Total           7.36  on 2 trips
              Average basket  3.68
              Over budget     0.78  in all, on 1 trip of 2 with a budget
              Planning error  1.59  mean |paid - planned| per trip, impulse buys too

            By month
              2026-03  3.58  1 trip  ######################
              2026-04  3.78  1 trip  ########################
              trend _@

            Personal inflation (your basket of 2 items from 2026-03 = 100)
              Now    105.59  +5.59% since 2026-03
              Trend  _@

            Biggest price changes (first and last price paid, at the store last paid)
              Milk   1.09  ->  1.29/each  +18.35%
              Bread  2.49  ->  2.49/each    0.00%
            """)
        // The figures are values a front charts or colours without parsing text.
        let document = try #require(insights.document)
        #expect(document.total == Money(minorUnits: 736, currency: .euro) && document.averageBasket?.minorUnits == 368)
        #expect(document.byMonth.map(\.amount.minorUnits) == [358, 378] && document.tripsOverBudget.map(\.overBudget?.minorUnits) == [78])
        #expect(document.priceChanges.map(\.changePercent) == [PercentChange(basisPoints: 1835), PercentChange(basisPoints: 0)])
        #expect(document.priceChanges.map(\.last.minorUnits) == [129, 249] && document.inflation?.changePercent.basisPoints == 559)
        // ... and the JSON writes them as the text it always had (`--json insights`, `grock rpc`).
        let text = try json(document)
        #expect(text == #"{"averageBasket":"3.68","byCategory":[{"amount":"4.98","label":"Bakery","trips":2},"#
                + #"{"amount":"2.38","label":"Dairy","trips":2}],"#
                + #""byMonth":[{"amount":"3.58","label":"2026-03","trips":1},{"amount":"3.78","label":"2026-04","trips":1}],"#
                + #""byStore":[{"amount":"4.98","label":"Lidl","trips":2},{"amount":"2.38","label":"Aldi","trips":2}],"currency":"EUR","#
                + #""inflation":{"baseMonth":"2026-03","basketItems":2,"changePercent":"+5.59%","#
                + #""points":[{"index":"100.00","month":"2026-03"},{"index":"105.59","month":"2026-04"}]},"meanPlanningError":"1.59","#
                + #""priceChanges":[{"changePercent":"+18.35%","first":"1.09","firstPer":"each","item":"Milk","last":"1.29","#
                + #""unit":"each"},"#
                + #"{"changePercent":"0.00%","first":"2.49","firstPer":"each","item":"Bread","last":"2.49","unit":"each"}],"#
                + #""total":"7.36","trips":2,"#
                + #""tripsOverBudget":[{"actual":"3.78","budget":"3.00","date":"2026-04-02","name":"Next","overBudget":"0.78","#
                + #""planned":"3.58"}]}"#)
        await insights.load(by: .store)
        #expect(lines(insights.render())[7...8] == ["  Lidl  4.98  2 trips  ########################",
            "  Aldi  2.38  2 trips  ###########"])
        #expect(insights.document?.byCategory.map(\.label) == ["Bakery", "Dairy"])
        #expect(await insights.load(from: "2026-4") == false)
        let empty = InsightsViewModel(useCases: TestWorld(storage: InMemoryStorage()).useCases)
        await empty.load()
        #expect(empty.render() == "No completed trips yet - insights appear once you finish a trip.")
        // A range outside the history says where the history is.
        await insights.load(from: "2027-01", to: "2027-12")
        #expect(insights.render().replacingOccurrences(of: "\n    ", with: " ")
                == "No completed trips between 2027-01 and 2027-12; your history runs from 2026-03 to 2026-04.")
        await insights.load(to: "2025-12")
        #expect(insights.render().replacingOccurrences(of: "\n    ",
            with: " ") == "No completed trips up to 2025-12; your history runs from 2026-03 to 2026-04.")
        await insights.load(base: "2030-01")
        #expect(insights.render().replacingOccurrences(of: "\n    ", with: " ")
                .contains("No personal inflation from 2030-01: no vault item was bought then and later; your history runs from 2026-03 to "
                    + "2026-04."))
    }

    /// A first price paid per another pack than the last is shown with what it is per.
    @Test func aPriceChangeAcrossPackSizesShowsWhatTheFirstPriceWasPer() async throws {
        let world = try await TestWorld.stocked()
        let u = world.useCases
        _ = try await u.addItem(name: "Coffee", category: "Pantry", price: "2.29", store: "Aldi", pack: try PackSize(parsing: "250g"))
        _ = try await u.createCart(name: "March", items: ["Coffee"])
        _ = try await u.startTrip("March")
        _ = try await u.logPurchase(cart: "March", item: "Coffee")
        _ = try await u.finishTrip("March")
        world.clock.advance(days: 31)
        _ = try await u.setPrice(item: "Coffee", store: "Aldi", price: "4.29", pack: try PackSize(parsing: "500g"))
        _ = try await u.createCart(name: "April", items: ["Coffee"])
        _ = try await u.startTrip("April")
        _ = try await u.logPurchase(cart: "April", item: "Coffee")
        _ = try await u.finishTrip("April")
        let insights = InsightsViewModel(useCases: u)
        await insights.load()
        #expect(lines(insights.render()).last == "  Coffee  2.29/pack of 250 g  ->  4.29/pack of 500 g  -6.33%")
    }

    private func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test func historyListsCompletedTripsNewestFirst() async throws {
        let (world, cart) = try await weeklyWorld()
        await cart.startTrip()
        await cart.log("Milk", price: nil)
        await cart.finishTrip()
        let history = HistoryViewModel(useCases: world.useCases)
        await history.load()
        #expect(history.render().hasPrefix("History (completed trips, newest first)\n  2026-03-02  Weekly  1.09  of 5.00  1/4 bought  "))
        let id = try #require(history.render().split(separator: " ").last.map(String.init))
        let found = try await world.useCases.showCart(id).cart.name
        #expect(id.count == 8 && found == "Weekly")
    }
}
