@testable import Domain
import Presentation
import Report
import Terminal
import TestSupport
import Testing

/// Drawing cannot fail: every screen renders carts and trips at the largest amounts Grock takes,
/// and at amounts only a damaged file could hold, without trapping.
@MainActor @Suite struct ExtremeAmountsTests {
    static let day = Timestamp(rfc3339: "2026-03-02T10:00:00+01:00")!

    /// A world in `currency` holding `carts` as they are, whatever their amounts: storage keeps
    /// any amount of 64 bits, as a file can hold it, though no total of such amounts may fit.
    func world(_ currency: Currency, carts: [Cart]) async throws -> TestWorld {
        let world = TestWorld()
        _ = try await world.useCases.setUpFirstRun(currency: currency)
        try await world.useCases.storage.write { repositories in
            for cart in carts { try repositories.save(cart) }
            return Change((), summary: "stored by hand")
        }
        return world
    }

    func cart(_ id: String, _ currency: Currency, lines: Int, price: Money, quantity: Quantity, budget: Money?, status: CartStatus,
              completed: Timestamp? = nil) -> Cart {
        let bought = status != .planning
        return Cart(id: CartID(id), name: "Cart \(id)", budget: budget, currency: currency, status: status, createdAt: Self.day,
                    startedAt: bought ? Self.day : nil, completedAt: completed,
                    lines: (0..<lines).map { index in
                        CartItem(itemID: ItemID("\(id)-\(index)"), name: "Item \(index)", categoryName: "Pantry", quantity: quantity,
                            unit: .each,
                                 plannedPrice: price, isFulfilled: bought, actualPrice: bought ? price : nil)
                    })
    }

    /// Home, the cart, shopping mode, history, insights and the report.
    func renderEverything(_ world: TestWorld, cart: String) async -> [String] {
        let home = HomeViewModel(useCases: world.useCases)
        let detail = CartDetailViewModel(useCases: world.useCases, cart: cart)
        let shop = ShoppingModeViewModel(useCases: world.useCases, cart: cart)
        let history = HistoryViewModel(useCases: world.useCases)
        let insights = InsightsViewModel(useCases: world.useCases)
        let report = ReportViewModel(useCases: world.useCases)
        #expect(await home.load(), "\(home.errorMessage ?? "")")
        #expect(await detail.load(), "\(detail.errorMessage ?? "")")
        await shop.begin()
        #expect(await history.load())
        #expect(await insights.load(), "\(insights.errorMessage ?? "")")
        #expect(await report.load(), "\(report.errorMessage ?? "")")
        return [home.render(), home.render(.rich), detail.render(), detail.render(.rich), shop.render(), history.render(),
                insights.render(), insights.render(.rich), report.renderHTML(generated: Self.day)]
    }

    @Test(arguments: ["EUR", "JPY", "KWD"])
    func aThousandLinesAtTheLargestPriceAndQuantityRender(code: String) async throws {
        let currency = try Currency(code: code)
        let big = cart("big", currency, lines: 1_000, price: .maximum(currency), quantity: .maximum,
            budget: Money(minorUnits: 1, currency: currency),
                       status: .planning)
        let trips = (1...3).map { month in
            cart("t\(month)", currency, lines: 1_000, price: .maximum(currency), quantity: .maximum,
                budget: Money(minorUnits: 1, currency: currency),
                 status: .completed, completed: Timestamp(rfc3339: "2026-0\(month)-02T10:00:00+01:00")!)
        }
        let world = try await world(currency, carts: [big] + trips)
        let screens = await renderEverything(world, cart: "big")
        let total = try Money.maximum(currency).times(.maximum).minorUnits * 1_000
        #expect(screens[0].contains("[####################]! >9999%  planned \(Money(minorUnits: total, currency: currency).amountText)"))
        #expect(screens[6].contains("Total"))
    }

    @Test func amountsOnlyADamagedFileCouldHoldRenderToo() async throws {
        // One line costing the most an Int64 holds against a budget of one cent, trips whose totals
        // are as far apart as 64 bits allow, and a price that went from 1 cent to the maximum.
        let most = Money(minorUnits: .max, currency: .euro)
        let huge = cart("huge", .euro, lines: 1, price: most, quantity: .one, budget: Money(minorUnits: 1, currency: .euro),
            status: .shopping)
        let small = cart("t1", .euro, lines: 1, price: Money(minorUnits: 1, currency: .euro), quantity: .one, budget: nil,
            status: .completed,
                         completed: Timestamp(rfc3339: "2026-01-02T10:00:00+01:00")!)
        var large = cart("t2", .euro, lines: 1, price: Money(minorUnits: .max / 2, currency: .euro), quantity: .one,
                         budget: Money(minorUnits: 0, currency: .euro), status: .completed,
                             completed: Timestamp(rfc3339: "2026-02-02T10:00:00+01:00")!)
        large = Cart(id: large.id, name: large.name, budget: large.budget, currency: .euro, status: .completed, createdAt: large.createdAt,
                     startedAt: large.startedAt, completedAt: large.completedAt,
                     lines: large.lines.map { var line = $0;
                         line = CartItem(itemID: ItemID("t1-0"), name: line.name, categoryName: "Pantry",
                                                                              quantity: .one, unit: .each,
                                                                                  plannedPrice: Money(minorUnits: 1, currency: .euro),
                                                                              isFulfilled: true, actualPrice: line.actualPrice);
                                                                                  return line })
        let world = try await world(.euro, carts: [huge, small, large])
        let screens = await renderEverything(world, cart: "huge")
        #expect(screens[0].contains(">9999%"))
        #expect(screens[6].contains("trend"))
    }
}
