/// A completed trip in brief: what history lists and insights add up, without its lines.
public struct TripSummary: Sendable, Hashable {
    public let cartID: CartID
    public let name: String
    public let completedAt: Timestamp
    public let budget: Money?
    /// The planned cost of its vault lines (impulse buys were never planned).
    public let planned: Money
    public let actual: Money
    public let fulfilled: Int
    public let lines: Int

    public init(cartID: CartID, name: String, completedAt: Timestamp, budget: Money?, planned: Money, actual: Money, fulfilled: Int, lines: Int) {
        self.cartID = cartID
        self.name = name
        self.completedAt = completedAt
        self.budget = budget
        self.planned = planned
        self.actual = actual
        self.fulfilled = fulfilled
        self.lines = lines
    }

    public init(_ cart: Cart) throws {
        self.init(cartID: cart.id, name: cart.name, completedAt: cart.completedAt ?? cart.createdAt, budget: cart.budget,
                  planned: try Money.sum(cart.lines.filter { !$0.isImpulse }.compactMap { try $0.plannedCost() }, currency: cart.currency),
                  actual: try cart.actualTotal(), fulfilled: cart.progress.fulfilled, lines: cart.progress.total)
    }

    public var overBudget: Money? {
        guard let budget, actual > budget else { return nil }
        return Money(minorUnits: Money.difference(actual.minorUnits, budget.minorUnits), currency: actual.currency)
    }
}

/// One bought line of a completed trip.
public struct PurchasedLine: Sendable, Hashable {
    /// Its trip: an index into `SpendingData.trips`.
    public let trip: Int
    /// The vault item; nil for an impulse buy.
    public let itemID: ItemID?
    public let item: String
    /// The category it had when the trip finished; nil for an impulse buy.
    public let category: String?
    public let store: StoreID?
    /// The unit the line was counted in.
    public let unit: MeasureUnit
    /// What `price` is per: `unit`, or the store's (per lb, per pack of 250 g).
    public let basis: PriceUnit
    public let quantity: Quantity
    /// The price of one `basis`.
    public let price: Money
    /// quantity × price, converted between `unit` and `basis`, rounded once.
    public let cost: Money

    public init(trip: Int, itemID: ItemID?, item: String, category: String?, store: StoreID?, unit: MeasureUnit, basis: PriceUnit? = nil,
                quantity: Quantity, price: Money, cost: Money) {
        self.trip = trip
        self.itemID = itemID
        self.item = item
        self.category = category
        self.store = store
        self.unit = unit
        self.basis = basis ?? PriceUnit(unit)
        self.quantity = quantity
        self.price = price
        self.cost = cost
    }

    /// The cost of `quantity` of `unit` at `price` per `basis`, exact, rounded once.
    /// - Throws: `DomainError.amountOverflow`.
    public static func cost(_ quantity: Quantity, _ unit: MeasureUnit, price: Money, per basis: PriceUnit) throws -> Money {
        if basis == PriceUnit(unit) { return try price.times(quantity) }
        return try price.cost(of: quantity, in: PriceUnit(unit), per: basis) ?? price.times(quantity)
    }
}

/// Every completed trip and every line bought on them, in the order the trips were completed:
/// what insights, exports and price history are computed from. Lines are kept column by
/// column, with items, names, categories and stores numbered, because insights add up a
/// hundred thousand of them; `line(_:)` gives one as a value.
public struct SpendingData: Sendable, Hashable {
    public private(set) var trips: [TripSummary] = []
    public let currency: Currency

    // MARK: - The bought lines, column by column
    /// Each line's trip: an index into `trips`.
    package private(set) var lineTrip: [Int32] = []
    /// Each line's item: an index into `itemIDs`, or -1 for an impulse buy.
    package private(set) var lineItem: [Int32] = []
    /// An index into `names`.
    package private(set) var lineName: [Int32] = []
    /// An index into `categories`, or -1 for an impulse buy.
    package private(set) var lineCategory: [Int32] = []
    /// An index into `stores`, or -1 for no store.
    package private(set) var lineStore: [Int32] = []
    package private(set) var lineUnit: [MeasureUnit] = []
    /// In thousandths.
    package private(set) var lineQuantity: [Int64] = []
    /// Minor units per unit.
    package private(set) var linePrice: [Int64] = []
    /// Minor units: quantity × price, rounded half-to-even.
    package private(set) var lineCost: [Int64] = []
    /// What the price is per, by line index, for the few lines priced per something else than
    /// their unit (a line in g at a price per kg, a pack of 250 g); the others are per `lineUnit`.
    package private(set) var lineBases: [Int32: PriceUnit] = [:]

    // MARK: - What the numbers stand for
    package var itemIDs: [ItemID] { itemTable.values }
    package var names: [String] { nameTable.values }
    package var categories: [String] { categoryTable.values }
    package var stores: [StoreID] { storeTable.values }
    private var itemTable = Table<ItemID>(), nameTable = Table<String>(), categoryTable = Table<String>(), storeTable = Table<StoreID>()

    /// Texts numbered in the order first seen.
    private struct Table<Value: Sendable & Hashable>: Sendable, Hashable {
        var values: [Value] = []
        var numbers: [String: Int32] = [:]

        init() {}

        init(_ values: [Value], key: (Value) -> String) {
            self.values = values
            for (number, value) in values.enumerated() { numbers[key(value)] = Int32(number) }
        }

        mutating func number(_ text: String, _ make: (String) -> Value) -> Int32 {
            if let known = numbers[text] { return known }
            values.append(make(text))
            numbers[text] = Int32(values.count - 1)
            return Int32(values.count - 1)
        }
    }

    public init(currency: Currency) { self.currency = currency }

    /// Spending read column by column: every `line…` array has one entry per line, numbering
    /// into `itemIDs`, `names`, `categories` and `stores` (-1 for none).
    package init(currency: Currency, trips: [TripSummary], lineTrip: [Int32], lineItem: [Int32], lineName: [Int32], lineCategory: [Int32],
                lineStore: [Int32], lineUnit: [MeasureUnit], lineQuantity: [Int64], linePrice: [Int64], lineCost: [Int64],
                itemIDs: [ItemID], names: [String], categories: [String], stores: [StoreID], lineBases: [Int32: PriceUnit] = [:]) {
        self.currency = currency
        self.lineBases = lineBases
        self.trips = trips
        self.lineTrip = lineTrip
        self.lineItem = lineItem
        self.lineName = lineName
        self.lineCategory = lineCategory
        self.lineStore = lineStore
        self.lineUnit = lineUnit
        self.lineQuantity = lineQuantity
        self.linePrice = linePrice
        self.lineCost = lineCost
        itemTable = Table(itemIDs, key: \.rawValue)
        nameTable = Table(names, key: { $0 })
        categoryTable = Table(categories, key: { $0 })
        storeTable = Table(stores, key: \.rawValue)
    }

    /// The spending of completed carts, in the order given.
    public init(completedCarts carts: [Cart], currency: Currency) throws {
        self.init(currency: currency)
        for cart in carts {
            try addTrip(TripSummary(cart))
            for line in cart.lines where line.isFulfilled {
                guard let price = line.actualPrice, let cost = try line.actualCost() else { continue }
                addLine(itemID: line.isImpulse ? nil : line.itemID.rawValue, name: line.name,
                        category: line.isImpulse ? nil : line.categoryName, store: line.actualStore?.rawValue, unit: line.unit,
                        basis: line.priceUnit, quantity: (line.purchasedQuantity ?? line.quantity).thousandths, price: price.minorUnits,
                        cost: cost.minorUnits)
            }
        }
    }

    public var lineCount: Int { lineTrip.count }

    package mutating func addTrip(_ trip: TripSummary) { trips.append(trip) }

    /// Adds a bought line to the last trip.
    package mutating func addLine(itemID: String?, name: String, category: String?, store: String?, unit: MeasureUnit, basis: PriceUnit? = nil,
                                 quantity: Int64, price: Int64, cost: Int64) {
        if let basis, basis != PriceUnit(unit) { lineBases[Int32(lineTrip.count)] = basis }
        lineTrip.append(Int32(trips.count - 1))
        lineItem.append(itemID.map { itemTable.number($0, ItemID.init) } ?? -1)
        lineName.append(nameTable.number(name) { $0 })
        lineCategory.append(category.map { categoryTable.number($0) { $0 } } ?? -1)
        lineStore.append(store.map { storeTable.number($0, StoreID.init) } ?? -1)
        lineUnit.append(unit)
        lineQuantity.append(quantity)
        linePrice.append(price)
        lineCost.append(cost)
    }

    /// The same data without the trips `keep` says no to (and their lines).
    public func filter(trips keep: (Int) -> Bool) -> SpendingData {
        var kept = SpendingData(currency: currency)
        var renumbered = [Int](repeating: -1, count: trips.count)
        for (index, trip) in trips.enumerated() where keep(index) {
            renumbered[index] = kept.trips.count
            kept.trips.append(trip)
        }
        for index in 0..<lineCount where renumbered[Int(lineTrip[index])] >= 0 {
            kept.copyLine(index, of: self, trip: Int32(renumbered[Int(lineTrip[index])]))
        }
        return kept
    }

    /// The lines of one item only, with the trips they were bought on (in the same order).
    public func lines(of item: ItemID) -> SpendingData {
        var kept = SpendingData(currency: currency)
        guard let wanted = itemIDs.firstIndex(of: item).map(Int32.init) else { return kept }
        var renumbered: [Int32: Int32] = [:]
        for index in 0..<lineCount where lineItem[index] == wanted {
            let trip = lineTrip[index]
            let number: Int32
            if let known = renumbered[trip] {
                number = known
            } else {
                number = Int32(kept.trips.count)
                renumbered[trip] = number
                kept.trips.append(trips[Int(trip)])
            }
            kept.copyLine(index, of: self, trip: number)
        }
        return kept
    }

    /// Adds line `index` of `source`, as a line of trip `trip` here.
    private mutating func copyLine(_ index: Int, of source: SpendingData, trip: Int32) {
        let line = source.line(index)
        addLine(itemID: line.itemID?.rawValue, name: line.item, category: line.category, store: line.store?.rawValue, unit: line.unit,
                basis: line.basis, quantity: line.quantity.thousandths, price: line.price.minorUnits, cost: line.cost.minorUnits)
        lineTrip[lineTrip.count - 1] = trip
    }

    /// Line `index` as a value.
    public func line(_ index: Int) -> PurchasedLine {
        PurchasedLine(trip: Int(lineTrip[index]), itemID: lineItem[index] >= 0 ? itemIDs[Int(lineItem[index])] : nil,
                      item: names[Int(lineName[index])], category: lineCategory[index] >= 0 ? categories[Int(lineCategory[index])] : nil,
                      store: lineStore[index] >= 0 ? stores[Int(lineStore[index])] : nil, unit: lineUnit[index],
                      basis: lineBases.isEmpty ? nil : lineBases[Int32(index)], quantity: Quantity(thousandths: lineQuantity[index]), price: Money(minorUnits: linePrice[index], currency: currency),
                      cost: Money(minorUnits: lineCost[index], currency: currency))
    }

    /// Every line as a value.
    public var lines: [PurchasedLine] { (0..<lineCount).map(line) }

    /// The prices paid on trips, as price observations: one per bought vault line with a store,
    /// dated when its trip finished. They are derived, never stored twice.
    public func paidObservations(of item: ItemID? = nil) -> [PriceObservation] {
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

    public static func == (lhs: SpendingData, rhs: SpendingData) -> Bool { lhs.trips == rhs.trips && lhs.lines == rhs.lines }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(trips)
        hasher.combine(lineCount)
    }
}

/// What was spent in one month on completed trips: a summary a storage may keep up to date.
public struct MonthSpending: Sendable, Hashable {
    /// `YYYY-MM`.
    public let month: String
    public let total: Money
    public let trips: Int

    public init(month: String, total: Money, trips: Int) {
        self.month = month
        self.total = total
        self.trips = trips
    }

    /// The months of `trips`, in month order.
    public static func of(_ trips: [TripSummary], currency: Currency) throws -> [MonthSpending] {
        var totals: [String: (Int64, Int)] = [:]
        for trip in trips {
            let month = trip.completedAt.day.monthText
            let (sum, overflow) = (totals[month]?.0 ?? 0).addingReportingOverflow(trip.actual.minorUnits)
            guard !overflow else { throw DomainError.amountOverflow }
            totals[month] = (sum, (totals[month]?.1 ?? 0) + 1)
        }
        return totals.sorted { $0.key < $1.key }.map { MonthSpending(month: $0.key, total: Money(minorUnits: $0.value.0, currency: currency), trips: $0.value.1) }
    }
}
