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
                    LineFormat.line(["L", line.itemID.rawValue, line.quantity.description,
                                     UnitText.line(line.unit, pricedPer: line.priceUnit), line.plannedStore?.rawValue ?? "",
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
                         String(observation.price.price.minorUnits), observation.observedAt.description,
                         observation.isPromotion ? "1" : "0"],
                        to: &output)
    }

    /// The fields of a `C` line after its letter.
    static func trip(_ reader: inout FieldReader,
                     currency: Currency) throws -> (summary: TripSummary, created: Timestamp, started: Timestamp?) {
        let id = CartID(reader.string(try reader.next()))
        let budget = try reader.optionalInteger()
        let created = try reader.time(), started = try reader.optionalTime(), completed = try reader.time()
        let planned = try reader.integer(), actual = try reader.integer(), fulfilled = try reader.integer(), lines = try reader.integer()
        let summary = TripSummary(cartID: id, name: try reader.text(), completedAt: completed,
                                  budget: budget.map { Money(minorUnits: $0, currency: currency) },
                                  planned: Money(minorUnits: planned, currency: currency),
                                  actual: Money(minorUnits: actual, currency: currency), fulfilled: Int(fulfilled), lines: Int(lines))
        return (summary, created, started)
    }

    /// Everything: completed carts with their lines, and the prices seen by hand.
    /// - Throws: `StorageError.unreadable` naming the file and the line.
    static func decode(_ history: ByteReader, currency: Currency) throws -> HistoryLog {
        var log = HistoryLog()
        var interner = Interner()  // for the prices seen by hand
        var open: (trip: (summary: TripSummary, created: Timestamp, started: Timestamp?), lines: [CartItem])?
        func close() {
            guard let current = open else { return }
            log.complete(summary: current.trip.summary, createdAt: current.trip.created, startedAt: current.trip.started,
                         lines: current.lines)
            open = nil
        }
        try CompactFile.forEachLine(history, header: header) { reader in
            var reader = reader
            let letter = try reader.letter()
            switch letter {
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
                throw reader.unknownRecord(letter)
            }
        }
        close()
        return log
    }

    /// A completed cart's key in the sets below: a hash of its id as written, so that the ids
    /// of thousands of trips are found without a string each. Two ids may share a key; a
    /// cart found by its key is then looked for by its id, and not found.
    static func tripKey(_ id: CartID) -> UInt64 {
        Checksum.short(LineFormat.escape(id.rawValue).utf8)
    }

    /// The keys (`tripKey`) of the carts that `C` lines of `history` complete: a line break and
    /// a tab found per line, no parsing.
    static func cartIDs(in reader: ByteReader) -> Set<UInt64> {
        var ids = Set<UInt64>()
        var offset = 0
        while offset < reader.count {
            let end = reader.firstIndex(of: 0x0A, from: offset) ?? reader.count
            if reader.byteIfPresent(at: offset) == 0x43, offset + 1 < end, reader.byteIfPresent(at: offset + 1) == 0x09 {
                ids.insert(Checksum.short(reader.bytes(clamping: offset + 2..<reader.fieldEnd(from: offset + 2, to: end))))
            }
            offset = end + 1
        }
        return ids
    }

    /// One completed cart, or nil when history does not hold it (any more): the last `C` line of
    /// its id with its `L` lines, unless an `R` line of its id comes after.
    static func decodeCart(_ id: CartID, from history: ByteReader, currency: Currency) throws -> Cart? {
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
        try CompactFile.forEachLine(history, header: header) { reader in
            var reader = reader
            let letter = try reader.letter()
            if letter == 0x4C {
                guard collecting else { return }
                lines.append(try line(&reader, currency: currency))
                return
            }
            if collecting { finish() }
            guard letter == 0x43 || letter == 0x52 else { return }
            var probe = reader
            let idRange = try probe.next()
            guard probe.bytes(idRange).elementsEqual(target) else { return }
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
        return CartItem(itemID: item, name: try reader.text(), categoryName: category, quantity: quantity, unit: units.unit,
                        priceUnit: units.basis, plannedStore: plannedStore,
                        plannedPrice: plannedPrice.map(money), isFulfilled: fulfilled, actualStore: actualStore,
                        actualPrice: actualPrice.map(money), purchasedQuantity: purchased, isImpulse: impulse)
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
}
