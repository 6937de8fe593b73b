#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Domain
import Synchronization

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
/// Layout: a text part in the compact line format (a header line naming the history length,
/// checksum and seal, the counts, and where the sections start; then `C` trips, `I` item ids, `N`
/// names, `K` categories, `S` stores, `O` prices seen by hand, `P` lines priced per another
/// unit), then the nine line columns as little-endian binary, then the index (where each `C`
/// line starts, and each item's lines in order), then a checksum of everything before it. The
/// index lets one item's lines and prices be read without decoding the others (`item`).
enum SpendingCache {
    static let file = "spending.cache"
    /// The first two fields of the header line.
    static let header = "grock-spending-cache\t4"

    struct Contents {
        var historyLength: Int
        var historyChecksum: UInt64
        var data: SpendingColumns
        var manual: [PriceObservation]
        /// The checksum of the history's lines (`Checksum.lines`) that the state's seal vouched
        /// for when the cache was made; nil when there was none.
        var historySeal: UInt64? = nil
    }

    /// The spending in `history` (the committed bytes of `history.tsv` at `historyPath`), from
    /// the cache at `cachePath` where it can, refreshing the cache when it was behind. With
    /// `item`, that item's lines (on the trips they were bought on) and prices seen by hand only,
    /// read through the cache's index when the cache is up to date.
    /// - Parameter seal: the checksum of `history`'s lines that the state's seal vouches for
    ///   (`FileStorage.verifyHistory`): a cache made from a history of the same length and seal
    ///   was made from these bytes, without reading them again.
    static func spending(_ history: UnsafeBufferPointer<UInt8>, historyPath: String, seal: UInt64? = nil, cachePath: String,
                         currency: Currency, item: ItemID? = nil) throws -> (SpendingColumns, [PriceObservation]) {
        if let item {
            if let found = read(cachePath, currency: currency, historyLength: history.count, seal: seal, history: history, item: item) { return found }
            let (data, manual) = try spending(history, historyPath: historyPath, seal: seal, cachePath: cachePath, currency: currency)
            return (data.lines(of: item), manual.filter { $0.item == item })
        }
        if let cached = read(cachePath, currency: currency), cached.historyLength <= history.count,
           madeFrom(history, length: cached.historyLength, checksum: cached.historyChecksum, seal: seal, cachedSeal: cached.historySeal) {
            if cached.historyLength == history.count { return (cached.data, cached.manual) }
            if let tail = try? HistoryCodec.decodeSpendingTail(history, from: cached.historyLength, currency: currency, path: historyPath) {
                // A finished trip is new to the cache: only a reopen or a deletion takes trips out,
                // and copying the others line by line is most of the cost of catching up.
                let replaced = !tail.carts.isEmpty && cached.data.trips.contains { tail.carts.contains($0.cartID) }
                let kept = replaced ? cached.data.filter(trips: { !tail.carts.contains(cached.data.trips[$0].cartID) }) : cached.data
                let merged = Contents(historyLength: history.count, historyChecksum: Checksum.value(of: history),
                                      data: kept.appending(tail.data),
                                      manual: cached.manual.filter { !tail.forgotten.contains($0) } + tail.manual, historySeal: seal)
                write(merged, to: cachePath)
                return (merged.data, merged.manual)
            }
        }
        let (data, manual) = try HistoryCodec.decodeSpending(history, currency: currency, path: historyPath)
        write(Contents(historyLength: history.count, historyChecksum: Checksum.value(of: history), data: data, manual: manual, historySeal: seal),
              to: cachePath)
        return (data, manual)
    }

    /// Whether the first `length` bytes of `history` are the ones a cache was made from: the
    /// same seal when the cache covers all of it (nothing to read), else the same checksum.
    private static func madeFrom(_ history: UnsafeBufferPointer<UInt8>, length: Int, checksum: UInt64, seal: UInt64?, cachedSeal: UInt64?) -> Bool {
        if length == history.count, let seal, let cachedSeal { return seal == cachedSeal }
        return Checksum.value(of: UnsafeBufferPointer(rebasing: history[..<length])) == checksum
    }

    // MARK: - Reading

    /// The header line's numbers, checked to describe a file of exactly the given size.
    private struct Layout {
        var historyLength = 0, historyChecksum: UInt64 = 0, historySeal: UInt64?
        var tripCount = 0, itemCount = 0, nameCount = 0, categoryCount = 0, storeCount = 0, manualCount = 0, lineCount = 0, packCount = 0
        var indexedCount = 0
        /// Absolute positions: where the first `C`, `I` and `O` lines and the binary columns start.
        var tripsAt = 0, itemsAt = 0, manualAt = 0, columnsAt = 0

        /// Where each binary part starts.
        func column(_ number: Int) -> Int { columnsAt + lineCount * [0, 4, 8, 12, 16, 20, 21, 29, 37][number] }
        var tripStartsAt: Int { columnsAt + lineCount * 45 }
        var itemStartsAt: Int { tripStartsAt + tripCount * 4 }
        var itemLinesAt: Int { itemStartsAt + (itemCount + 1) * 4 }
        var end: Int { itemLinesAt + indexedCount * 4 }
    }

    /// The mapped cache with its checksum checked, or nil when it is missing or damaged.
    /// The cache file this process last found sound. Files here are replaced by rename, never
    /// changed in place, so the same device, inode, size and time mean the same bytes: a command
    /// that reads several items' prices (a merge of other devices' changes) checks it once.
    private static let lastSound = Mutex<FileIdentity?>(nil)

    private static func withChecked<T>(_ path: String, _ body: (UnsafeBufferPointer<UInt8>, Layout) throws -> T?) -> T? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_size > 8, let file = try? MappedFile(path, length: Int(info.st_size)) else { return nil }
        let identity = FileIdentity(of: path)
        return file.withBytes { buffer -> T? in
            let contents = UnsafeBufferPointer(rebasing: buffer[..<(buffer.count - 8)])
            let known = identity != nil && lastSound.withLock { $0 } == identity
            guard known || UInt64(littleEndian: UnsafeRawPointer(buffer.start + contents.count).loadUnaligned(as: UInt64.self))
                    == Checksum.value(of: contents),
                  let layout = try? layout(contents, path: path)
            else { return nil }
            if !known { lastSound.withLock { $0 = identity } }
            return (try? body(contents, layout)) ?? nil
        }
    }

    private static func layout(_ buffer: UnsafeBufferPointer<UInt8>, path: String) throws -> Layout {
        guard let end = buffer.firstIndex(of: 0x0A) else { throw CacheError() }
        var reader = FieldReader(buffer, from: 0, to: end, lineNumber: 0, path: path)
        guard reader.string(try reader.next()) + "\t" + reader.string(try reader.next()) == header else { throw CacheError() }
        var layout = Layout()
        layout.historyLength = Int(try reader.integer())
        guard layout.historyLength >= 0 else { throw CacheError() }
        guard let historyChecksum = UInt64(reader.string(try reader.next())) else { throw CacheError() }
        layout.historyChecksum = historyChecksum
        let seal = try reader.next()
        if !seal.isEmpty {
            guard let value = UInt64(reader.string(seal)) else { throw CacheError() }
            layout.historySeal = value
        }
        var numbers: [Int] = []
        for _ in 0..<12 {
            let number = try reader.integer()
            guard number >= 0 && number < 1 << 31 else { throw CacheError() }
            numbers.append(Int(number))
        }
        guard reader.isAtEnd else { throw CacheError() }
        (layout.tripCount, layout.itemCount, layout.nameCount, layout.categoryCount, layout.storeCount, layout.manualCount) =
            (numbers[0], numbers[1], numbers[2], numbers[3], numbers[4], numbers[5])
        (layout.lineCount, layout.packCount, layout.indexedCount) = (numbers[6], numbers[7], numbers[8])
        layout.tripsAt = end + 1
        (layout.itemsAt, layout.manualAt, layout.columnsAt) = (end + 1 + numbers[9], end + 1 + numbers[10], end + 1 + numbers[11])
        guard layout.tripsAt <= layout.itemsAt, layout.itemsAt <= layout.manualAt, layout.manualAt <= layout.columnsAt,
              layout.indexedCount <= layout.lineCount, layout.end == buffer.count else { throw CacheError() }
        return layout
    }

    /// The cache's contents, or nil when it is missing or is not wholly what `encode` wrote.
    static func read(_ path: String, currency: Currency) -> Contents? {
        withChecked(path) { buffer, layout in try decode(buffer, layout: layout, currency: currency, path: path) }
    }

    /// Reads the lines of a section, one at a time.
    private struct Lines {
        let buffer: UnsafeBufferPointer<UInt8>
        var position: Int
        let end: Int
        let path: String

        mutating func next(_ letter: UInt8) throws -> FieldReader {
            guard position < end, let lineEnd = UnsafeBufferPointer(rebasing: buffer[position..<end]).firstIndex(of: 0x0A) else { throw CacheError() }
            let start = position
            position = start + lineEnd + 1
            var reader = FieldReader(buffer, from: start, to: start + lineEnd, lineNumber: 0, path: path)
            let kind = try reader.next()
            guard kind.count == 1, buffer[kind.lowerBound] == letter else { throw CacheError() }
            return reader
        }

        mutating func texts(_ count: Int, _ letter: UInt8) throws -> [String] {
            try (0..<count).map { _ in
                var line = try next(letter)
                return try line.text()
            }
        }
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
        return PriceObservation(item: item, store: store, price: UnitPrice(Money(minorUnits: price, currency: currency), per: unit), observedAt: seen,
                                source: .manual, isPromotion: promotion)
    }

    private static func packs(_ lines: inout Lines, layout: Layout) throws -> [Int32: PriceUnit] {
        var lineBases: [Int32: PriceUnit] = [:]
        for _ in 0..<layout.packCount {
            var line = try lines.next(0x50)  // P
            let index = try line.integer()
            guard index >= 0, index < layout.lineCount else { throw CacheError() }
            lineBases[Int32(index)] = try line.basis()
        }
        guard lines.position == layout.columnsAt else { throw CacheError() }
        return lineBases
    }

    private static func decode(_ buffer: UnsafeBufferPointer<UInt8>, layout: Layout, currency: Currency, path: String) throws -> Contents {
        var lines = Lines(buffer: buffer, position: layout.tripsAt, end: layout.columnsAt, path: path)
        var trips: [TripSummary] = []
        trips.reserveCapacity(layout.tripCount)
        for _ in 0..<layout.tripCount {
            var line = try lines.next(0x43)  // C
            trips.append(try trip(&line, currency: currency))
        }
        guard lines.position == layout.itemsAt else { throw CacheError() }
        let items = try lines.texts(layout.itemCount, 0x49).map(ItemID.init), names = try lines.texts(layout.nameCount, 0x4E)
        let categories = try lines.texts(layout.categoryCount, 0x4B), stores = try lines.texts(layout.storeCount, 0x53).map(StoreID.init)
        guard lines.position == layout.manualAt else { throw CacheError() }
        let manual = try (0..<layout.manualCount).map { _ -> PriceObservation in
            var line = try lines.next(0x4F)  // O
            return try observation(&line, currency: currency)
        }
        let lineBases = try packs(&lines, layout: layout)
        let lineCount = layout.lineCount
        var position = layout.columnsAt
        func column<T: FixedWidthInteger>(_: T.Type, limit: Int? = nil) throws -> [T] {
            let raw = UnsafeRawPointer(buffer.start + position)
            position += lineCount * MemoryLayout<T>.size
            var values = [T](unsafeUninitializedCapacity: lineCount) { values, count in
                if lineCount > 0, let target = values.baseAddress { memcpy(target, raw, lineCount * MemoryLayout<T>.size) }
                count = lineCount
            }
            if T(1).littleEndian != T(1) { values = values.map { T(littleEndian: $0) } }
            if let limit, values.contains(where: { $0 < -1 || $0 >= limit }) { throw CacheError() }
            return values
        }
        let lineTrip = try column(Int32.self, limit: layout.tripCount), lineItem = try column(Int32.self, limit: layout.itemCount)
        let lineName = try column(Int32.self, limit: layout.nameCount), lineCategory = try column(Int32.self, limit: layout.categoryCount)
        let lineStore = try column(Int32.self, limit: layout.storeCount)
        let units = MeasureUnit.allCases
        let unitCodes = try column(UInt8.self)
        guard !unitCodes.contains(where: { Int($0) >= units.count }), !lineTrip.contains(-1), !lineName.contains(-1) else { throw CacheError() }
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
    static func read(_ path: String, currency: Currency, historyLength: Int, seal: UInt64?, history: UnsafeBufferPointer<UInt8>?,
                     item: ItemID) -> (SpendingColumns, [PriceObservation])? {
        withChecked(path) { buffer, layout in
            guard layout.historyLength == historyLength else { return nil }
            if let seal, let cachedSeal = layout.historySeal {
                guard seal == cachedSeal else { return nil }
            } else {
                guard let history, history.count == historyLength, Checksum.value(of: history) == layout.historyChecksum else { return nil }
            }
            return try decode(item, buffer, layout: layout, currency: currency, path: path)
        }
    }

    /// Every price seen by hand, through the cache, without reading its lines: nil unless the
    /// cache is sound and made from the committed history the seal names.
    static func readManual(_ path: String, currency: Currency, historyLength: Int, seal: UInt64) -> [PriceObservation]? {
        withChecked(path) { buffer, layout in
            guard layout.historyLength == historyLength, layout.historySeal == seal else { return nil }
            var lines = Lines(buffer: buffer, position: layout.manualAt, end: layout.columnsAt, path: path)
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
        withChecked(path) { buffer, layout in
            guard layout.historyLength == historyLength, layout.historySeal == seal else { return nil }
            var lines = Lines(buffer: buffer, position: layout.tripsAt, end: layout.itemsAt, path: path)
            var ids = Set<UInt64>(minimumCapacity: layout.tripCount)
            for _ in 0..<layout.tripCount {
                var line = try lines.next(0x43)  // C
                ids.insert(Checksum.short(UnsafeBufferPointer(rebasing: buffer[try line.next()])))
            }
            return ids
        }
    }

    private static func decode(_ item: ItemID, _ buffer: UnsafeBufferPointer<UInt8>, layout: Layout, currency: Currency,
                               path: String) throws -> (SpendingColumns, [PriceObservation]) {
        let wanted = Array(LineFormat.escape(item.rawValue).utf8)
        func isWanted(_ range: Range<Int>) -> Bool {
            range.count == wanted.count && wanted.elementsEqual(UnsafeBufferPointer(rebasing: buffer[range]))
        }
        var lines = Lines(buffer: buffer, position: layout.itemsAt, end: layout.columnsAt, path: path)
        var number: Int?
        for index in 0..<layout.itemCount {
            var line = try lines.next(0x49)  // I
            if number == nil, isWanted(try line.next()) { number = index }
        }
        let names = try lines.texts(layout.nameCount, 0x4E)
        let categories = try lines.texts(layout.categoryCount, 0x4B), stores = try lines.texts(layout.storeCount, 0x53)
        guard lines.position == layout.manualAt else { throw CacheError() }
        var manual: [PriceObservation] = []
        for _ in 0..<layout.manualCount {
            var line = try lines.next(0x4F)  // O
            if isWanted(try line.peekRange()) { manual.append(try observation(&line, currency: currency)) }
        }
        let lineBases = try packs(&lines, layout: layout)
        var data = SpendingColumns(currency: currency)
        guard let number else { return (data, manual) }

        func value<T: FixedWidthInteger>(_: T.Type, at position: Int) -> T {
            T(littleEndian: UnsafeRawPointer(buffer.start + position).loadUnaligned(as: T.self))
        }
        let first = Int(value(Int32.self, at: layout.itemStartsAt + number * 4)), end = Int(value(Int32.self, at: layout.itemStartsAt + number * 4 + 4))
        guard 0 <= first, first <= end, end <= layout.indexedCount else { throw CacheError() }
        let units = MeasureUnit.allCases
        var lastLine = -1, lastTrip = -1
        for entry in first..<end {
            let line = Int(value(Int32.self, at: layout.itemLinesAt + entry * 4))
            guard line > lastLine, line < layout.lineCount, Int(value(Int32.self, at: layout.column(1) + line * 4)) == number else { throw CacheError() }
            lastLine = line
            let tripNumber = Int(value(Int32.self, at: layout.column(0) + line * 4))
            guard tripNumber >= lastTrip, tripNumber < layout.tripCount else { throw CacheError() }
            if tripNumber != lastTrip {
                let start = layout.tripsAt + Int(value(Int32.self, at: layout.tripStartsAt + tripNumber * 4))
                guard start >= layout.tripsAt, start < layout.itemsAt else { throw CacheError() }
                var tripLines = Lines(buffer: buffer, position: start, end: layout.itemsAt, path: path)
                var reader = try tripLines.next(0x43)  // C
                data.addTrip(try trip(&reader, currency: currency))
                lastTrip = tripNumber
            }
            let name = Int(value(Int32.self, at: layout.column(2) + line * 4)), category = Int(value(Int32.self, at: layout.column(3) + line * 4))
            let store = Int(value(Int32.self, at: layout.column(4) + line * 4)), unit = Int(value(UInt8.self, at: layout.column(5) + line))
            guard name >= 0, name < names.count, category >= -1, category < categories.count, store >= -1, store < stores.count,
                  unit < units.count else { throw CacheError() }
            data.addLine(itemID: item.rawValue, name: names[name], category: category >= 0 ? categories[category] : nil,
                         store: store >= 0 ? stores[store] : nil, unit: units[unit], basis: lineBases[Int32(line)],
                         quantity: value(Int64.self, at: layout.column(6) + line * 8), price: value(Int64.self, at: layout.column(7) + line * 8),
                         cost: value(Int64.self, at: layout.column(8) + line * 8))
        }
        return (data, manual)
    }

    private struct CacheError: Error {}
}
