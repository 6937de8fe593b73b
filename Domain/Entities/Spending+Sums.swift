/// The sums from the lines one by one: what each means, for any storage. A storage with a
/// faster layout answers the same (the file store's agreement is tested against these).
extension Spending {
    /// Every line, in order, in one array: for a question about a few lines (a test, a fake);
    /// a storage of many reads them with `forEachLine` instead.
    public var lines: [PurchasedLine] {
        var all: [PurchasedLine] = []
        forEachLine { all.append($0) }
        return all
    }

    /// Every price paid on trips (`paidObservations(of:)` for all items).
    public func paidObservations() -> [PriceObservation] { paidObservations(of: nil) }

    /// `Spending.totals(of:)` from the lines one by one, keyed as the lines name stores and categories.
    public func totals(of selection: TripSelection) throws -> SpendingTotals {
        // Lines come trip by trip: a group's trips are counted by the last trip seen for it.
        var stores: [StoreID?: (total: Int64, trips: Int, lastTrip: Int)] = [:]
        var categories: [String?: (total: Int64, trips: Int, lastTrip: Int)] = [:]
        func add<Key>(_ sums: inout [Key: (total: Int64, trips: Int, lastTrip: Int)], _ key: Key, _ line: PurchasedLine) throws {
            var sum = sums[key] ?? (0, 0, -1)
            let (total, overflow) = sum.total.addingReportingOverflow(line.cost.minorUnits)
            guard !overflow else { throw DomainError.amountOverflow }
            sum.total = total
            if sum.lastTrip != line.trip { (sum.trips, sum.lastTrip) = (sum.trips + 1, line.trip) }
            sums[key] = sum
        }
        try forEachLine { line in
            guard selection.contains(line.trip) else { return }
            try add(&stores, line.store, line)
            try add(&categories, line.category, line)
        }
        func total(_ sum: (total: Int64, trips: Int, lastTrip: Int)) -> SpendingTotals.Total {
            SpendingTotals.Total(amount: Money(minorUnits: sum.total, currency: currency), trips: sum.trips)
        }
        return SpendingTotals(byStore: stores.mapValues(total), byCategory: categories.mapValues(total))
    }

    /// `Spending.priceSpans(of:)` from the lines one by one: the latest line of each item, then
    /// its earliest at that line's store.
    public func priceSpans(of selection: TripSelection) -> [PriceSpan] {
        let times = trips.map(\.completedAt.secondsSince1970)
        var order: [ItemID] = [], seen: Set<ItemID> = []
        var last: [ItemID: PurchasedLine] = [:]
        let all = lines
        for line in all {
            guard let item = line.itemID else { continue }
            if seen.insert(item).inserted { order.append(item) }
            guard selection.contains(line.trip) else { continue }
            if let known = last[item], times[line.trip] < times[known.trip] { continue }
            last[item] = line
        }
        var first: [ItemID: (line: PurchasedLine, purchases: Int)] = [:]
        for line in all {
            guard let item = line.itemID, selection.contains(line.trip), let latest = last[item],
                  line.store == latest.store else { continue }
            guard let known = first[item] else {
                first[item] = (line, 1)
                continue
            }
            first[item] = (times[line.trip] < times[known.line.trip] ? line : known.line, known.purchases + 1)
        }
        return order.compactMap { item in
            guard let latest = last[item], let earliest = first[item] else { return nil }
            return PriceSpan(first: earliest.line, last: latest, purchases: earliest.purchases)
        }
    }

    /// `Spending.basketTotals(by:basketOf:)` from the lines one by one: the basket first, then
    /// its items' lines added up in their groups.
    public func basketTotals(by grouping: TripGrouping, basketOf base: TripGroup) throws -> BasketTotals {
        var order: [ItemID] = [], seen: Set<ItemID> = [], bought: Set<ItemID> = []
        let lines = lines
        for line in lines {
            guard let item = line.itemID else { continue }
            if seen.insert(item).inserted { order.append(item) }
            if grouping.group(of: line.trip) == base, try line.baseQuantity() > 0 { bought.insert(item) }
        }
        let basket = order.filter(bought.contains)
        let slots = Dictionary(uniqueKeysWithValues: basket.enumerated().map { ($1, $0) })
        var totals = BasketTotals(items: basket, in: grouping)
        for line in lines {
            guard let item = line.itemID, let slot = slots[item] else { continue }
            let held = try line.baseQuantity()
            guard held > 0 else { continue }
            try totals.add(cost: line.cost.minorUnits, quantity: held, of: slot, in: grouping.group(of: line.trip))
        }
        return totals
    }

    /// `Spending.groupsBought(in:)` from the lines one by one.
    public func groupsBought(in grouping: TripGrouping) throws -> [TripGroup] {
        var bought: Set<TripGroup> = []
        try forEachLine { line in
            if line.itemID != nil, try line.baseQuantity() > 0 { bought.insert(grouping.group(of: line.trip)) }
        }
        return grouping.groups.filter(bought.contains)
    }

    /// `Spending.paidObservations(of:)` from the lines one by one.
    public func paidObservations(of item: ItemID?) -> [PriceObservation] {
        let trips = trips
        var observations: [PriceObservation] = []
        forEachLine { line in
            guard let id = line.itemID, let store = line.store, item == nil || id == item else { return }
            let trip = trips[line.trip]
            observations.append(PriceObservation(item: id, store: store, price: UnitPrice(line.price, per: line.basis),
                                                 observedAt: trip.completedAt, source: .trip(trip.cartID)))
        }
        return observations
    }
}
