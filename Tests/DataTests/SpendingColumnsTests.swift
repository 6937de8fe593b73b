@testable import DataLayer
import Domain
import TestSupport
import Testing

/// The file store's columns answer every question Domain asks of spending exactly as the
/// line-by-line meaning in `Spending`'s extension does (what `SpendingList` answers), over
/// random histories: ties in time, impulse buys, lines at no store, packs and prices per kg.
@Suite struct SpendingColumnsTests {
    static func history(seed: UInt64) -> [Cart] {
        var random = SeededGenerator(state: seed)
        let items = (0..<6).map { (ItemID("i\($0)"), "Item \($0 % 5)") }  // two items share a name
        let stores: [StoreID?] = [StoreID("s0"), StoreID("s1"), StoreID("s2"), nil]
        let categories: [String?] = ["Dairy", "Fruit", "Pantry", nil]
        let kinds: [(MeasureUnit, PriceUnit)] = [(.each, PriceUnit(.each)), (.kg, PriceUnit(.kg)), (.g, PriceUnit(.kg)),
            (.pack, PriceUnit(.pack)),
                                                 (.pack, PriceUnit(pack: PackSize(Quantity(250), .g)!)), (.ml, PriceUnit(.l)),
                                                     (.lb, PriceUnit(.lb))]
        return (0..<Int.random(in: 0...9, using: &random)).map { number in
            // Few distinct moments, so that trips often finish at the same second.
            let time = Timestamp(clamping: 1_772_000_000 + Int64.random(in: 0...4, using: &random) * 2_000_000, utcOffsetSeconds: 3600)
            let lines = (0..<Int.random(in: 0...7, using: &random)).map { _ -> CartItem in
                let (id, name) = items.randomElement(using: &random)!
                let (unit, basis) = kinds.randomElement(using: &random)!
                let quantity = Quantity(thousandths: [0, 250, 1000, 1500, 3000].randomElement(using: &random)!)
                return CartItem(itemID: id, name: name, categoryName: categories.randomElement(using: &random)!, quantity: quantity,
                    unit: unit,
                                priceUnit: basis, isFulfilled: Int.random(in: 0..<5, using: &random) > 0,
                                actualStore: stores.randomElement(using: &random)!,
                                actualPrice: Bool.random(using: &random) ? Money(minorUnits: Int64.random(in: 0...900, using: &random),
                                    currency: .euro) : nil,
                                isImpulse: Int.random(in: 0..<6, using: &random) == 0)
            }
            var seen: Set<ItemID> = []
            return Cart(id: CartID("c\(number)"), name: "Trip \(number)", budget: nil, currency: .euro, status: .completed, createdAt: time,
                        startedAt: time, completedAt: time, lines: lines.filter { seen.insert($0.itemID).inserted })
        }
    }

    @Test(arguments: 0..<150)
    func theColumnsAnswerWhatTheLinesSay(seed: Int) throws {
        var random = SeededGenerator(state: UInt64(seed) &* 7919)
        let carts = Self.history(seed: UInt64(seed))
        let list = try SpendingList(completedCarts: carts, currency: .euro)
        let columns = try SpendingColumns(completedCarts: carts, currency: .euro)
        let asked: any Spending = columns
        #expect(columns.trips == list.trips && columns.lines == list.lines)
        let selection = TripSelection(list.trips) { _ in Int.random(in: 0..<4, using: &random) > 0 }
        let grouping = TripGrouping(list.trips) { _ in "group \(Int.random(in: 0..<3, using: &random))" }
        #expect(try asked.totals(of: selection) == list.totals(of: selection))
        #expect(asked.priceSpans(of: selection) == list.priceSpans(of: selection))
        for base in grouping.groups {
            #expect(try asked.basketTotals(by: grouping, basketOf: base) == list.basketTotals(by: grouping, basketOf: base))
        }
        #expect(try asked.groupsBought(in: grouping) == list.groupsBought(in: grouping))
        #expect(asked.paidObservations(of: nil) == list.paidObservations(of: nil))
        for item in (0..<7).map({ ItemID("i\($0)") }) {
            #expect(asked.paidObservations(of: item) == list.paidObservations(of: item))
            let mine = columns.lines(of: item), theirs = list.lines(of: item)
            #expect(mine.trips == theirs.trips && mine.lines == theirs.lines)
        }
        // Filtering and joining keep the same lines, renumbered.
        let kept = columns.filter(trips: selection.contains)
        #expect(kept.trips == list.trips.indices.filter(selection.contains).map { list.trips[$0] })
        #expect(kept.lines.map(\.item) == list.lines.filter { selection.contains($0.trip) }.map(\.item))
        let half = carts.count / 2
        let joined = try SpendingColumns(completedCarts: Array(carts[..<half]), currency: .euro)
            .appending(SpendingColumns(completedCarts: Array(carts[half...]), currency: .euro))
        #expect(joined == columns)
    }

    /// The histories above hold what the comparison is about, so that it is not empty.
    @Test func theRandomHistoriesHoldEveryCase() throws {
        let all = try (0..<150).map { try SpendingList(completedCarts: Self.history(seed: UInt64($0)), currency: .euro) }
        let lines = all.flatMap(\.lines)
        #expect(lines.contains { $0.itemID == nil } && lines.contains { $0.store == nil } && lines.contains { $0.basis.pack != nil })
        #expect(lines.contains { $0.basis != PriceUnit($0.unit) && $0.basis.pack == nil })
        #expect(all.filter { spending in
            spending.priceSpans(of: TripSelection(spending.trips) { _ in true }).contains { $0.purchases > 1 } }.count > 20)
        // Baskets bought in both groups of trips, so that a basket's cells in other groups are compared too.
        #expect(try all.filter { spending in
            var odd = false
            let grouping = TripGrouping(spending.trips) { _ in
                odd.toggle()
                return odd ? "odd" : "even"
            }
            guard grouping.count == 2 else { return false }
            let totals = try spending.basketTotals(by: grouping, basketOf: grouping.groups[0])
            return totals.items.indices.contains { totals.quantity(of: $0, in: grouping.groups[1]) > 0 }
        }.count > 20)
    }
}
