#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Domain

/// The vault's items as a compact file (`vault-N.tsv`), read and written by hand:
///
///     grock-vault	2	<checksum>
///     I	<item id>	<category id>	<unit>	<name>
///     $	<store id>	<unit>	<regular price>	<seen at>	<promotion price>	<seen at>	<until>
///
/// One `I` line per item, followed by one `$` line per store it has a price at. Prices are
/// integer minor units; empty fields are "none". The checksum (16 hex digits, `Checksum`) is
/// of every byte after the header line: when it matches, the file is the one Grock wrote, and
/// the index trusts the price lines' shape instead of parsing all of them. Version 1 files
/// have no checksum and are checked line by line.
enum VaultCodec {
    static let header = "grock-vault\t2"

    static func encode(_ items: [Item]) -> [UInt8] {
        var output = fileStart(capacity: items.count * 160)
        encodeLines(items, to: &output)
        finish(&output)
        return output
    }

    /// The file for `lines`: the header line with their checksum, then the lines.
    static func file(lines: [UInt8]) -> [UInt8] {
        var output = fileStart(capacity: lines.count)
        output += lines
        finish(&output)
        return output
    }

    /// The header line with room for the checksum, which `finish` fills in once the lines
    /// follow it: the lines are written once, in place.
    static func fileStart(capacity: Int) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(headerLength + capacity)
        output += (header + "\t" + String(repeating: "0", count: 16) + "\n").utf8
        return output
    }

    static func finish(_ file: inout [UInt8]) {
        let checksum = file.withUnsafeBufferPointer { Checksum.hex(of: UnsafeBufferPointer(rebasing: $0[headerLength...])) }
        file.replaceSubrange((headerLength - 17)..<(headerLength - 1), with: checksum.utf8)
    }

    private static let headerLength = header.utf8.count + 18

    static func encodeLines(_ items: [Item], to output: inout [UInt8]) {
        for item in items.sorted(by: { $0.id < $1.id }) {
            LineFormat.line(["I", item.id.rawValue, item.categoryID.rawValue, item.unit.rawValue, LineFormat.escape(item.name)], to: &output)
            for option in item.prices {
                LineFormat.line(["$", option.store.rawValue, UnitText.basis(option.basis),
                                 option.regular.map { String($0.price.minorUnits) } ?? "", option.regular?.observedAt.description ?? "",
                                 option.promotion.map { String($0.quote.price.minorUnits) } ?? "",
                                 option.promotion?.quote.observedAt.description ?? "", option.promotion?.until?.description ?? ""], to: &output)
            }
        }
    }

    /// - Throws: `StorageError.unreadable` naming `path` and the line.
    static func decode(_ bytes: [UInt8], currency: Currency, path: String) throws -> [Item] {
        var interner = Interner()
        return try bytes.withUnsafeBufferPointer { buffer in
            try CompactFile.checkHeader(buffer, header: header, path: path)
            _ = try checksumMatches(buffer, linesFrom: CompactFile.firstLineEnd(buffer) + 1, path: path)
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
                    let basis = try reader.basis()
                    let regularPrice = try reader.optionalInteger(), regularSeen = try reader.optionalTime()
                    let promoPrice = try reader.optionalInteger(), promoSeen = try reader.optionalTime()
                    let untilRange = try reader.next()
                    let until = untilRange.isEmpty ? nil : Day(iso: reader.string(untilRange))
                    if !untilRange.isEmpty && until == nil { throw reader.failure("\"\(reader.string(untilRange))\" is not a date") }
                    let regular = try pair(regularPrice, regularSeen, reader).map { PriceQuote(price: Money(minorUnits: $0.0, currency: currency), observedAt: $0.1) }
                    let promotion = try pair(promoPrice, promoSeen, reader).map {
                        Promotion(quote: PriceQuote(price: Money(minorUnits: $0.0, currency: currency), observedAt: $0.1), until: until)
                    }
                    items[items.count - 1].prices.append(PriceOption(store: store, unit: basis.unit, pack: basis.pack, regular: regular, promotion: promotion))
                default:
                    throw reader.failure("unknown record \"\(reader.string(kind))\"")
                }
            }
        }
        return items
    }

    /// Whether the header carries a checksum, which is then that of the lines from `start` on:
    /// true when the file is byte for byte what Grock wrote, false when it has no checksum (a
    /// version-1 file, or one whose checksum field was emptied to edit it by hand), so that
    /// every line must be checked.
    /// - Throws: `StorageError.unreadable` when the checksum does not match: the file was
    ///   damaged or changed since. Such a file is refused, never used: a changed id or price
    ///   that still parses would otherwise be written into the next vault under a valid checksum.
    static func checksumMatches(_ buffer: UnsafeBufferPointer<UInt8>, linesFrom start: Int, path: String) throws -> Bool {
        try CompactFile.checksumMatches(buffer, header: header, linesFrom: start, path: path)
    }

    /// The checksum a vault file's header carries (16 hex digits), or nil.
    static func checksum(of bytes: [UInt8]) -> String? {
        bytes.withUnsafeBufferPointer { buffer in
            let end = CompactFile.firstLineEnd(buffer)
            let field = CompactFile.headerChecksum(buffer, header: header, lineEnd: end)
            return field.isEmpty ? nil : field
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
    /// The checksum field of a header line `NAME<tab>VERSION<tab>CHECKSUM` ending at `lineEnd`;
    /// empty when there is none.
    static func headerChecksum(_ buffer: UnsafeBufferPointer<UInt8>, header: String, lineEnd: Int) -> String {
        let headerLine = buffer[0..<lineEnd]
        guard let tab = headerLine.lastIndex(of: 0x09), tab > header.utf8.count - 1 else { return "" }
        return String(decoding: UnsafeBufferPointer(rebasing: buffer[(tab + 1)..<lineEnd]), as: UTF8.self)
    }

    /// Whether the header carries a checksum, which is then that of the lines from `start` on
    /// (see `VaultCodec.checksumMatches`).
    /// - Throws: `StorageError.unreadable` when it does not match.
    static func checksumMatches(_ buffer: UnsafeBufferPointer<UInt8>, header: String, linesFrom start: Int, path: String) throws -> Bool {
        let stored = headerChecksum(buffer, header: header, lineEnd: max(start - 1, 0))
        if stored.isEmpty { return false }
        guard stored == Checksum.hex(of: UnsafeBufferPointer(rebasing: buffer[start...])) else {
            throw StorageError.unreadable(path: path, reason: "it was changed or damaged since Grock wrote it (its checksum does not match); "
                + "put back a copy of the directory (to edit it by hand, empty the checksum on its first line)")
        }
        return true
    }

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
        guard first.hasPrefix(name + "\t"), let version = Int(first.dropFirst(name.count + 1).prefix { $0 != "\t" }) else {
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
        let base = buffer.start
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
