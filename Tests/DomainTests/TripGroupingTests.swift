import Domain
import Testing

/// Trips grouped into months: groups are values of their grouping, in the order their first
/// trip comes, and the baskets a spending reports come in that order too.
@Suite struct TripGroupingTests {
    static func trip(_ number: Int, _ rfc3339: String) throws -> TripSummary {
        let zero = Money.zero(.euro)
        return TripSummary(cartID: CartID("c\(number)"), name: "Trip \(number)", completedAt: try #require(Timestamp(rfc3339: rfc3339)),
                           budget: nil, planned: zero, actual: zero, fulfilled: 1, lines: 1)
    }

    @Test func monthsAreGroupedInTheOrderTheirFirstTripComes() throws {
        let trips = try [Self.trip(0, "2026-03-02T10:00:00Z"), Self.trip(1, "2026-01-05T10:00:00Z"), Self.trip(2, "2026-03-20T10:00:00Z")]
        let months = TripGrouping.months(of: trips)
        #expect(months.groups.map(months.label(of:)) == ["2026-03", "2026-01"])
        #expect(months.group(of: 2) == months.group(of: 0) && months.group(of: 1) != months.group(of: 0))
        #expect(months.group(labelled: "2026-01") == months.group(of: 1))
        #expect(months.group(labelled: "2025-12") == nil)
    }

    @Test func theGroupsBoughtComeInTheGroupingsOrder() throws {
        let trips = try [Self.trip(0, "2026-03-02T10:00:00Z"), Self.trip(1, "2026-01-05T10:00:00Z"), Self.trip(2, "2026-02-05T10:00:00Z")]
        let months = TripGrouping.months(of: trips)
        func line(_ trip: Int, _ item: String?) -> PurchasedLine {
            PurchasedLine(trip: trip, itemID: item.map(ItemID.init), item: item ?? "Gum", category: nil, store: nil, unit: .each,
                          quantity: .one, price: Money(minorUnits: 100, currency: .euro), cost: Money(minorUnits: 100, currency: .euro))
        }
        // February's only line is an impulse buy: no basket.
        let spending = SpendingFixture(trips: trips, lines: [line(0, "milk"), line(1, "milk"), line(2, nil)])
        #expect(try spending.groupsBought(in: months) == [months.group(of: 0), months.group(of: 1)])
        let basket = try spending.basketTotals(by: months, basketOf: months.group(of: 1))
        #expect(basket.items == [ItemID("milk")] && basket.cost(of: 0, in: months.group(of: 0)) == 100)
    }
}

/// Spending as given, answering every sum from its lines (`Spending`'s extension).
private struct SpendingFixture: Spending {
    let currency = Currency.euro
    let trips: [TripSummary]
    let lines: [PurchasedLine]

    func forEachLine(_ body: (PurchasedLine) throws -> Void) rethrows { try lines.forEach(body) }
}
