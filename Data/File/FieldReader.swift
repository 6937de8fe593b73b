#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Domain

/// Reads the fields of one line of a compact file, in place, on the file's `ByteReader`.
struct FieldReader {
    let source: ByteReader
    private(set) var position: Int
    let end: Int
    let lineNumber: Int

    var bytes: UnsafeBufferPointer<UInt8> { source.bytes }
    var path: String { source.path }

    /// A reader of the fields in `start..<end`. An end past the bytes is cut to them, so that
    /// every field it hands out is inside them; a start past the end has no field.
    init(_ source: ByteReader, from start: Int, to end: Int, lineNumber: Int) {
        self.source = source
        self.position = max(start, 0)
        self.end = min(end, source.count)
        self.lineNumber = lineNumber
    }

    init(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, lineNumber: Int, path: String) {
        self.init(ByteReader(bytes, path: path), from: start, to: end, lineNumber: lineNumber)
    }

    func failure(_ reason: String) -> StorageError {
        StorageError.unreadable(path: path, reason: "line \(lineNumber): \(reason)")
    }

    /// The next field's byte range; the end of the line is an error.
    mutating func next() throws -> Range<Int> {
        guard position <= end else { throw failure("too few fields") }
        let start = position
        var index = start
        while index < end && bytes[index] != 0x09 { index += 1 }
        position = index + 1
        return start..<index
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
        guard range.count == 1, bytes[range.lowerBound] == 0x30 || bytes[range.lowerBound] == 0x31 else {
            throw failure("\"\(string(range))\" is not 0 or 1")
        }
        return bytes[range.lowerBound] == 0x31
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
        let first = range.isEmpty ? 0 : bytes[range.lowerBound], second = range.count > 1 ? bytes[range.lowerBound + 1] : 0
        let unit: MeasureUnit? = switch (range.count, first, second) {
        case (4, 0x65, _): .each
        case (4, 0x70, _): .pack
        case (1, 0x67, _): .g
        case (2, 0x6B, 0x67): .kg
        case (2, 0x6C, 0x62): .lb
        case (2, 0x6F, 0x7A): .oz
        case (2, 0x6D, 0x6C): .ml
        case (1, 0x6C, _): .l
        default: nil
        }
        guard let unit, unit.rawValue.utf8.count == range.count,
              unit.rawValue.withCString({ memcmp($0, source.clamped(range).start, range.count) == 0 }) else {
            throw failure("\"\(string(range))\" is not a unit")
        }
        return unit
    }

    /// A price's basis (`kg`, `pack:250g`): see `UnitText`.
    mutating func basis() throws -> PriceUnit {
        let range = try peekRange()
        guard range.contains(where: { bytes[$0] == 0x3A }) else { return PriceUnit(try unit()) }
        _ = try next()
        guard let basis = UnitText.parseBasis(Substring(string(range))) else { throw failure("\"\(string(range))\" is not a unit") }
        return basis
    }

    /// A cart line's unit and what its prices are per (`g/kg`): see `UnitText`.
    mutating func lineUnits() throws -> (unit: MeasureUnit, basis: PriceUnit) {
        let range = try peekRange()
        guard range.contains(where: { bytes[$0] == 0x2F }) else {
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
        String(decoding: source.clamped(range), as: UTF8.self)
    }

    private func unescape(_ range: Range<Int>) throws -> String {
        var index = range.lowerBound
        while index < range.upperBound && bytes[index] != 0x5C { index += 1 }
        if index == range.upperBound { return string(range) }
        var output: [UInt8] = Array(bytes[range.lowerBound..<index])
        while index < range.upperBound {
            let byte = bytes[index]
            index += 1
            guard byte == 0x5C else { output.append(byte); continue }
            guard index < range.upperBound else { throw failure("a field ends in a lone backslash") }
            switch bytes[index] {
            case 0x5C: output.append(0x5C)
            case 0x74: output.append(0x09)
            case 0x6E: output.append(0x0A)
            case 0x72: output.append(0x0D)
            default: throw failure("unknown escape \\\(Character(Unicode.Scalar(bytes[index])))")
            }
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    private func parseInteger(_ range: Range<Int>) -> Int64? {
        guard !range.isEmpty else { return nil }
        var index = range.lowerBound
        let negative = bytes[index] == 0x2D
        if negative { index += 1 }
        guard index < range.upperBound else { return nil }
        var value: Int64 = 0
        while index < range.upperBound {
            let digit = bytes[index] &- 0x30
            guard digit < 10 else { return nil }
            let (shifted, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = shifted.addingReportingOverflow(Int64(digit))
            if o1 || o2 { return nil }
            value = sum
            index += 1
        }
        return negative ? -value : value
    }

    private func parseDecimal(_ range: Range<Int>, digits: Int) -> Int64? {
        guard !range.isEmpty else { return nil }
        var value: Int64 = 0
        var fraction = -1
        for index in range {
            let byte = bytes[index]
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
        Timestamp(rfc3339: UnsafeBufferPointer(rebasing: bytes[range]))
    }
}
