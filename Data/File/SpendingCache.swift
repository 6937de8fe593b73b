#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
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
/// Layout: a text part in the compact line format (a header line naming the history length
/// and checksum and the counts; then `C` trips, `I` item ids, `N` names, `K` categories, `S`
/// stores, `O` prices seen by hand), then the nine line columns as little-endian binary, then
/// a checksum of everything before it.
enum SpendingCache {
    static let file = "spending.cache"
    private static let header = "grock-spending-cache\t3"

    struct Contents {
        var historyLength: Int
        var historyChecksum: UInt64
        var data: SpendingData
        var manual: [PriceObservation]
    }

    /// The spending in `history` (the committed bytes of `history.tsv` at `historyPath`), from
    /// the cache at `cachePath` where it can, refreshing the cache when it was behind.
    static func spending(_ history: UnsafeBufferPointer<UInt8>, historyPath: String, cachePath: String,
                         currency: Currency) throws -> (SpendingData, [PriceObservation]) {
        if let cached = read(cachePath, currency: currency), cached.historyLength <= history.count,
           Checksum.value(of: UnsafeBufferPointer(rebasing: history[..<cached.historyLength])) == cached.historyChecksum {
            if cached.historyLength == history.count { return (cached.data, cached.manual) }
            if let tail = try? HistoryCodec.decodeSpendingTail(history, from: cached.historyLength, currency: currency, path: historyPath) {
                let kept = tail.carts.isEmpty ? cached.data : cached.data.filter(trips: { !tail.carts.contains(cached.data.trips[$0].cartID) })
                let merged = Contents(historyLength: history.count, historyChecksum: Checksum.value(of: history),
                                      data: kept.appending(tail.data),
                                      manual: cached.manual.filter { !tail.forgotten.contains($0) } + tail.manual)
                write(merged, to: cachePath)
                return (merged.data, merged.manual)
            }
        }
        let (data, manual) = try HistoryCodec.decodeSpending(history, currency: currency, path: historyPath)
        write(Contents(historyLength: history.count, historyChecksum: Checksum.value(of: history), data: data, manual: manual), to: cachePath)
        return (data, manual)
    }

    // MARK: - Writing

    static func encode(_ contents: Contents) -> [UInt8] {
        let data = contents.data
        var output: [UInt8] = []
        output.reserveCapacity(data.lineCount * 34 + data.trips.count * 100 + 65536)
        LineFormat.line([header, String(contents.historyLength), String(contents.historyChecksum), String(data.trips.count),
                         String(data.itemIDs.count), String(data.names.count), String(data.categories.count), String(data.stores.count),
                         String(contents.manual.count), String(data.lineCount), String(data.lineBases.count)], to: &output)
        for trip in data.trips {
            LineFormat.line(["C", trip.cartID.rawValue, trip.budget.map { String($0.minorUnits) } ?? "", trip.completedAt.description,
                             String(trip.planned.minorUnits), String(trip.actual.minorUnits), String(trip.fulfilled), String(trip.lines),
                             LineFormat.escape(trip.name)], to: &output)
        }
        for id in data.itemIDs { LineFormat.line(["I", LineFormat.escape(id.rawValue)], to: &output) }
        for name in data.names { LineFormat.line(["N", LineFormat.escape(name)], to: &output) }
        for category in data.categories { LineFormat.line(["K", LineFormat.escape(category)], to: &output) }
        for store in data.stores { LineFormat.line(["S", LineFormat.escape(store.rawValue)], to: &output) }
        for observation in contents.manual {
            LineFormat.line(["O", LineFormat.escape(observation.item.rawValue), LineFormat.escape(observation.store.rawValue),
                             UnitText.basis(observation.price.basis), String(observation.price.price.minorUnits), observation.observedAt.description,
                             observation.isPromotion ? "1" : "0"], to: &output)
        }
        for (index, basis) in data.lineBases.sorted(by: { $0.key < $1.key }) {
            LineFormat.line(["P", String(index), UnitText.basis(basis)], to: &output)
        }
        for column in [data.lineTrip, data.lineItem, data.lineName, data.lineCategory, data.lineStore] { append(column, to: &output) }
        append(data.lineUnit.map { UInt8(MeasureUnit.allCases.firstIndex(of: $0)!) }, to: &output)
        for column in [data.lineQuantity, data.linePrice, data.lineCost] { append(column, to: &output) }
        append([Checksum.value(of: output)], to: &output)
        return output
    }

    private static func append<T: FixedWidthInteger>(_ column: [T], to output: inout [UInt8]) {
        for value in column { withUnsafeBytes(of: value.littleEndian) { output.append(contentsOf: $0) } }
    }

    /// Best effort: a cache that cannot be written is simply not there next time.
    private static func write(_ contents: Contents, to path: String) {
        try? FileSystem.writeAtomically(encode(contents), to: path, durable: false)
    }

    // MARK: - Reading

    /// The cache's contents, or nil when it is missing or is not wholly what `encode` wrote.
    static func read(_ path: String, currency: Currency) -> Contents? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_size > 8, let file = try? MappedFile(path, length: Int(info.st_size)) else { return nil }
        return file.withBytes { buffer in
            let body = UnsafeBufferPointer(rebasing: buffer[..<(buffer.count - 8)])
            guard UInt64(littleEndian: UnsafeRawPointer(buffer.baseAddress! + body.count).loadUnaligned(as: UInt64.self)) == Checksum.value(of: body)
            else { return nil }
            return try? decode(body, currency: currency, path: path)
        }
    }

    private static func decode(_ buffer: UnsafeBufferPointer<UInt8>, currency: Currency, path: String) throws -> Contents {
        var position = 0
        func nextLine() throws -> FieldReader {
            guard position < buffer.count, let end = buffer[position...].firstIndex(of: 0x0A) else { throw CacheError() }
            defer { position = end + 1 }
            return FieldReader(buffer, from: position, to: end, lineNumber: 0, path: path)
        }
        var reader = try nextLine()
        guard reader.string(try reader.next()) + "\t" + reader.string(try reader.next()) == header else { throw CacheError() }
        let historyLength = Int(try reader.integer())
        guard historyLength >= 0 else { throw CacheError() }
        guard let historyChecksum = UInt64(reader.string(try reader.next())) else { throw CacheError() }
        var counts: [Int] = []
        for _ in 0..<8 {
            let count = try reader.integer()
            guard count >= 0 && count < 1 << 40 else { throw CacheError() }
            counts.append(Int(count))
        }
        let (tripCount, itemCount, nameCount, categoryCount, storeCount, manualCount, lineCount, packCount) =
            (counts[0], counts[1], counts[2], counts[3], counts[4], counts[5], counts[6], counts[7])
        var trips: [TripSummary] = []
        trips.reserveCapacity(tripCount)
        func money(_ minorUnits: Int64) -> Money { Money(minorUnits: minorUnits, currency: currency) }
        for _ in 0..<tripCount {
            var line = try nextLine()
            guard line.string(try line.next()) == "C" else { throw CacheError() }
            let id = CartID(line.string(try line.next()))
            let budget = try line.optionalInteger(), completed = try line.time()
            let planned = try line.integer(), actual = try line.integer(), fulfilled = try line.integer(), lines = try line.integer()
            trips.append(TripSummary(cartID: id, name: try line.text(), completedAt: completed, budget: budget.map(money), planned: money(planned),
                                     actual: money(actual), fulfilled: Int(fulfilled), lines: Int(lines)))
        }
        func texts(_ count: Int, _ letter: String) throws -> [String] {
            try (0..<count).map { _ in
                var line = try nextLine()
                guard line.string(try line.next()) == letter else { throw CacheError() }
                return try line.text()
            }
        }
        let items = try texts(itemCount, "I").map(ItemID.init), names = try texts(nameCount, "N")
        let categories = try texts(categoryCount, "K"), stores = try texts(storeCount, "S").map(StoreID.init)
        let manual = try (0..<manualCount).map { _ -> PriceObservation in
            var line = try nextLine()
            guard line.string(try line.next()) == "O" else { throw CacheError() }
            let item = ItemID(try line.text()), store = StoreID(try line.text()), unit = try line.basis()
            let price = try line.integer(), seen = try line.time(), promotion = try line.flag()
            return PriceObservation(item: item, store: store, price: UnitPrice(money(price), per: unit), observedAt: seen, source: .manual,
                                    isPromotion: promotion)
        }
        var lineBases: [Int32: PriceUnit] = [:]
        for _ in 0..<packCount {
            var line = try nextLine()
            guard line.string(try line.next()) == "P" else { throw CacheError() }
            let index = try line.integer()
            guard index >= 0, index < lineCount else { throw CacheError() }
            lineBases[Int32(index)] = try line.basis()
        }
        guard buffer.count - position == lineCount * (5 * 4 + 1 + 3 * 8) else { throw CacheError() }
        func column<T: FixedWidthInteger>(_: T.Type, limit: Int? = nil) throws -> [T] {
            let raw = UnsafeRawPointer(buffer.baseAddress! + position)
            position += lineCount * MemoryLayout<T>.size
            var values = [T](unsafeUninitializedCapacity: lineCount) { values, count in
                if lineCount > 0 { memcpy(values.baseAddress!, raw, lineCount * MemoryLayout<T>.size) }
                count = lineCount
            }
            if T(1).littleEndian != T(1) { values = values.map { T(littleEndian: $0) } }
            if let limit, values.contains(where: { $0 < -1 || $0 >= limit }) { throw CacheError() }
            return values
        }
        let lineTrip = try column(Int32.self, limit: tripCount), lineItem = try column(Int32.self, limit: itemCount)
        let lineName = try column(Int32.self, limit: nameCount), lineCategory = try column(Int32.self, limit: categoryCount)
        let lineStore = try column(Int32.self, limit: storeCount)
        let units = MeasureUnit.allCases
        let unitCodes = try column(UInt8.self)
        guard !unitCodes.contains(where: { Int($0) >= units.count }), !lineTrip.contains(-1), !lineName.contains(-1) else { throw CacheError() }
        let lineQuantity = try column(Int64.self), linePrice = try column(Int64.self), lineCost = try column(Int64.self)
        let data = SpendingData(currency: currency, trips: trips, lineTrip: lineTrip, lineItem: lineItem, lineName: lineName,
                                lineCategory: lineCategory, lineStore: lineStore, lineUnit: unitCodes.map { units[Int($0)] },
                                lineQuantity: lineQuantity, linePrice: linePrice, lineCost: lineCost, itemIDs: items, names: names,
                                categories: categories, stores: stores, lineBases: lineBases)
        return Contents(historyLength: historyLength, historyChecksum: historyChecksum, data: data, manual: manual)
    }

    private struct CacheError: Error {}
}

extension SpendingData {
    /// These trips and lines followed by `tail`'s.
    func appending(_ tail: SpendingData) -> SpendingData {
        var joined = self
        var next = 0
        // Lines come trip by trip, so each trip's lines follow it.
        for (number, trip) in tail.trips.enumerated() {
            joined.addTrip(trip)
            while next < tail.lineCount && Int(tail.lineTrip[next]) == number {
                let line = tail.line(next)
                joined.addLine(itemID: line.itemID?.rawValue, name: line.item, category: line.category, store: line.store?.rawValue, unit: line.unit,
                               basis: line.basis, quantity: line.quantity.thousandths, price: line.price.minorUnits, cost: line.cost.minorUnits)
                next += 1
            }
        }
        return joined
    }
}
