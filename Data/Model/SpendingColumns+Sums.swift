import Domain

/// The sums Domain asks of spending (`Spending`), as loops over the columns by number: a
/// hundred thousand lines add up in a few milliseconds, with no string hashed per line. Each
/// answers what `Spending`'s extension answers from the lines one by one
/// (`SpendingColumnsTests`).
extension SpendingColumns {
    /// A group's running sum: lines come trip by trip, so a group's trips are counted by the
    /// last trip seen for it.
    private typealias Sum = (total: Int64, trips: Int, lastTrip: Int32)

    func totals(on included: [Bool]) throws -> SpendingTotals {
        // Slot 0 of each is "none".
        var storeSums = [Sum](repeating: (0, 0, -1), count: stores.count + 1)
        var categorySums = [Sum](repeating: (0, 0, -1), count: categories.count + 1)
        for line in 0..<lineCount {
            let trip = lineTrip[line]
            guard included[Int(trip)] else { continue }
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

    func priceSpans(on included: [Bool]) -> [PriceSpan] {
        let itemCount = itemIDs.count
        var first = [Int](repeating: -1, count: itemCount), last = [Int](repeating: -1, count: itemCount), seen = [Int](repeating: 0, count: itemCount)
        let tripTimes = trips.map(\.completedAt.secondsSince1970)
        var firstTime = [Int64](repeating: .max, count: itemCount), lastTime = [Int64](repeating: .min, count: itemCount)
        for line in 0..<lineCount {
            let trip = Int(lineTrip[line]), item = Int(lineItem[line])
            guard included[trip], item >= 0 else { continue }
            let time = tripTimes[trip]
            if last[item] < 0 || time >= lastTime[item] {
                last[item] = line
                lastTime[item] = time
            }
        }
        for line in 0..<lineCount {
            let trip = Int(lineTrip[line]), item = Int(lineItem[line])
            guard included[trip], item >= 0, lineStore[line] == lineStore[last[item]] else { continue }
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

    func groupsBought(grouping groups: [Int], count: Int) throws -> [Bool] {
        var bought = [Bool](repeating: false, count: count)
        for line in 0..<lineCount where lineItem[line] >= 0 && !bought[groups[Int(lineTrip[line])]] {
            if try baseQuantity(line) > 0 { bought[groups[Int(lineTrip[line])]] = true }
        }
        return bought
    }

    private func baseQuantity(_ line: Int) throws -> Int64 {
        try PurchasedLine.baseQuantity(thousandths: lineQuantity[line], unit: lineUnit[line], basis: lineBases.isEmpty ? nil : lineBases[Int32(line)])
    }

    func itemTotals(grouping groups: [Int], boughtIn base: Int?) throws -> [ItemTotals] {
        // The basket first (items bought in `base`), so that no other item's cells are made.
        var wanted = [Bool](repeating: base == nil, count: itemIDs.count)
        if let base {
            for line in 0..<lineCount where lineItem[line] >= 0 && groups[Int(lineTrip[line])] == base && !wanted[Int(lineItem[line])] {
                if try baseQuantity(line) > 0 { wanted[Int(lineItem[line])] = true }
            }
        }
        // One cell per item and group, in flat arrays in the order first seen. Lines come trip by
        // trip, mostly in time order, so a line's cell is nearly always its item's last one; the
        // others are found by number.
        let itemCount = itemIDs.count, groupCount = (groups.max() ?? 0) + 1
        var lastGroup = [Int](repeating: -1, count: itemCount), lastCell = [Int](repeating: -1, count: itemCount)
        var cellItem: [Int] = [], cellGroup: [Int] = [], cellCost: [Int128] = [], cellQuantity: [Int128] = []
        // Cells are found by number in a table of every item and group when it is small enough
        // (2,000 items over ten years of months: 2 MB), which is a join's common case; else by hash.
        let tableSize = itemCount.multipliedReportingOverflow(by: groupCount)
        let dense = !tableSize.overflow && tableSize.partialValue <= 1 << 22
        var cellTable = [Int32](repeating: -1, count: dense ? tableSize.partialValue : 0)
        var cellNumbers: [Int: Int] = [:]
        // Grown once: a few cells per item and month bought, never more than lines.
        let cells = min(lineCount, dense ? tableSize.partialValue : lineCount)
        cellItem.reserveCapacity(cells)
        cellGroup.reserveCapacity(cells)
        cellCost.reserveCapacity(cells)
        cellQuantity.reserveCapacity(cells)
        for line in 0..<lineCount where lineItem[line] >= 0 && wanted[Int(lineItem[line])] {
            let quantity = try baseQuantity(line)
            guard quantity > 0 else { continue }
            let item = Int(lineItem[line]), group = groups[Int(lineTrip[line])]
            var cell = lastCell[item]
            if lastGroup[item] != group {
                let key = item * groupCount + group
                if let known = dense ? (cellTable[key] >= 0 ? Int(cellTable[key]) : nil) : cellNumbers[key] {
                    cell = known
                } else {
                    cell = cellItem.count
                    if dense { cellTable[key] = Int32(truncatingIfNeeded: cell) } else { cellNumbers[key] = cell }
                    cellItem.append(item)
                    cellGroup.append(group)
                    cellCost.append(0)
                    cellQuantity.append(0)
                }
                (lastGroup[item], lastCell[item]) = (group, cell)
            }
            cellCost[cell] += Int128(lineCost[line])
            cellQuantity[cell] += Int128(quantity)
        }
        var byItem = [[ItemTotals.Group]](repeating: [], count: itemCount)
        for cell in cellItem.indices {
            byItem[cellItem[cell]].append(ItemTotals.Group(group: cellGroup[cell], cost: cellCost[cell], quantity: cellQuantity[cell]))
        }
        let itemIDs = itemIDs
        return byItem.indices.compactMap { item in byItem[item].isEmpty ? nil : ItemTotals(item: itemIDs[item], groups: byItem[item]) }
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
