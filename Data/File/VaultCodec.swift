#if canImport(Glibc)
import Glibc
#endif
import Domain

/// The vault's items as a compact file (`vault-N.tsv`), read and written by hand:
///
///     grock-vault	1
///     I	<item id>	<category id>	<unit>	<name>
///     $	<store id>	<unit>	<regular price>	<seen at>	<promotion price>	<seen at>	<until>
///
/// One `I` line per item, followed by one `$` line per store it has a price at. Prices are
/// integer minor units; empty fields are "none".
enum VaultCodec {
    static let header = "grock-vault\t1"

    static func encode(_ items: [Item]) -> [UInt8] {
        var output: [UInt8] = Array((header + "\n").utf8)
        output.reserveCapacity(items.count * 160)
        for item in items.sorted(by: { $0.id < $1.id }) {
            LineFormat.line(["I", item.id.rawValue, item.categoryID.rawValue, item.unit.rawValue, LineFormat.escape(item.name)], to: &output)
            for option in item.prices {
                LineFormat.line(["$", option.store.rawValue, option.unit.rawValue,
                                 option.regular.map { String($0.price.minorUnits) } ?? "", option.regular?.observedAt.description ?? "",
                                 option.promotion.map { String($0.quote.price.minorUnits) } ?? "",
                                 option.promotion?.quote.observedAt.description ?? "", option.promotion?.until?.description ?? ""], to: &output)
            }
        }
        return output
    }

    /// - Throws: `StorageError.unreadable` naming `path` and the line.
    static func decode(_ bytes: [UInt8], currency: Currency, path: String) throws -> [Item] {
        var interner = Interner()
        return try bytes.withUnsafeBufferPointer { buffer in
            try CompactFile.checkHeader(buffer, header: header, path: path)
            return try decodeLines(buffer, from: CompactFile.firstLineEnd(buffer) + 1, to: buffer.count, firstLine: 2, currency: currency,
                                   path: path, interner: &interner)
        }
    }

    /// The items of the lines in `start..<end` (whole lines).
    static func decodeLines(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, firstLine: Int, currency: Currency,
                            path: String, interner: inout Interner) throws -> [Item] {
        var items: [Item] = []
        do {
            try CompactFile.forEachLine(buffer, from: start, to: end, firstLine: firstLine, path: path) { reader in
                var reader = reader
                let kind = try reader.next()
                switch reader.string(kind) {
                case "I":
                    let id = try reader.next(), category = try reader.next()
                    let unit = try reader.unit()
                    items.append(Item(id: ItemID(try interner.text(reader, id)), name: try reader.text(),
                                      categoryID: CategoryID(try interner.text(reader, category)), unit: unit))
                case "$":
                    guard !items.isEmpty else { throw reader.failure("a price comes before any item") }
                    let store = StoreID(try interner.text(reader, try reader.next()))
                    let unit = try reader.unit()
                    let regularPrice = try reader.optionalInteger(), regularSeen = try reader.optionalTime()
                    let promoPrice = try reader.optionalInteger(), promoSeen = try reader.optionalTime()
                    let untilRange = try reader.next()
                    let until = untilRange.isEmpty ? nil : Day(iso: reader.string(untilRange))
                    if !untilRange.isEmpty && until == nil { throw reader.failure("\"\(reader.string(untilRange))\" is not a date") }
                    let regular = try pair(regularPrice, regularSeen, reader).map { PriceQuote(price: Money(minorUnits: $0.0, currency: currency), observedAt: $0.1) }
                    let promotion = try pair(promoPrice, promoSeen, reader).map {
                        Promotion(quote: PriceQuote(price: Money(minorUnits: $0.0, currency: currency), observedAt: $0.1), until: until)
                    }
                    items[items.count - 1].prices.append(PriceOption(store: store, unit: unit, regular: regular, promotion: promotion))
                default:
                    throw reader.failure("unknown record \"\(reader.string(kind))\"")
                }
            }
        }
        return items
    }

    /// Where each item is in a vault file, with its name and category, read from the `I`
    /// lines alone; an item's prices are decoded when it is asked for.
    struct Index {
        struct Entry {
            let lines: Range<Int>
            let firstLine: Int
            let name: ItemName
        }

        let bytes: [UInt8]
        let path: String
        /// Every store the vault has a price at.
        private(set) var stores: Set<String> = []
        private(set) var entries: [ItemID: Entry] = [:]
        /// Item ids in file order (which is id order).
        private(set) var order: [ItemID] = []

        init(_ bytes: [UInt8], path: String) throws {
            self.bytes = bytes
            self.path = path
            var entries: [ItemID: Entry] = [:], order: [ItemID] = []
            var stores: Set<String> = []
            var storeBytes: [[UInt8]] = []
            var open: (id: ItemID, start: Int, line: Int, name: ItemName)?
            try bytes.withUnsafeBufferPointer { buffer in
                try CompactFile.checkHeader(buffer, header: header, path: path)
                var lineNumber = 1
                var start = CompactFile.firstLineEnd(buffer) + 1
                let base = buffer.baseAddress!
                while start < buffer.count {
                    let end = UnsafeRawPointer(memchr(base + start, 0x0A, buffer.count - start)!).assumingMemoryBound(to: UInt8.self) - base
                    lineNumber += 1
                    if buffer[start] == 0x49 {  // I
                        if let current = open {
                            entries[current.id] = Entry(lines: current.start..<start, firstLine: current.line, name: current.name)
                        }
                        var reader = FieldReader(buffer, from: start, to: end, lineNumber: lineNumber, path: path)
                        try reader.skip()
                        let id = ItemID(reader.string(try reader.next()))
                        let category = CategoryID(reader.string(try reader.next()))
                        _ = try reader.unit()
                        open = (id, start, lineNumber, ItemName(id: id, name: try reader.text(), categoryID: category))
                        guard reader.isAtEnd else { throw reader.failure("too many fields") }
                        order.append(id)
                    } else if end > start {
                        // A price line is checked for shape here; its values when its item is read.
                        var reader = FieldReader(buffer, from: start, to: end, lineNumber: lineNumber, path: path)
                        guard open != nil, reader.string(try reader.next()) == "$" else { throw reader.failure("a price comes before any item, or an unknown record") }
                        let store = try reader.next()
                        guard !store.isEmpty else { throw reader.failure("a price without a store") }
                        let known = storeBytes.contains { known in
                            known.count == store.count && known.withUnsafeBufferPointer { memcmp($0.baseAddress!, base + store.lowerBound, store.count) == 0 }
                        }
                        if !known {
                            storeBytes.append(Array(buffer[store]))
                            stores.insert(reader.string(store))
                        }
                        _ = try reader.unit()
                        _ = try reader.optionalInteger()
                        try reader.skip()
                        _ = try reader.optionalInteger()
                        try reader.skip()
                        try reader.skip()
                        guard reader.isAtEnd else { throw reader.failure("too many fields") }
                    }
                    start = end + 1
                }
            }
            if let current = open { entries[current.id] = Entry(lines: current.start..<bytes.count, firstLine: current.line, name: current.name) }
            self.entries = entries
            self.order = order
            self.stores = stores
        }

        func item(_ id: ItemID, currency: Currency) throws -> Item? {
            guard let entry = entries[id] else { return nil }
            var interner = Interner()
            return try bytes.withUnsafeBufferPointer { buffer in
                try decodeLines(buffer, from: entry.lines.lowerBound, to: entry.lines.upperBound, firstLine: entry.firstLine, currency: currency,
                                path: path, interner: &interner).first
            }
        }

        /// The vault with `changed` items written anew, `deleted` ones left out and every other
        /// item copied as it is, in id order.
        func rewritten(changed: [ItemID: Item], deleted: Set<ItemID>) -> [UInt8] {
            var output: [UInt8] = Array((header + "\n").utf8)
            output.reserveCapacity(bytes.count + changed.count * 160)
            let ids = Set(order).union(changed.keys).subtracting(deleted).sorted()
            for id in ids {
                if let item = changed[id] {
                    output += VaultCodec.encode([item]).dropFirst(header.utf8.count + 1)
                } else if let entry = entries[id] {
                    output += bytes[entry.lines]
                }
            }
            return output
        }
    }

    private static func pair(_ price: Int64?, _ seen: Timestamp?, _ reader: FieldReader) throws -> (Int64, Timestamp)? {
        switch (price, seen) {
        case let (price?, seen?): return (price, seen)
        case (nil, nil): return nil
        default: throw reader.failure("a price without its time, or a time without its price")
        }
    }
}

/// Walking the lines of a compact file.
enum CompactFile {
    /// The offset of the first line break.
    static func firstLineEnd(_ buffer: UnsafeBufferPointer<UInt8>) -> Int {
        var end = 0
        while end < buffer.count && buffer[end] != 0x0A { end += 1 }
        return end
    }

    /// Checks that the file ends with a line break and starts with `header`'s name and a
    /// version this code reads.
    static func checkHeader(_ buffer: UnsafeBufferPointer<UInt8>, header: String, path: String) throws {
        guard buffer.count > 0 else { throw StorageError.unreadable(path: path, reason: "the file is empty") }
        guard buffer[buffer.count - 1] == 0x0A else { throw StorageError.unreadable(path: path, reason: "the last line is cut off") }
        let first = String(decoding: UnsafeBufferPointer(rebasing: buffer[0..<firstLineEnd(buffer)]), as: UTF8.self)
        let name = header.split(separator: "\t")[0]
        guard first.hasPrefix(name + "\t"), let version = Int(first.dropFirst(name.count + 1)) else {
            throw StorageError.unreadable(path: path, reason: "it does not start with \"\(name)\"")
        }
        let supported = Int(header.split(separator: "\t")[1])!
        if version > supported { throw StorageError.newerVersion(path: path, found: version, supported: supported) }
    }

    /// Calls `body` with a reader for every non-empty line in `start..<end`.
    static func forEachLine(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, firstLine: Int, path: String,
                            _ body: (FieldReader) throws -> Void) throws {
        var start = start
        var lineNumber = firstLine
        let base = buffer.baseAddress!
        while start < end {
            let lineEnd = UnsafeRawPointer(memchr(base + start, 0x0A, end - start)!).assumingMemoryBound(to: UInt8.self) - base
            if lineEnd > start { try body(FieldReader(buffer, from: start, to: lineEnd, lineNumber: lineNumber, path: path)) }
            lineNumber += 1
            start = lineEnd + 1
        }
    }

    /// Checks the header line, then calls `body` with a reader for every further line.
    /// - Throws: `StorageError.unreadable` for a wrong header, a cut-off last line, or whatever
    ///   `body` throws.
    static func forEachLine(_ buffer: UnsafeBufferPointer<UInt8>, header: String, path: String,
                            _ body: (FieldReader) throws -> Void) throws {
        try checkHeader(buffer, header: header, path: path)
        try forEachLine(buffer, from: firstLineEnd(buffer) + 1, to: buffer.count, firstLine: 2, path: path, body)
    }
}
