import Domain

/// History as a compact append-only file (`history.tsv`), read and written by hand:
///
///     grock-history	2
///     C	<cart id>	<budget>	<created at>	<started at>	<completed at>	<name>
///     L	<item id>	<quantity>	<unit>	<planned store>	<planned price>	<bought 0/1>	<store>	<price>	<bought quantity>	<impulse 0/1>	<category>	<name>
///     R	<cart id>
///     O	<item id>	<store id>	<unit>	<price>	<seen at>	<promotion 0/1>
///
/// `C` is a completed cart, followed by its `L` lines; `R` takes a completed cart out of history
/// (reopened or deleted); `O` is a price seen by hand. Amounts are integer minor units.
enum HistoryCodec {
    static let header = "grock-history\t2"

    /// One history change, as a transaction adds it.
    enum Event {
        case completed(Cart)
        case removed(CartID)
        case observed([PriceObservation])
    }

    /// The lines for `events`; with `header` for a new file.
    static func encode(_ events: [Event], header withHeader: Bool) -> [UInt8] {
        var output: [UInt8] = withHeader ? Array((header + "\n").utf8) : []
        for event in events {
            switch event {
            case .completed(let cart):
                LineFormat.line(["C", cart.id.rawValue, cart.budget.map { String($0.minorUnits) } ?? "", cart.createdAt.description,
                                 cart.startedAt?.description ?? "", (cart.completedAt ?? cart.createdAt).description,
                                 LineFormat.escape(cart.name)], to: &output)
                for line in cart.lines {
                    LineFormat.line(["L", line.itemID.rawValue, line.quantity.description, line.unit.rawValue, line.plannedStore?.rawValue ?? "",
                                     line.plannedPrice.map { String($0.minorUnits) } ?? "", line.isFulfilled ? "1" : "0",
                                     line.actualStore?.rawValue ?? "", line.actualPrice.map { String($0.minorUnits) } ?? "",
                                     line.purchasedQuantity?.description ?? "", line.isImpulse ? "1" : "0",
                                     line.categoryName.map(LineFormat.escape) ?? "", LineFormat.escape(line.name)], to: &output)
                }
            case .removed(let id):
                LineFormat.line(["R", id.rawValue], to: &output)
            case .observed(let observations):
                for observation in observations {
                    LineFormat.line(["O", observation.item.rawValue, observation.store.rawValue, observation.price.unit.rawValue,
                                     String(observation.price.price.minorUnits), observation.observedAt.description,
                                     observation.isPromotion ? "1" : "0"], to: &output)
                }
            }
        }
        return output
    }

    /// - Throws: `StorageError.unreadable` naming `path` and the line.
    static func decode(_ bytes: ArraySlice<UInt8>, currency: Currency, path: String) throws -> HistoryLog {
        var log = HistoryLog()
        var interner = Interner()
        var open: (summary: (id: CartID, name: String, budget: Int64?, created: Timestamp, started: Timestamp?, completed: Timestamp), lines: [CartItem])?
        func close() throws {
            guard let current = open else { return }
            var planned: Int64 = 0, actual: Int64 = 0, fulfilled = 0
            for line in current.lines {
                if !line.isImpulse, let cost = try line.plannedCost() { planned += cost.minorUnits }
                if let cost = try line.actualCost() { actual += cost.minorUnits }
                if line.isFulfilled { fulfilled += 1 }
            }
            let s = current.summary
            log.complete(summary: TripSummary(cartID: s.id, name: s.name, completedAt: s.completed, budget: s.budget.map { money($0) },
                                              planned: money(planned), actual: money(actual), fulfilled: fulfilled, lines: current.lines.count),
                         createdAt: s.created, startedAt: s.started, lines: current.lines)
            open = nil
        }
        func money(_ minorUnits: Int64) -> Money { Money(minorUnits: minorUnits, currency: currency) }
        try bytes.withUnsafeBufferPointer { buffer in
            try CompactFile.forEachLine(buffer, header: header, path: path) { reader in
                var reader = reader
                let kind = try reader.next()
                guard kind.count == 1 else { throw reader.failure("unknown record \"\(reader.string(kind))\"") }
                switch buffer[kind.lowerBound] {
                case 0x4C:  // L
                    guard open != nil else { throw reader.failure("a cart line comes before any cart") }
                    let item = ItemID(try interner.text(reader, try reader.next()))
                    let quantity = try reader.quantity(), unit = try reader.unit()
                    let plannedRange = try reader.next()
                    let plannedStore = plannedRange.isEmpty ? nil : StoreID(try interner.text(reader, plannedRange))
                    let plannedPrice = try reader.optionalInteger()
                    let fulfilled = try reader.flag()
                    let storeRange = try reader.next()
                    let actualStore = storeRange.isEmpty ? nil : StoreID(try interner.text(reader, storeRange))
                    let actualPrice = try reader.optionalInteger()
                    let purchased = try reader.optionalQuantity()
                    let impulse = try reader.flag()
                    let categoryRange = try reader.next()
                    let category = categoryRange.isEmpty ? nil : try interner.text(reader, categoryRange)
                    let name = try interner.text(reader, try reader.next())
                    open!.lines.append(CartItem(itemID: item, name: name, categoryName: category, quantity: quantity, unit: unit,
                                                plannedStore: plannedStore, plannedPrice: plannedPrice.map(money), isFulfilled: fulfilled,
                                                actualStore: actualStore, actualPrice: actualPrice.map(money), purchasedQuantity: purchased,
                                                isImpulse: impulse))
                case 0x43:  // C
                    try close()
                    let id = CartID(reader.string(try reader.next()))
                    let budget = try reader.optionalInteger()
                    let created = try reader.time(), started = try reader.optionalTime(), completed = try reader.time()
                    open = ((id, try reader.text(), budget, created, started, completed), [])
                case 0x52:  // R
                    try close()
                    log.remove(CartID(reader.string(try reader.next())))
                case 0x4F:  // O
                    try close()
                    let item = ItemID(try interner.text(reader, try reader.next()))
                    let store = StoreID(try interner.text(reader, try reader.next()))
                    let unit = try reader.unit()
                    let price = try reader.integer()
                    let seen = try reader.time()
                    let promotion = try reader.flag()
                    log.record([PriceObservation(item: item, store: store, price: UnitPrice(money(price), per: unit), observedAt: seen,
                                                 source: .manual, isPromotion: promotion)])
                default:
                    throw reader.failure("unknown record \"\(reader.string(kind))\"")
                }
            }
        }
        try close()
        return log
    }
}
