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
        let checksum = Checksum.hex(of: file[headerLength...])
        file.replaceSubrange((headerLength - 17)..<(headerLength - 1), with: checksum.utf8)
    }

    private static let headerLength = header.utf8.count + 18

    static func encodeLines(_ items: [Item], to output: inout [UInt8]) {
        for item in items.sorted(by: { $0.id < $1.id }) {
            LineFormat.line(["I", item.id.rawValue, item.categoryID.rawValue, item.unit.rawValue, LineFormat.escape(item.name)],
                            to: &output)
            for option in item.prices {
                LineFormat.line(["$", option.store.rawValue, UnitText.basis(option.basis),
                                 option.regular.map { String($0.price.minorUnits) } ?? "", option.regular?.observedAt.description ?? "",
                                 option.promotion.map { String($0.quote.price.minorUnits) } ?? "",
                                 option.promotion?.quote.observedAt.description ?? "", option.promotion?.until?.description ?? ""],
                                 to: &output)
            }
        }
    }

    /// - Throws: `StorageError.unreadable` naming `path` and the line.
    static func decode(_ bytes: [UInt8], currency: Currency, path: String) throws -> [Item] {
        var interner = Interner()
        return try bytes.withByteReader(path: path) { reader in
            try CompactFile.checkHeader(reader, header: header)
            let first = CompactFile.firstLineEnd(reader) + 1
            _ = try checksumMatches(reader, linesFrom: first)
            return try decodeLines(reader, from: first, to: reader.count, firstLine: 2, currency: currency, interner: &interner)
        }
    }

    /// The items of the lines in `start..<end` (whole lines).
    static func decodeLines(_ file: ByteReader, from start: Int, to end: Int, firstLine: Int, currency: Currency,
                            interner: inout Interner) throws -> [Item] {
        var items: [Item] = []
        do {
            try CompactFile.forEachLine(file, from: start, to: end, firstLine: firstLine) { reader in
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
                    let regular = try pair(regularPrice, regularSeen, reader).map {
                        PriceQuote(price: Money(minorUnits: $0.0, currency: currency), observedAt: $0.1)
                    }
                    let promotion = try pair(promoPrice, promoSeen, reader).map {
                        Promotion(quote: PriceQuote(price: Money(minorUnits: $0.0, currency: currency), observedAt: $0.1), until: until)
                    }
                    items[items.count - 1].prices.append(PriceOption(store: store, unit: basis.unit, pack: basis.pack, regular: regular,
                                                                     promotion: promotion))
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
    static func checksumMatches(_ reader: ByteReader, linesFrom start: Int) throws -> Bool {
        try CompactFile.checksumMatches(reader, header: header, linesFrom: start)
    }

    /// The checksum a vault file's header carries (16 hex digits), or nil.
    static func checksum(of bytes: [UInt8]) -> String? {
        bytes.withByteReader(path: "") { reader in
            let field = CompactFile.headerChecksum(reader, header: header, lineEnd: CompactFile.firstLineEnd(reader))
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
