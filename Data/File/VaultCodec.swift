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
        var items: [Item] = []
        var interner = Interner()
        try bytes.withUnsafeBufferPointer { buffer in
            try CompactFile.forEachLine(buffer, header: header, path: path) { reader in
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
    /// Checks the header line, then calls `body` with a reader for every further line.
    /// - Throws: `StorageError.unreadable` for a wrong header, a cut-off last line, or whatever
    ///   `body` throws.
    static func forEachLine(_ buffer: UnsafeBufferPointer<UInt8>, header: String, path: String,
                            _ body: (FieldReader) throws -> Void) throws {
        guard buffer.count > 0 else { throw StorageError.unreadable(path: path, reason: "the file is empty") }
        guard buffer[buffer.count - 1] == 0x0A else { throw StorageError.unreadable(path: path, reason: "the last line is cut off") }
        var start = 0
        var lineNumber = 0
        let base = buffer.baseAddress!
        while start < buffer.count {
            let end = UnsafeRawPointer(memchr(base + start, 0x0A, buffer.count - start)!).assumingMemoryBound(to: UInt8.self) - base
            lineNumber += 1
            if lineNumber == 1 {
                let first = String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self)
                let name = header.split(separator: "\t")[0]
                guard first.hasPrefix(name + "\t"), let version = Int(first.dropFirst(name.count + 1)) else {
                    throw StorageError.unreadable(path: path, reason: "it does not start with \"\(name)\"")
                }
                let supported = Int(header.split(separator: "\t")[1])!
                if version > supported { throw StorageError.newerVersion(path: path, found: version, supported: supported) }
            } else if end > start {
                try body(FieldReader(buffer, from: start, to: end, lineNumber: lineNumber, path: path))
            }
            start = end + 1
        }
    }
}
