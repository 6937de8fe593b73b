import Domain

/// What `HistoryCodec.decodeSpending` reads from history, kept in `spending.cache` as binary
/// columns, so that insights and price history do not parse every purchase line each time.
///
/// It is derived data, never required: it names the history bytes it was made from (their
/// length and checksum), and a reader uses it only when those bytes are still the start of the
/// committed history. When history has grown, only the new lines are read and the cache is
/// written anew; when it is missing, damaged, or made from other bytes (after an undo, say),
/// history is read whole. Written by readers, best effort and without `fsync`: deleting it
/// loses nothing.
///
/// A cache naming the committed history's length and seal is used without reading history
/// at all: that saves hashing its 8.5 MB at 100,000 purchases (~1 ms for `insights`) and
/// mapping it for `prices ITEM` (docs/PERFORMANCE.md). Safe enough: the cache's own checksum
/// catches damage, so only a hand writing into the data directory (0700, the user's own) could
/// make a cache that names a seal it was not made from; and a cache is derived data, which
/// deleting it, or `grock reset`, rebuilds from history.
///
/// Layout: a text part in the compact line format (a header line naming the history length,
/// checksum and seal, the counts, and where the sections start; then `C` trips, `I` item ids, `N`
/// names, `K` categories, `S` stores, `O` prices seen by hand, `P` lines priced per another
/// unit), then the nine line columns as little-endian binary, then the index (where each `C`
/// line starts, and each item's lines in order), then a checksum of everything before it. The
/// index lets one item's lines and prices be read without decoding the others (`item`).
/// Read through `ByteReader`, every offset checked (`SpendingCache+Layout.swift`).
enum SpendingCache {
    static let file = "spending.cache"

    struct Contents {
        var historyLength: Int
        var historyChecksum: UInt64
        var data: SpendingColumns
        var manual: [PriceObservation]
        /// The checksum of the history's lines (`Checksum.lines`) that the state's seal vouched
        /// for when the cache was made; nil when there was none.
        var historySeal: UInt64? = nil
    }

    /// The spending in `history` (the committed bytes of `history.tsv`), from
    /// the cache at `cachePath` where it can, refreshing the cache when it was behind. With
    /// `item`, that item's lines (on the trips they were bought on) and prices seen by hand only,
    /// read through the cache's index when the cache is up to date.
    /// - Parameter seal: the checksum of `history`'s lines that the state's seal vouches for
    ///   (`FileStorage.verifyHistory`): a cache made from a history of the same length and seal
    ///   was made from these bytes, without reading them again.
    static func spending(_ history: ByteReader, seal: UInt64? = nil, cachePath: String,
                         currency: Currency, item: ItemID? = nil) throws -> (SpendingColumns, [PriceObservation]) {
        if let item {
            if let found = read(cachePath, currency: currency, historyLength: history.count, seal: seal, history: history, item: item) {
                return found
            }
            let (data, manual) = try spending(history, seal: seal, cachePath: cachePath, currency: currency)
            return (data.lines(of: item), manual.filter { $0.item == item })
        }
        let cached = cache(at: cachePath, madeFrom: history, seal: seal, currency: currency)
        if let cached, cached.historyLength == history.count { return (cached.data, cached.manual) }
        // A tail that cannot be read is read again with the whole history, which throws.
        let refreshed = try cached.flatMap { caughtUp($0, with: history, seal: seal, currency: currency) }
            ?? contents(of: history, seal: seal, try HistoryCodec.decodeSpending(history, currency: currency))
        write(refreshed, to: cachePath)
        return (refreshed.data, refreshed.manual)
    }

    /// The cache at `path` when it was made from the first bytes of `history`, all of them or
    /// fewer: the same seal when it covers all of them (nothing to read), else the same checksum.
    private static func cache(at path: String, madeFrom history: ByteReader, seal: UInt64?, currency: Currency) -> Contents? {
        guard let cached = read(path, currency: currency), cached.historyLength <= history.count else { return nil }
        if cached.historyLength == history.count, let seal, let cachedSeal = cached.historySeal {
            return seal == cachedSeal ? cached : nil
        }
        // A length the history does not have: the cache was made from another history (the
        // error says only that), so it is not this one's.
        guard cached.historyLength >= 0, let made = try? history.bytes(in: 0..<cached.historyLength) else { return nil }
        return Checksum.value(of: made) == cached.historyChecksum ? cached : nil
    }

    /// `cached` with the lines `history` has past it; nil when they cannot be read.
    private static func caughtUp(_ cached: Contents, with history: ByteReader, seal: UInt64?, currency: Currency) -> Contents? {
        // Lines past the cache that cannot be read: the cache is dropped and the sums are made
        // from the whole history, whose own read reports the damage.
        guard let tail = try? HistoryCodec.decodeSpendingTail(history, from: cached.historyLength, currency: currency) else { return nil }
        // A finished trip is new to the cache: only a reopen or a deletion takes trips out,
        // and copying the others line by line is most of the cost of catching up.
        let replaced = !tail.carts.isEmpty && cached.data.trips.contains { tail.carts.contains($0.cartID) }
        let kept = replaced ? cached.data.filter(trips: { !tail.carts.contains(cached.data.trips[$0].cartID) }) : cached.data
        let manual = cached.manual.filter { !tail.forgotten.contains($0) } + tail.manual
        return contents(of: history, seal: seal, (kept.appending(tail.data), manual))
    }

    /// The cache's contents for all of `history`, whose spending is `spending`.
    private static func contents(of history: ByteReader, seal: UInt64?,
                                 _ spending: (data: SpendingColumns, manual: [PriceObservation])) -> Contents {
        Contents(historyLength: history.count, historyChecksum: Checksum.value(of: history.whole), data: spending.data,
                 manual: spending.manual, historySeal: seal)
    }

    // MARK: - Reading

    /// The cache's contents, or nil when it is missing or is not wholly what `encode` wrote.
    static func read(_ path: String, currency: Currency) -> Contents? {
        withChecked(path) { file, layout in try decode(file, layout: layout, currency: currency) }
    }

    /// The contents of the cache in `bytes` (a whole file's), without using the cache file
    /// last found sound.
    /// - Throws: `StorageError.unreadable` when they are not wholly what `encode` wrote.
    static func decode(_ bytes: ByteReader, currency: Currency) throws -> Contents {
        let (file, layout) = try checked(bytes)
        return try decode(file, layout: layout, currency: currency)
    }

    /// One item's spending and prices seen by hand (`read(_:currency:historyLength:seal:history:item:)`)
    /// from the cache in `bytes`, whatever history it was made from.
    /// - Throws: `StorageError.unreadable` when they are not wholly what `encode` wrote.
    static func decode(_ item: ItemID, _ bytes: ByteReader, currency: Currency) throws -> (SpendingColumns, [PriceObservation]) {
        let (file, layout) = try checked(bytes)
        return try decode(item, file, layout: layout, currency: currency)
    }

    private static func trip(_ line: inout FieldReader, currency: Currency) throws -> TripSummary {
        func money(_ minorUnits: Int64) -> Money { Money(minorUnits: minorUnits, currency: currency) }
        let id = CartID(line.string(try line.next()))
        let budget = try line.optionalInteger(), completed = try line.time()
        let planned = try line.integer(), actual = try line.integer(), fulfilled = try line.integer(), lines = try line.integer()
        return TripSummary(cartID: id, name: try line.text(), completedAt: completed, budget: budget.map(money), planned: money(planned),
                           actual: money(actual), fulfilled: Int(fulfilled), lines: Int(lines))
    }

    private static func observation(_ line: inout FieldReader, currency: Currency) throws -> PriceObservation {
        let item = ItemID(try line.text()), store = StoreID(try line.text()), unit = try line.basis()
        let price = try line.integer(), seen = try line.time(), promotion = try line.flag()
        return PriceObservation(item: item, store: store, price: UnitPrice(Money(minorUnits: price, currency: currency), per: unit),
                                observedAt: seen, source: .manual, isPromotion: promotion)
    }

    private static func packs(_ lines: inout Lines, layout: Layout) throws -> [Int32: PriceUnit] {
        var lineBases: [Int32: PriceUnit] = [:]
        for _ in 0..<layout.packCount {
            var line = try lines.next(0x50)  // P
            let index = try line.integer()
            guard index >= 0, index < layout.lineCount else { throw damaged(lines.file.path) }
            lineBases[Int32(index)] = try line.basis()
        }
        guard lines.position == layout.columnsAt else { throw damaged(lines.file.path) }
        return lineBases
    }

    private static func decode(_ file: ByteReader, layout: Layout, currency: Currency) throws -> Contents {
        let path = file.path
        var lines = Lines(file, from: layout.tripsAt, to: layout.columnsAt)
        var trips: [TripSummary] = []
        trips.reserveCapacity(layout.tripCount)
        for _ in 0..<layout.tripCount {
            var line = try lines.next(0x43)  // C
            trips.append(try trip(&line, currency: currency))
        }
        guard lines.position == layout.itemsAt else { throw damaged(path) }
        let items = try lines.texts(layout.itemCount, 0x49).map(ItemID.init), names = try lines.texts(layout.nameCount, 0x4E)
        let categories = try lines.texts(layout.categoryCount, 0x4B), stores = try lines.texts(layout.storeCount, 0x53).map(StoreID.init)
        guard lines.position == layout.manualAt else { throw damaged(path) }
        let manual = try (0..<layout.manualCount).map { _ -> PriceObservation in
            var line = try lines.next(0x4F)  // O
            return try observation(&line, currency: currency)
        }
        let lineBases = try packs(&lines, layout: layout)
        let lineCount = layout.lineCount
        var position = layout.columnsAt
        func column<T: FixedWidthInteger>(_: T.Type, limit: Int? = nil) throws -> [T] {
            let values = try file.integers(T.self, count: lineCount, at: position)
            position += lineCount * MemoryLayout<T>.size
            if let limit, values.contains(where: { $0 < -1 || $0 >= limit }) { throw damaged(path) }
            return values
        }
        let lineTrip = try column(Int32.self, limit: layout.tripCount), lineItem = try column(Int32.self, limit: layout.itemCount)
        let lineName = try column(Int32.self, limit: layout.nameCount), lineCategory = try column(Int32.self, limit: layout.categoryCount)
        let lineStore = try column(Int32.self, limit: layout.storeCount)
        let units = MeasureUnit.allCases
        let unitCodes = try column(UInt8.self)
        guard !unitCodes.contains(where: { Int($0) >= units.count }), !lineTrip.contains(-1),
              !lineName.contains(-1) else { throw damaged(path) }
        let lineQuantity = try column(Int64.self), linePrice = try column(Int64.self), lineCost = try column(Int64.self)
        let data = SpendingColumns(currency: currency, trips: trips, lineTrip: lineTrip, lineItem: lineItem, lineName: lineName,
                                lineCategory: lineCategory, lineStore: lineStore, lineUnit: unitCodes.map { units[Int($0)] },
                                lineQuantity: lineQuantity, linePrice: linePrice, lineCost: lineCost, itemIDs: items, names: names,
                                categories: categories, stores: stores, lineBases: lineBases)
        return Contents(historyLength: layout.historyLength, historyChecksum: layout.historyChecksum, data: data, manual: manual,
                        historySeal: layout.historySeal)
    }

    /// One item's spending (`SpendingColumns.lines(of:)`) and prices seen by hand, through the
    /// index: nil unless the cache is sound and made from exactly the committed history, of
    /// `historyLength` bytes: the same seal, or when either has none, the same checksum of
    /// `history` (nil: not known without reading it, so the cache is not used).
    static func read(_ path: String, currency: Currency, historyLength: Int, seal: UInt64?, history: ByteReader?,
                     item: ItemID) -> (SpendingColumns, [PriceObservation])? {
        withChecked(path) { file, layout in
            guard layout.historyLength == historyLength else { return nil }
            if let seal, let cachedSeal = layout.historySeal {
                guard seal == cachedSeal else { return nil }
            } else {
                guard let history, history.count == historyLength,
                      Checksum.value(of: history.whole) == layout.historyChecksum else { return nil }
            }
            return try decode(item, file, layout: layout, currency: currency)
        }
    }

    /// Every price seen by hand, through the cache, without reading its lines: nil unless the
    /// cache is sound and made from the committed history the seal names.
    static func readManual(_ path: String, currency: Currency, historyLength: Int, seal: UInt64) -> [PriceObservation]? {
        withChecked(path) { file, layout in
            guard layout.historyLength == historyLength, layout.historySeal == seal else { return nil }
            var lines = Lines(file, from: layout.manualAt, to: layout.columnsAt)
            var manual: [PriceObservation] = []
            manual.reserveCapacity(layout.manualCount)
            for _ in 0..<layout.manualCount {
                var line = try lines.next(0x4F)  // O
                manual.append(try observation(&line, currency: currency))
            }
            return manual
        }
    }

    /// The keys (`HistoryCodec.tripKey`) of the trips the cache lists, without reading their
    /// lines: nil unless the cache is sound and made from the committed history the seal names.
    static func readTripIDs(_ path: String, historyLength: Int, seal: UInt64) -> Set<UInt64>? {
        withChecked(path) { file, layout in
            guard layout.historyLength == historyLength, layout.historySeal == seal else { return nil }
            var lines = Lines(file, from: layout.tripsAt, to: layout.itemsAt)
            var ids = Set<UInt64>(minimumCapacity: layout.tripCount)
            for _ in 0..<layout.tripCount {
                var line = try lines.next(0x43)  // C
                ids.insert(Checksum.short(line.bytes(try line.next())))
            }
            return ids
        }
    }

    private static func decode(_ item: ItemID, _ file: ByteReader, layout: Layout,
                                currency: Currency) throws -> (SpendingColumns, [PriceObservation]) {
        let path = file.path
        let wanted = Array(LineFormat.escape(item.rawValue).utf8)
        func isWanted(_ range: Range<Int>) throws -> Bool {
            try file.bytes(in: range).elementsEqual(wanted)
        }
        var lines = Lines(file, from: layout.itemsAt, to: layout.columnsAt)
        var number: Int?
        for index in 0..<layout.itemCount {
            var line = try lines.next(0x49)  // I
            if number == nil, try isWanted(try line.next()) { number = index }
        }
        let names = try lines.texts(layout.nameCount, 0x4E)
        let categories = try lines.texts(layout.categoryCount, 0x4B), stores = try lines.texts(layout.storeCount, 0x53)
        guard lines.position == layout.manualAt else { throw damaged(path) }
        var manual: [PriceObservation] = []
        for _ in 0..<layout.manualCount {
            var line = try lines.next(0x4F)  // O
            if try isWanted(try line.peekRange()) { manual.append(try observation(&line, currency: currency)) }
        }
        let lineBases = try packs(&lines, layout: layout)
        var data = SpendingColumns(currency: currency)
        guard let number else { return (data, manual) }

        func int32(at offset: Int) throws -> Int { Int(try file.integer(Int32.self, at: offset)) }
        // Line `line`'s entry of a column (`Layout.column`): 0-4 trip, item, name, category and
        // store numbers, 5 the unit, 6-8 quantity, price and cost.
        func cell(_ column: Int, of line: Int) throws -> Int { try int32(at: layout.column(column) + line * 4) }
        func amount(_ column: Int, of line: Int) throws -> Int64 { try file.integer(Int64.self, at: layout.column(column) + line * 8) }
        let first = try int32(at: layout.itemStartsAt + number * 4), end = try int32(at: layout.itemStartsAt + number * 4 + 4)
        guard 0 <= first, first <= end, end <= layout.indexedCount else { throw damaged(path) }
        let units = MeasureUnit.allCases
        var lastLine = -1, lastTrip = -1
        for entry in first..<end {
            let line = try int32(at: layout.itemLinesAt + entry * 4)
            guard line > lastLine, line < layout.lineCount, try cell(1, of: line) == number else { throw damaged(path) }
            lastLine = line
            let tripNumber = try cell(0, of: line)
            guard tripNumber >= lastTrip, tripNumber < layout.tripCount else { throw damaged(path) }
            if tripNumber != lastTrip {
                let start = layout.tripsAt + (try int32(at: layout.tripStartsAt + tripNumber * 4))
                guard start >= layout.tripsAt, start < layout.itemsAt else { throw damaged(path) }
                var tripLines = Lines(file, from: start, to: layout.itemsAt)
                var reader = try tripLines.next(0x43)  // C
                data.addTrip(try trip(&reader, currency: currency))
                lastTrip = tripNumber
            }
            let name = try cell(2, of: line), category = try cell(3, of: line), store = try cell(4, of: line)
            let unit = Int(try file.integer(UInt8.self, at: layout.column(5) + line))
            guard name >= 0, name < names.count, category >= -1, category < categories.count, store >= -1, store < stores.count,
                  unit < units.count else { throw damaged(path) }
            data.addLine(itemID: item.rawValue, name: names[name], category: category >= 0 ? categories[category] : nil,
                         store: store >= 0 ? stores[store] : nil, unit: units[unit], basis: lineBases[Int32(line)],
                         quantity: try amount(6, of: line), price: try amount(7, of: line), cost: try amount(8, of: line))
        }
        return (data, manual)
    }
}
