import Domain

/// Reading history as spending (`HistoryCodec.decodeSpending`): the trips and their bought
/// lines as columns of numbers, and the prices seen by hand, skipping everything else.
extension HistoryCodec {
    /// Only what insights, exports and price history need: trips, their bought lines (as
    /// columns of numbers), and the prices seen by hand. Skips lines not bought and every field
    /// it does not need. With `tripsOnly`, bought lines and prices are skipped too; with `item`,
    /// the lines and prices of other items.
    static func decodeSpending(_ history: ByteReader, currency: Currency, tripsOnly: Bool = false,
                               item: ItemID? = nil) throws -> (SpendingColumns, [PriceObservation]) {
        try CompactFile.checkHeader(history, header: header)
        var spending = SpendingReader(currency: currency, item: item, tripsOnly: tripsOnly,
                                      // about one bought line per 85 bytes
                                      expectedLines: tripsOnly || item != nil ? 0 : history.count / 85)
        try spending.read(history, from: CompactFile.firstLineEnd(history) + 1, firstLine: 2)
        return (spending.columns(), spending.manual)
    }

    /// The same for the lines from `start` on, which continue a history read before: also
    /// returns the carts that those lines complete or remove, since they replace or take away
    /// any trip of the same cart read before.
    static func decodeSpendingTail(_ history: ByteReader, from start: Int,
                                   currency: Currency) throws -> (data: SpendingColumns, manual: [PriceObservation],
                                                                  carts: Set<CartID>, forgotten: [PriceObservation]) {
        guard history.byteIfPresent(at: history.count - 1) == 0x0A else { throw history.failure("the last line is cut off") }
        var spending = SpendingReader(currency: currency, item: nil, tripsOnly: false, expectedLines: 0)
        try spending.read(history, from: start, firstLine: 0)
        return (spending.columns(), spending.manual, spending.carts, spending.forgotten)
    }
}

/// The spending of history's lines as they are read, record by record: each `C` line opens a
/// trip, each bought `L` line of it adds a row to the columns, `R` takes a trip out, `O` and
/// `X` add and take out a price seen by hand. Texts (items, names, categories, stores) are
/// numbered by an `Interner` each, so that a row holds numbers only.
private struct SpendingReader {
    let currency: Currency
    /// The one item read (its id's bytes), or nil for all of them.
    let item: ItemID?
    private let only: [UInt8]?
    let tripsOnly: Bool

    private(set) var trips: [TripSummary] = []
    /// Whether each trip of `trips` was completed again or removed later.
    private var removed: [Bool] = []
    private var tripIndex: [CartID: Int] = [:]
    /// The carts that the lines complete or remove, and the prices seen by hand they take out.
    private(set) var carts: Set<CartID> = []
    private(set) var forgotten: [PriceObservation] = []
    private(set) var manual: [PriceObservation] = []

    private var lineTrip: [Int32] = [], lineItem: [Int32] = [], lineName: [Int32] = [], lineCategory: [Int32] = [], lineStore: [Int32] = []
    private var lineUnit: [MeasureUnit] = [], lineQuantity: [Int64] = [], linePrice: [Int64] = [], lineCost: [Int64] = []
    private var lineBases: [Int32: PriceUnit] = [:]
    private var items = Interner(), names = Interner(), categories = Interner(), stores = Interner(), observed = Interner()

    /// - Parameter expectedLines: how many bought lines to make room for at once.
    init(currency: Currency, item: ItemID?, tripsOnly: Bool, expectedLines: Int) {
        self.currency = currency
        self.item = item
        self.only = item.map { Array($0.rawValue.utf8) }
        self.tripsOnly = tripsOnly
        reserve(expectedLines)
    }

    /// Grows the columns once rather than by doubling.
    private mutating func reserve(_ count: Int) {
        guard count > 0 else { return }
        lineTrip.reserveCapacity(count)
        lineItem.reserveCapacity(count)
        lineName.reserveCapacity(count)
        lineCategory.reserveCapacity(count)
        lineStore.reserveCapacity(count)
        lineUnit.reserveCapacity(count)
        lineQuantity.reserveCapacity(count)
        linePrice.reserveCapacity(count)
        lineCost.reserveCapacity(count)
    }

    /// Reads the records of the lines in `start..<history.count`, numbered from `firstLine`.
    /// - Throws: `StorageError.unreadable` naming the line.
    mutating func read(_ history: ByteReader, from start: Int, firstLine: Int) throws {
        try CompactFile.forEachLine(history, from: start, to: history.count, firstLine: firstLine) { reader in
            var reader = reader
            let letter = try reader.letter()
            if tripsOnly && (letter == 0x4C || letter == 0x4F) { return }
            switch letter {
            case 0x4C: try boughtLine(&reader)  // L
            case 0x43: try trip(&reader)  // C
            case 0x52: removal(CartID(reader.string(try reader.next())))  // R
            case 0x4F: try observation(&reader)  // O
            case 0x58: try forgetting(&reader)  // X
            default: throw reader.unknownRecord(letter)
            }
        }
    }

    /// A `C` line: a trip, which replaces any earlier completion of its cart.
    private mutating func trip(_ reader: inout FieldReader) throws {
        let summary = try HistoryCodec.trip(&reader, currency: currency).summary
        carts.insert(summary.cartID)
        if let earlier = tripIndex[summary.cartID] { removed[earlier] = true }
        tripIndex[summary.cartID] = trips.count
        trips.append(summary)
        removed.append(false)
    }

    /// An `R` line: the cart's trip is taken out.
    private mutating func removal(_ id: CartID) {
        carts.insert(id)
        if let earlier = tripIndex.removeValue(forKey: id) { removed[earlier] = true }
    }

    /// An `L` line of the last trip: a row when it was bought (and is of the item asked for).
    private mutating func boughtLine(_ reader: inout FieldReader) throws {
        guard !trips.isEmpty else { throw reader.failure("a cart line comes before any cart") }
        let itemRange = try reader.next()
        if let only, !reader.bytes(itemRange).elementsEqual(only) { return }
        let quantity = try reader.quantity(), units = try reader.lineUnits()
        try reader.skip()  // the planned store
        try reader.skip()  // and price
        guard try reader.flag() else { return }
        let storeRange = try reader.next()
        guard let price = try reader.optionalInteger() else { return }
        let bought = try reader.optionalQuantity() ?? quantity
        let impulse = try reader.flag()
        let categoryRange = try reader.next()
        lineName.append(try names.number(reader, try reader.next()))
        lineTrip.append(Int32(trips.count - 1))
        lineItem.append(impulse ? -1 : try items.number(reader, itemRange))
        lineCategory.append(impulse || categoryRange.isEmpty ? -1 : try categories.number(reader, categoryRange))
        lineStore.append(storeRange.isEmpty ? -1 : try stores.number(reader, storeRange))
        lineUnit.append(units.unit)
        lineQuantity.append(bought.thousandths)
        lineCost.append(try cost(price: price, bought: bought, units))
        linePrice.append(price)
    }

    /// What a bought line cost; one priced per another unit than it was bought in is noted in `lineBases`.
    private mutating func cost(price: Int64, bought: Quantity, _ units: (unit: MeasureUnit, basis: PriceUnit)) throws -> Int64 {
        if units.basis == PriceUnit(units.unit) { return try Rounding.cost(price: price, thousandths: bought.thousandths) }
        lineBases[Int32(lineUnit.count - 1)] = units.basis
        return try PurchasedLine.cost(bought, units.unit, price: Money(minorUnits: price, currency: currency), per: units.basis).minorUnits
    }

    /// An `O` line: a price seen by hand.
    private mutating func observation(_ reader: inout FieldReader) throws {
        let price = try HistoryCodec.observation(&reader, interner: &observed, currency: currency)
        if item == nil || price.item == item { manual.append(price) }
    }

    /// An `X` line: every equal price seen by hand before it is taken out.
    private mutating func forgetting(_ reader: inout FieldReader) throws {
        let taken = try HistoryCodec.observation(&reader, interner: &observed, currency: currency)
        guard item == nil || taken.item == item else { return }
        manual.removeAll { $0 == taken }
        forgotten.append(taken)
    }

    /// The columns of the trips not taken out, with their rows.
    func columns() -> SpendingColumns {
        let data = SpendingColumns(currency: currency, trips: trips, lineTrip: lineTrip, lineItem: lineItem, lineName: lineName,
                                   lineCategory: lineCategory, lineStore: lineStore, lineUnit: lineUnit, lineQuantity: lineQuantity,
                                   linePrice: linePrice, lineCost: lineCost, itemIDs: items.texts.map(ItemID.init), names: names.texts,
                                   categories: categories.texts, stores: stores.texts.map(StoreID.init), lineBases: lineBases)
        return removed.contains(true) ? data.filter(trips: { !removed[$0] }) : data
    }
}
