import Domain

/// Reads the fields of one line of a compact file, in place, on the file's `ByteReader`: each
/// field is a range of the file's offsets, read as a `ByteSlice`.
struct FieldReader {
    let source: ByteReader
    private(set) var position: Int
    let end: Int
    let lineNumber: Int

    var path: String { source.path }

    /// A reader of the fields in `start..<end`. An end past the bytes is cut to them, so that
    /// every field it hands out is inside them; a start past the end has no field.
    init(_ source: ByteReader, from start: Int, to end: Int, lineNumber: Int) {
        self.source = source
        self.position = max(start, 0)
        self.end = min(end, source.count)
        self.lineNumber = lineNumber
    }

    func failure(_ reason: String) -> StorageError {
        StorageError.unreadable(path: path, reason: "line \(lineNumber): \(reason)")
    }

    /// The next field's byte range; the end of the line is an error. Inlined: it is called for
    /// every field of 100,000 lines, and its loop is a few bytes long.
    @inline(__always)
    mutating func next() throws -> Range<Int> {
        guard position <= end else { throw tooFewFields() }
        let start = position
        let fieldEnd = source.fieldEnd(from: start, to: end)
        position = fieldEnd + 1
        return start..<fieldEnd
    }

    /// Kept out of line, so that `next` stays small enough to inline.
    @inline(never)
    private func tooFewFields() -> StorageError {
        failure("too few fields")
    }

    /// The bytes of `range` (a field from `next`), in place; the part of it inside the bytes.
    @inline(__always)
    func bytes(_ range: Range<Int>) -> ByteSlice {
        source.bytes(clamping: range)
    }

    /// The record's letter: the next field (the line's first), one byte long.
    /// - Throws: `StorageError.unreadable` ("unknown record") when it is not one byte.
    mutating func letter() throws -> UInt8 {
        let kind = try next()
        guard kind.count == 1,
              let letter = source.byteIfPresent(at: kind.lowerBound) else { throw failure("unknown record \"\(string(kind))\"") }
        return letter
    }

    /// What a reader throws for a record `letter` it does not know.
    func unknownRecord(_ letter: UInt8) -> StorageError {
        failure("unknown record \"\(String(decoding: [letter], as: UTF8.self))\"")
    }

    var isAtEnd: Bool { position > end }

    /// The next field's range, without moving past it.
    func peekRange() throws -> Range<Int> {
        var copy = self
        return try copy.next()
    }

    mutating func text() throws -> String { try unescape(try next()) }

    mutating func optionalText() throws -> String? {
        let range = try next()
        return range.isEmpty ? nil : try unescape(range)
    }

    mutating func integer() throws -> Int64 {
        let range = try next()
        guard let value = parseInteger(range) else { throw failure("\"\(string(range))\" is not a whole number") }
        return value
    }

    mutating func optionalInteger() throws -> Int64? {
        let range = try next()
        if range.isEmpty { return nil }
        guard let value = parseInteger(range) else { throw failure("\"\(string(range))\" is not a whole number") }
        return value
    }

    mutating func flag() throws -> Bool {
        let range = try next()
        let digit = range.count == 1 ? source.byteIfPresent(at: range.lowerBound) : nil
        guard digit == 0x30 || digit == 0x31 else { throw failure("\"\(string(range))\" is not 0 or 1") }
        return digit == 0x31
    }

    /// A quantity written as decimal text (`1.5`).
    mutating func quantity() throws -> Quantity {
        let range = try next()
        guard let value = parseDecimal(range, digits: 3), value > 0 else { throw failure("\"\(string(range))\" is not a quantity") }
        return Quantity(thousandths: value)
    }

    mutating func optionalQuantity() throws -> Quantity? {
        let range = try next()
        if range.isEmpty { return nil }
        guard let value = parseDecimal(range, digits: 3), value > 0 else { throw failure("\"\(string(range))\" is not a quantity") }
        return Quantity(thousandths: value)
    }

    mutating func unit() throws -> MeasureUnit {
        let range = try next()
        // By its length and first two bytes; the last two of `each` and `pack` are checked too.
        func byte(_ offset: Int) -> UInt8 { source.byteIfPresent(at: range.lowerBound + offset) ?? 0 }
        let unit: MeasureUnit? = switch (range.count, byte(0), byte(1)) {
        case (4, 0x65, 0x61) where byte(2) == 0x63 && byte(3) == 0x68: .each
        case (4, 0x70, 0x61) where byte(2) == 0x63 && byte(3) == 0x6B: .pack
        case (1, 0x67, _): .g
        case (2, 0x6B, 0x67): .kg
        case (2, 0x6C, 0x62): .lb
        case (2, 0x6F, 0x7A): .oz
        case (2, 0x6D, 0x6C): .ml
        case (1, 0x6C, _): .l
        default: nil
        }
        guard let unit else { throw failure("\"\(string(range))\" is not a unit") }
        return unit
    }

    /// A price's basis (`kg`, `pack:250g`): see `UnitText`.
    mutating func basis() throws -> PriceUnit {
        let range = try peekRange()
        guard bytes(range).contains(0x3A) else { return PriceUnit(try unit()) }
        _ = try next()
        guard let basis = UnitText.parseBasis(Substring(string(range))) else { throw failure("\"\(string(range))\" is not a unit") }
        return basis
    }

    /// A cart line's unit and what its prices are per (`g/kg`): see `UnitText`.
    mutating func lineUnits() throws -> (unit: MeasureUnit, basis: PriceUnit) {
        let range = try peekRange()
        guard bytes(range).contains(0x2F) else {
            let unit = try unit()
            return (unit, PriceUnit(unit))
        }
        _ = try next()
        guard let units = UnitText.parseLine(Substring(string(range))) else { throw failure("\"\(string(range))\" is not a unit") }
        return units
    }

    /// Skips a field.
    mutating func skip() throws { _ = try next() }

    /// An RFC 3339 time as `Timestamp.description` writes it.
    mutating func time() throws -> Timestamp {
        let range = try next()
        guard let time = parseTime(range) else { throw failure("\"\(string(range))\" is not a time") }
        return time
    }

    mutating func optionalTime() throws -> Timestamp? {
        let range = try next()
        if range.isEmpty { return nil }
        guard let time = parseTime(range) else { throw failure("\"\(string(range))\" is not a time") }
        return time
    }

    /// The text of `range` as it is (a field from `next`); the part of it inside the bytes.
    func string(_ range: Range<Int>) -> String {
        bytes(range).string
    }

    private func unescape(_ range: Range<Int>) throws -> String {
        let field = bytes(range)
        guard let backslash = field.firstIndex(of: 0x5C) else { return field.string }
        var output = Array(field[..<backslash])
        var escaped = false
        for byte in field[backslash...] {
            guard escaped else {
                if byte == 0x5C { escaped = true } else { output.append(byte) }
                continue
            }
            escaped = false
            switch byte {
            case 0x5C: output.append(0x5C)
            case 0x74: output.append(0x09)
            case 0x6E: output.append(0x0A)
            case 0x72: output.append(0x0D)
            default: throw failure("unknown escape \\\(Character(Unicode.Scalar(byte)))")
            }
        }
        guard !escaped else { throw failure("a field ends in a lone backslash") }
        return String(decoding: output, as: UTF8.self)
    }

    private func parseInteger(_ range: Range<Int>) -> Int64? {
        var bytes = bytes(range).makeIterator()
        var byte = bytes.next()
        let negative = byte == 0x2D
        if negative { byte = bytes.next() }
        guard byte != nil else { return nil }
        var value: Int64 = 0
        while let next = byte {
            let digit = next &- 0x30
            guard digit < 10 else { return nil }
            let (shifted, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = shifted.addingReportingOverflow(Int64(digit))
            if o1 || o2 { return nil }
            value = sum
            byte = bytes.next()
        }
        return negative ? -value : value
    }

    private func parseDecimal(_ range: Range<Int>, digits: Int) -> Int64? {
        guard !range.isEmpty else { return nil }
        var value: Int64 = 0
        var fraction = -1
        for byte in bytes(range) {
            if byte == 0x2E {
                guard fraction < 0 else { return nil }
                fraction = 0
                continue
            }
            let digit = byte &- 0x30
            guard digit < 10 else { return nil }
            if fraction >= 0 {
                fraction += 1
                guard fraction <= digits else { return nil }
            }
            let (shifted, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = shifted.addingReportingOverflow(Int64(digit))
            if o1 || o2 { return nil }
            value = sum
        }
        for _ in max(fraction, 0)..<digits {
            let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
            if overflow { return nil }
            value = shifted
        }
        return value
    }

    /// `YYYY-MM-DDTHH:MM:SS+HH:MM` (or `Z`), by Domain's one parser.
    private func parseTime(_ range: Range<Int>) -> Timestamp? {
        Timestamp(rfc3339: bytes(range))
    }
}
