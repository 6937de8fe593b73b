/// Builds the bytes of a file that mixes text lines in the compact line format (`LineFormat`)
/// with little-endian binary integers (the spending cache): what `ByteReader` reads back. It
/// only appends, to an array that grows as needed, so no write can land outside it.
struct ByteWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// How many bytes are written: the offset of the next one.
    var count: Int { bytes.count }

    /// Appends fields joined by tabs and a line break (`LineFormat.line`).
    mutating func line(_ fields: [String]) {
        LineFormat.line(fields, to: &bytes)
    }

    mutating func append(_ other: [UInt8]) {
        bytes.append(contentsOf: other)
    }

    /// Appends `value` as little-endian bytes.
    mutating func integer<T: FixedWidthInteger>(_ value: T) {
        for shift in stride(from: 0, to: T.bitWidth, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> shift)) }
    }

    /// Appends `values` as little-endian bytes, one after another: on a little-endian machine
    /// (every one Grock runs on) the array's memory as it is, in one copy.
    mutating func integers<T: FixedWidthInteger>(_ values: [T]) {
        if T(1).littleEndian == T(1) {
            // The array's memory as bytes, appended in one copy (a column of 100,000 values).
            values.withUnsafeBytes { bytes.append(contentsOf: $0) }
        } else {
            for value in values { integer(value) }
        }
    }
}
