#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Domain

/// History as a compact append-only file (`history.tsv`), read and written by hand:
///
///     grock-history	2
///     C	<cart id>	<budget>	<created at>	<started at>	<completed at>	<planned>	<actual>	<bought>	<lines>	<name>
///     L	<item id>	<quantity>	<unit>	<planned store>	<planned price>	<bought 0/1>	<store>	<price>	<bought quantity>	<impulse 0/1>	<category>	<name>
///     R	<cart id>
///     O	<item id>	<store id>	<unit>	<price>	<seen at>	<promotion 0/1>
///
/// `C` is a completed cart with its totals (so that listing trips reads no lines), followed by
/// its `L` lines; `R` takes a completed cart out of history (reopened or deleted); `O` is a
/// price seen by hand. Amounts are integer minor units.
enum HistoryCodec {
    static let header = "grock-history\t2"

    /// One history change, as a transaction adds it.
    enum Event {
        case completed(Cart)
        case removed(CartID)
        case observed([PriceObservation])
        /// A price seen by hand taken out again: every equal `O` record before it no longer counts.
        case forgotten(PriceObservation)
    }

    /// The lines for `events`; with `header` for a new file.
    static func encode(_ events: [Event], header withHeader: Bool) throws -> [UInt8] {
        var output: [UInt8] = withHeader ? Array((header + "\n").utf8) : []
        // About 90 bytes a line: grown by doubling, a join's 100,000 lines would hold their bytes twice.
        output.reserveCapacity(output.count + 96 * events.reduce(0) { count, event in
            switch event {
            case .completed(let cart): count + 1 + cart.lines.count
            case .observed(let observations): count + observations.count
            case .removed, .forgotten: count + 1
            }
        })
        for event in events {
            switch event {
            case .completed(let cart):
                let summary = try TripSummary(cart)
                LineFormat.line(["C", cart.id.rawValue, cart.budget.map { String($0.minorUnits) } ?? "", cart.createdAt.description,
                                 cart.startedAt?.description ?? "", (cart.completedAt ?? cart.createdAt).description,
                                 String(summary.planned.minorUnits), String(summary.actual.minorUnits),
                                 String(cart.progress.fulfilled), String(cart.progress.total), LineFormat.escape(cart.name)], to: &output)
                for line in cart.lines {
                    LineFormat.line(["L", line.itemID.rawValue, line.quantity.description, UnitText.line(line.unit, pricedPer: line.priceUnit), line.plannedStore?.rawValue ?? "",
                                     line.plannedPrice.map { String($0.minorUnits) } ?? "", line.isFulfilled ? "1" : "0",
                                     line.actualStore?.rawValue ?? "", line.actualPrice.map { String($0.minorUnits) } ?? "",
                                     line.purchasedQuantity?.description ?? "", line.isImpulse ? "1" : "0",
                                     line.categoryName.map(LineFormat.escape) ?? "", LineFormat.escape(line.name)], to: &output)
                }
            case .removed(let id):
                LineFormat.line(["R", id.rawValue], to: &output)
            case .observed(let observations):
                for observation in observations { Self.observation("O", observation, to: &output) }
            case .forgotten(let observation):
                Self.observation("X", observation, to: &output)
            }
        }
        return output
    }

    private static func observation(_ letter: String, _ observation: PriceObservation, to output: inout [UInt8]) {
        LineFormat.line([letter, observation.item.rawValue, observation.store.rawValue, UnitText.basis(observation.price.basis),
                         String(observation.price.price.minorUnits), observation.observedAt.description, observation.isPromotion ? "1" : "0"],
                        to: &output)
    }

    /// The fields of a `C` line after its letter.
    static func trip(_ reader: inout FieldReader, currency: Currency) throws -> (summary: TripSummary, created: Timestamp, started: Timestamp?) {
        let id = CartID(reader.string(try reader.next()))
        let budget = try reader.optionalInteger()
        let created = try reader.time(), started = try reader.optionalTime(), completed = try reader.time()
        let planned = try reader.integer(), actual = try reader.integer(), fulfilled = try reader.integer(), lines = try reader.integer()
        let summary = TripSummary(cartID: id, name: try reader.text(), completedAt: completed,
                                  budget: budget.map { Money(minorUnits: $0, currency: currency) },
                                  planned: Money(minorUnits: planned, currency: currency), actual: Money(minorUnits: actual, currency: currency),
                                  fulfilled: Int(fulfilled), lines: Int(lines))
        return (summary, created, started)
    }

    /// Everything: completed carts with their lines, and the prices seen by hand.
    /// - Throws: `StorageError.unreadable` naming `path` and the line.
    static func decode(_ buffer: UnsafeBufferPointer<UInt8>, currency: Currency, path: String) throws -> HistoryLog {
        var log = HistoryLog()
        var interner = Interner()  // for the prices seen by hand
        var open: (trip: (summary: TripSummary, created: Timestamp, started: Timestamp?), lines: [CartItem])?
        func close() {
            guard let current = open else { return }
            log.complete(summary: current.trip.summary, createdAt: current.trip.created, startedAt: current.trip.started, lines: current.lines)
            open = nil
        }
        func money(_ minorUnits: Int64) -> Money { Money(minorUnits: minorUnits, currency: currency) }
        do {
            try CompactFile.forEachLine(buffer, header: header, path: path) { reader in
                var reader = reader
                let kind = try reader.next()
                guard kind.count == 1 else { throw reader.failure("unknown record \"\(reader.string(kind))\"") }
                switch buffer[kind.lowerBound] {
                case 0x4C:  // L
                    guard open != nil else { throw reader.failure("a cart line comes before any cart") }
                    open?.lines.append(try line(&reader, currency: currency))
                case 0x43:  // C
                    close()
                    open = (try trip(&reader, currency: currency), [])
                case 0x52:  // R
                    close()
                    log.remove(CartID(reader.string(try reader.next())))
                case 0x4F:  // O
                    close()
                    log.record([try observation(&reader, interner: &interner, currency: currency)])
                case 0x58:  // X
                    close()
                    log.forget(try observation(&reader, interner: &interner, currency: currency))
                default:
                    throw reader.failure("unknown record \"\(reader.string(kind))\"")
                }
            }
        }
        close()
        return log
    }

    /// A completed cart's key in the sets below: a hash of its id as written, so that the ids
    /// of thousands of trips are found without a string each. Two ids may share a key; a
    /// cart found by its key is then looked for by its id, and not found.
    static func tripKey(_ id: CartID) -> UInt64 {
        var escaped = LineFormat.escape(id.rawValue)
        return escaped.withUTF8 { Checksum.short($0) }
    }

    /// The keys (`tripKey`) of the carts that `C` lines of `buffer` complete: a line break and
    /// a tab found per line (`ByteReader`), no parsing.
    static func cartIDs(in buffer: UnsafeBufferPointer<UInt8>) -> Set<UInt64> {
        var ids = Set<UInt64>()
        let reader = ByteReader(buffer, path: "")
        var offset = 0
        while offset < reader.count {
            let end = reader.firstIndex(of: 0x0A, from: offset) ?? reader.count
            if reader.byteIfPresent(at: offset) == 0x43, offset + 1 < end, reader.byteIfPresent(at: offset + 1) == 0x09 {
                ids.insert(Checksum.short(reader.clamped(offset + 2..<reader.fieldEnd(from: offset + 2, to: end))))
            }
            offset = end + 1
        }
        return ids
    }

    /// One completed cart, or nil when history does not hold it (any more): the last `C` line of
    /// its id with its `L` lines, unless an `R` line of its id comes after.
    static func decodeCart(_ id: CartID, from buffer: UnsafeBufferPointer<UInt8>, currency: Currency, path: String) throws -> Cart? {
        let target = Array(id.rawValue.utf8)
        var found: Cart?
        var collecting = false
        var trip: (summary: TripSummary, created: Timestamp, started: Timestamp?)?
        var lines: [CartItem] = []
        func finish() {
            if let trip {
                found = Cart(id: trip.summary.cartID, name: trip.summary.name, budget: trip.summary.budget, currency: currency,
                             status: .completed, createdAt: trip.created, startedAt: trip.started, completedAt: trip.summary.completedAt,
                             lines: lines)
            }
            trip = nil
            lines = []
            collecting = false
        }
        try CompactFile.forEachLine(buffer, header: header, path: path) { reader in
            var reader = reader
            let kind = try reader.next()
            guard kind.count == 1 else { throw reader.failure("unknown record \"\(reader.string(kind))\"") }
            let letter = buffer[kind.lowerBound]
            if letter == 0x4C {
                guard collecting else { return }
                lines.append(try line(&reader, currency: currency))
                return
            }
            if collecting { finish() }
            guard letter == 0x43 || letter == 0x52 else { return }
            var probe = reader
            let idRange = try probe.next()
            guard idRange.count == target.count, target.elementsEqual(UnsafeBufferPointer(rebasing: buffer[idRange])) else { return }
            if letter == 0x52 {
                found = nil
            } else {
                trip = try Self.trip(&reader, currency: currency)
                collecting = true
            }
        }
        if collecting { finish() }
        return found
    }

    /// The fields of an `L` line after its letter.
    static func line(_ reader: inout FieldReader, currency: Currency) throws -> CartItem {
        func money(_ minorUnits: Int64) -> Money { Money(minorUnits: minorUnits, currency: currency) }
        let item = ItemID(try reader.text())
        let quantity = try reader.quantity(), units = try reader.lineUnits()
        let plannedStore = try reader.optionalText().map(StoreID.init)
        let plannedPrice = try reader.optionalInteger()
        let fulfilled = try reader.flag()
        let actualStore = try reader.optionalText().map(StoreID.init)
        let actualPrice = try reader.optionalInteger()
        let purchased = try reader.optionalQuantity()
        let impulse = try reader.flag()
        let category = try reader.optionalText()
        return CartItem(itemID: item, name: try reader.text(), categoryName: category, quantity: quantity, unit: units.unit, priceUnit: units.basis,
                        plannedStore: plannedStore,
                        plannedPrice: plannedPrice.map(money), isFulfilled: fulfilled, actualStore: actualStore, actualPrice: actualPrice.map(money),
                        purchasedQuantity: purchased, isImpulse: impulse)
    }

    static func observation(_ reader: inout FieldReader, interner: inout Interner, currency: Currency) throws -> PriceObservation {
        let item = ItemID(try interner.text(reader, try reader.next()))
        let store = StoreID(try interner.text(reader, try reader.next()))
        let basis = try reader.basis()
        let price = try reader.integer()
        let seen = try reader.time()
        let promotion = try reader.flag()
        return PriceObservation(item: item, store: store, price: UnitPrice(Money(minorUnits: price, currency: currency), per: basis),
                                observedAt: seen, source: .manual, isPromotion: promotion)
    }

    /// Only what insights, exports and price history need: trips, their bought lines (as
    /// columns of numbers), and the prices seen by hand. Skips lines not bought and every field
    /// it does not need. With `tripsOnly`, bought lines and prices are skipped too; with `item`,
    /// the lines and prices of other items.
    static func decodeSpending(_ buffer: UnsafeBufferPointer<UInt8>, currency: Currency, path: String, tripsOnly: Bool = false,
                               item: ItemID? = nil) throws -> (SpendingColumns, [PriceObservation]) {
        try CompactFile.checkHeader(buffer, header: header, path: path)
        let read = try decodeSpending(buffer, from: CompactFile.firstLineEnd(buffer) + 1, firstLine: 2, currency: currency, path: path,
                                      tripsOnly: tripsOnly, item: item)
        return (read.data, read.manual)
    }

    /// The same for the lines from `start` on, which continue a history read before: also
    /// returns the carts that those lines complete or remove, since they replace or take away
    /// any trip of the same cart read before.
    static func decodeSpendingTail(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int, currency: Currency,
                                   path: String) throws -> (data: SpendingColumns, manual: [PriceObservation], carts: Set<CartID>, forgotten: [PriceObservation]) {
        guard buffer.last == 0x0A else { throw StorageError.unreadable(path: path, reason: "the last line is cut off") }
        return try decodeSpending(buffer, from: start, firstLine: 0, currency: currency, path: path, tripsOnly: false, item: nil)
    }

    private static func decodeSpending(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int, firstLine: Int, currency: Currency, path: String,
                                       tripsOnly: Bool, item: ItemID?) throws -> (data: SpendingColumns, manual: [PriceObservation], carts: Set<CartID>, forgotten: [PriceObservation]) {
        var carts: Set<CartID> = []
        var forgotten: [PriceObservation] = []
        let only = item.map { Array($0.rawValue.utf8) }
        var trips: [TripSummary] = []
        var removed: [Bool] = []
        var tripIndex: [CartID: Int] = [:]
        var lineTrip: [Int32] = [], lineItem: [Int32] = [], lineName: [Int32] = [], lineCategory: [Int32] = [], lineStore: [Int32] = []
        var lineUnit: [MeasureUnit] = [], lineQuantity: [Int64] = [], linePrice: [Int64] = [], lineCost: [Int64] = []
        var manual: [PriceObservation] = []
        var lineBases: [Int32: PriceUnit] = [:]
        var items = Interner(), names = Interner(), categories = Interner(), stores = Interner(), other = Interner()
        if !tripsOnly && item == nil {
            // About one bought line per 85 bytes: grow the columns once rather than by doubling.
            let estimate = buffer.count / 85
            lineTrip.reserveCapacity(estimate)
            lineItem.reserveCapacity(estimate)
            lineName.reserveCapacity(estimate)
            lineCategory.reserveCapacity(estimate)
            lineStore.reserveCapacity(estimate)
            lineUnit.reserveCapacity(estimate)
            lineQuantity.reserveCapacity(estimate)
            linePrice.reserveCapacity(estimate)
            lineCost.reserveCapacity(estimate)
        }
        do {
            try CompactFile.forEachLine(buffer, from: start, to: buffer.count, firstLine: firstLine, path: path) { reader in
                var reader = reader
                let kind = try reader.next()
                guard kind.count == 1 else { throw reader.failure("unknown record \"\(reader.string(kind))\"") }
                let letter = buffer[kind.lowerBound]
                if tripsOnly && (letter == 0x4C || letter == 0x4F) { return }
                switch letter {
                case 0x4C:  // L
                    guard !trips.isEmpty else { throw reader.failure("a cart line comes before any cart") }
                    let itemRange = try reader.next()
                    if let only, !(itemRange.count == only.count && only.elementsEqual(UnsafeBufferPointer(rebasing: buffer[itemRange]))) { return }
                    let quantity = try reader.quantity(), units = try reader.lineUnits()
                    try reader.skip()
                    try reader.skip()
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
                    if units.basis == PriceUnit(units.unit) {
                        lineCost.append(try Rounding.cost(price: price, thousandths: bought.thousandths))
                    } else {
                        lineCost.append(try PurchasedLine.cost(bought, units.unit, price: Money(minorUnits: price, currency: currency), per: units.basis).minorUnits)
                        lineBases[Int32(lineUnit.count - 1)] = units.basis
                    }
                    linePrice.append(price)
                case 0x43:  // C
                    let summary = try trip(&reader, currency: currency).summary
                    carts.insert(summary.cartID)
                    if let earlier = tripIndex[summary.cartID] { removed[earlier] = true }
                    tripIndex[summary.cartID] = trips.count
                    trips.append(summary)
                    removed.append(false)
                case 0x52:  // R
                    let id = CartID(reader.string(try reader.next()))
                    carts.insert(id)
                    if let earlier = tripIndex.removeValue(forKey: id) { removed[earlier] = true }
                case 0x4F:  // O
                    let observed = try observation(&reader, interner: &other, currency: currency)
                    if item == nil || observed.item == item { manual.append(observed) }
                case 0x58:  // X
                    let taken = try observation(&reader, interner: &other, currency: currency)
                    if item == nil || taken.item == item {
                        manual.removeAll { $0 == taken }
                        forgotten.append(taken)
                    }
                default:
                    throw reader.failure("unknown record \"\(reader.string(kind))\"")
                }
            }
        }
        let data = SpendingColumns(currency: currency, trips: trips, lineTrip: lineTrip, lineItem: lineItem, lineName: lineName,
                                lineCategory: lineCategory, lineStore: lineStore, lineUnit: lineUnit, lineQuantity: lineQuantity,
                                linePrice: linePrice, lineCost: lineCost, itemIDs: items.texts.map(ItemID.init), names: names.texts,
                                categories: categories.texts, stores: stores.texts.map(StoreID.init), lineBases: lineBases)
        guard removed.contains(true) else { return (data, manual, carts, forgotten) }
        return (data.filter(trips: { !removed[$0] }), manual, carts, forgotten)
    }
}
