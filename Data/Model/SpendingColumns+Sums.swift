import Domain

/// The sums Domain asks of spending (`Spending`), as loops over the columns by number: a
/// hundred thousand lines add up in a few milliseconds, with no string hashed per line. Each
/// answers what `Spending`'s extension answers from the lines one by one
/// (`SpendingColumnsTests`).
extension SpendingColumns {
    /// A group's running sum: lines come trip by trip, so a group's trips are counted by the
    /// last trip seen for it.
    private typealias Sum = (total: Int64, trips: Int, lastTrip: Int32)

    func totals(of selection: TripSelection) throws -> SpendingTotals {
        // Slot 0 of each is "none".
        var storeSums = [Sum](repeating: (0, 0, -1), count: stores.count + 1)
        var categorySums = [Sum](repeating: (0, 0, -1), count: categories.count + 1)
        for line in 0..<lineCount {
            let trip = lineTrip[line]
            guard selection.contains(Int(trip)) else { continue }
            let cost = lineCost[line]
            try Self.add(&storeSums, Int(lineStore[line]) + 1, cost, trip)
            try Self.add(&categorySums, Int(lineCategory[line]) + 1, cost, trip)
        }
        func total(_ sum: Sum) -> SpendingTotals.Total {
            SpendingTotals.Total(amount: Money(minorUnits: sum.total, currency: currency), trips: sum.trips)
        }
        var byStore: [StoreID?: SpendingTotals.Total] = [:], byCategory: [String?: SpendingTotals.Total] = [:]
        let stores = stores, categories = categories
        for (slot, sum) in storeSums.enumerated() where sum.trips > 0 { byStore[slot == 0 ? nil : stores[slot - 1]] = total(sum) }
        for (slot, sum) in categorySums.enumerated() where sum.trips > 0 { byCategory[slot == 0 ? nil : categories[slot - 1]] = total(sum) }
        return SpendingTotals(byStore: byStore, byCategory: byCategory)
    }

    // A static function, not a closure over the arrays, which would check exclusive access on
    // each of 200,000 calls.
    private static func add(_ sums: inout [Sum], _ slot: Int, _ cost: Int64, _ trip: Int32) throws {
        let (total, overflow) = sums[slot].total.addingReportingOverflow(cost)
        guard !overflow else { throw DomainError.amountOverflow }
        sums[slot].total = total
        if sums[slot].lastTrip != trip {
            sums[slot].trips += 1
            sums[slot].lastTrip = trip
        }
    }

    func priceSpans(of selection: TripSelection) -> [PriceSpan] {
        let itemCount = itemIDs.count
        var first = [Int](repeating: -1, count: itemCount), last = [Int](repeating: -1, count: itemCount),
            seen = [Int](repeating: 0, count: itemCount)
        let tripTimes = trips.map(\.completedAt.secondsSince1970)
        var firstTime = [Int64](repeating: .max, count: itemCount), lastTime = [Int64](repeating: .min, count: itemCount)
        for line in 0..<lineCount {
            let trip = Int(lineTrip[line]), item = Int(lineItem[line])
            guard selection.contains(trip), item >= 0 else { continue }
            let time = tripTimes[trip]
            if last[item] < 0 || time >= lastTime[item] {
                last[item] = line
                lastTime[item] = time
            }
        }
        for line in 0..<lineCount {
            let trip = Int(lineTrip[line]), item = Int(lineItem[line])
            guard selection.contains(trip), item >= 0, lineStore[line] == lineStore[last[item]] else { continue }
            let time = tripTimes[trip]
            if first[item] < 0 || time < firstTime[item] {
                first[item] = line
                firstTime[item] = time
            }
            seen[item] += 1
        }
        return (0..<itemCount).compactMap { item in
            seen[item] > 0 ? PriceSpan(first: line(first[item]), last: line(last[item]), purchases: seen[item]) : nil
        }
    }

    func groupsBought(in grouping: TripGrouping) throws -> [TripGroup] {
        var bought = [Bool](repeating: false, count: grouping.count)
        for line in 0..<lineCount where lineItem[line] >= 0 && !bought[grouping.group(of: Int(lineTrip[line])).number] {
            if try baseQuantity(line) > 0 { bought[grouping.group(of: Int(lineTrip[line])).number] = true }
        }
        return grouping.groups.filter { bought[$0.number] }
    }

    private func baseQuantity(_ line: Int) throws -> Int64 {
        try PurchasedLine.baseQuantity(thousandths: lineQuantity[line], unit: lineUnit[line],
                                       basis: lineBases.isEmpty ? nil : lineBases[Int32(line)])
    }

    func basketTotals(by grouping: TripGrouping, basketOf base: TripGroup) throws -> BasketTotals {
        // The basket first (items bought in `base`), so that no other item's lines are added up.
        var slots = [Int](repeating: -1, count: itemIDs.count)
        for line in 0..<lineCount
        where lineItem[line] >= 0 && grouping.group(of: Int(lineTrip[line])) == base && slots[Int(lineItem[line])] < 0 {
            if try baseQuantity(line) > 0 { slots[Int(lineItem[line])] = 0 }
        }
        // Items are numbered in the order first bought: the basket's order.
        var basket: [ItemID] = []
        let itemIDs = itemIDs
        for item in slots.indices where slots[item] == 0 {
            slots[item] = basket.count
            basket.append(itemIDs[item])
        }
        var totals = BasketTotals(items: basket, in: grouping)
        for line in 0..<lineCount where lineItem[line] >= 0 && slots[Int(lineItem[line])] >= 0 {
            let held = try baseQuantity(line)
            guard held > 0 else { continue }
            try totals.add(cost: lineCost[line], quantity: held, of: slots[Int(lineItem[line])],
                           in: grouping.group(of: Int(lineTrip[line])))
        }
        return totals
    }

    func paidObservations(of item: ItemID?) -> [PriceObservation] {
        let itemIDs = itemIDs, stores = stores
        let wanted = item.map { id in itemIDs.firstIndex(of: id).map(Int32.init) ?? -2 }
        return (0..<lineCount).compactMap { index in
            guard lineItem[index] >= 0, lineStore[index] >= 0, wanted == nil || lineItem[index] == wanted else { return nil }
            let trip = trips[Int(lineTrip[index])]
            return PriceObservation(item: itemIDs[Int(lineItem[index])], store: stores[Int(lineStore[index])],
                                    price: UnitPrice(Money(minorUnits: linePrice[index], currency: currency),
                                                     per: lineBases[Int32(index)] ?? PriceUnit(lineUnit[index])),
                                    observedAt: trip.completedAt, source: .trip(trip.cartID))
        }
    }
}
