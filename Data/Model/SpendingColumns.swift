import Domain

/// The file store's spending: lines kept column by column, with items, names, categories and
/// stores numbered in the order first seen, because insights add up a hundred thousand of them
/// and the spending cache (`SpendingCache`) writes and maps the columns as they are. Domain sees
/// it as `Spending` only; the sums it asks for are loops over these columns
/// (`SpendingColumns+Sums.swift`).
struct SpendingColumns: Spending, Equatable {
    let currency: Currency
    private(set) var trips: [TripSummary] = []

    // MARK: - The bought lines, column by column
    /// Each line's trip: an index into `trips`.
    private(set) var lineTrip: [Int32] = []
    /// Each line's item: an index into `itemIDs`, or -1 for an impulse buy.
    private(set) var lineItem: [Int32] = []
    /// An index into `names`.
    private(set) var lineName: [Int32] = []
    /// An index into `categories`, or -1 for an impulse buy.
    private(set) var lineCategory: [Int32] = []
    /// An index into `stores`, or -1 for no store.
    private(set) var lineStore: [Int32] = []
    private(set) var lineUnit: [MeasureUnit] = []
    /// In thousandths.
    private(set) var lineQuantity: [Int64] = []
    /// Minor units per unit.
    private(set) var linePrice: [Int64] = []
    /// Minor units: quantity × price, rounded half-to-even.
    private(set) var lineCost: [Int64] = []
    /// What the price is per, by line index, for the few lines priced per something else than
    /// their unit (a line in g at a price per kg, a pack of 250 g); the others are per `lineUnit`.
    private(set) var lineBases: [Int32: PriceUnit] = [:]

    // MARK: - What the numbers stand for
    var itemIDs: [ItemID] { itemTable.values }
    var names: [String] { nameTable.values }
    var categories: [String] { categoryTable.values }
    var stores: [StoreID] { storeTable.values }
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

    init(currency: Currency) { self.currency = currency }

    /// Spending read column by column (history, the cache): every `line…` array has one entry
    /// per line, numbering into `itemIDs`, `names`, `categories` and `stores` (-1 for none).
    init(currency: Currency, trips: [TripSummary], lineTrip: [Int32], lineItem: [Int32], lineName: [Int32], lineCategory: [Int32],
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

    /// The spending of completed carts, in the order given (a history kept whole).
    init(completedCarts carts: [Cart], currency: Currency) throws {
        self.init(currency: currency)
        for cart in carts {
            addTrip(try TripSummary(cart))
            for line in try PurchasedLine.bought(on: cart, trip: trips.count - 1, currency: currency) {
                add(line, trip: Int32(trips.count - 1))
            }
        }
    }

    /// The same trips, without their lines: for a reader that asked for trips alone.
    var tripsOnly: SpendingColumns {
        var only = SpendingColumns(currency: currency)
        only.trips = trips
        return only
    }

    /// How many lines there are: what the column loops run to.
    var lineCount: Int { lineTrip.count }

    func forEachLine(_ body: (PurchasedLine) throws -> Void) rethrows {
        for index in 0..<lineCount { try body(line(index)) }
    }

    mutating func addTrip(_ trip: TripSummary) { trips.append(trip) }

    /// Adds a bought line to the last trip.
    mutating func addLine(itemID: String?, name: String, category: String?, store: String?, unit: MeasureUnit, basis: PriceUnit? = nil,
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

    /// Adds `line` as a line of trip `trip` here: the one way lines move between spendings
    /// (filtering, one item's lines, a cache caught up with history), renumbered here.
    private mutating func add(_ line: PurchasedLine, trip: Int32) {
        addLine(itemID: line.itemID?.rawValue, name: line.item, category: line.category, store: line.store?.rawValue, unit: line.unit,
                basis: line.basis, quantity: line.quantity.thousandths, price: line.price.minorUnits, cost: line.cost.minorUnits)
        lineTrip[lineTrip.count - 1] = trip
    }

    /// The same data without the trips `keep` says no to (and their lines).
    func filter(trips keep: (Int) -> Bool) -> SpendingColumns {
        var kept = SpendingColumns(currency: currency)
        var renumbered = [Int](repeating: -1, count: trips.count)
        for (index, trip) in trips.enumerated() where keep(index) {
            renumbered[index] = kept.trips.count
            kept.trips.append(trip)
        }
        for index in 0..<lineCount where renumbered[Int(lineTrip[index])] >= 0 {
            kept.add(line(index), trip: Int32(renumbered[Int(lineTrip[index])]))
        }
        return kept
    }

    /// The lines of one item only, with the trips they were bought on (in the same order).
    func lines(of item: ItemID) -> SpendingColumns {
        var kept = SpendingColumns(currency: currency)
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
            kept.add(line(index), trip: number)
        }
        return kept
    }

    /// These trips and lines followed by `tail`'s.
    func appending(_ tail: SpendingColumns) -> SpendingColumns {
        var joined = self
        for trip in tail.trips { joined.addTrip(trip) }
        let offset = Int32(trips.count)
        for index in 0..<tail.lineCount { joined.add(tail.line(index), trip: tail.lineTrip[index] + offset) }
        return joined
    }

    /// Line `index` (`0..<lineCount`) as a value.
    func line(_ index: Int) -> PurchasedLine {
        PurchasedLine(trip: Int(lineTrip[index]), itemID: lineItem[index] >= 0 ? itemIDs[Int(lineItem[index])] : nil,
                      item: names[Int(lineName[index])], category: lineCategory[index] >= 0 ? categories[Int(lineCategory[index])] : nil,
                      store: lineStore[index] >= 0 ? stores[Int(lineStore[index])] : nil, unit: lineUnit[index],
                      basis: lineBases.isEmpty ? nil : lineBases[Int32(index)], quantity: Quantity(thousandths: lineQuantity[index]),
                      price: Money(minorUnits: linePrice[index], currency: currency),
                      cost: Money(minorUnits: lineCost[index], currency: currency))
    }

    /// Equal when they hold the same trips and lines, however numbered.
    static func == (lhs: SpendingColumns, rhs: SpendingColumns) -> Bool { lhs.trips == rhs.trips && lhs.lines == rhs.lines }
}
