/// The distinct values of one field across many lines, compared as bytes so that a value
/// seen before costs no string. Values of up to 16 bytes (every id Grock makes) are compared
/// as two integers: a vault has thousands of items in a few dozen categories. `VaultIndex`
/// numbers the vault's stores and categories with it.
struct DistinctFields {
    private struct Short: Equatable {
        var words: (UInt64, UInt64) = (0, 0)
        var count = 0
        static func == (lhs: Short, rhs: Short) -> Bool {
            lhs.words.0 == rhs.words.0 && lhs.words.1 == rhs.words.1 && lhs.count == rhs.count
        }
    }
    private var short: [(key: Short, slot: UInt32)] = []
    private var long: [(bytes: [UInt8], slot: UInt32)] = []
    private var last = 0
    /// The distinct values, numbered by when they were first seen.
    private(set) var strings: [String] = []

    /// - Returns: the value's number in `strings`.
    @discardableResult
    mutating func insert(_ field: ByteSlice) -> UInt32 {
        let slot = UInt32(truncatingIfNeeded: strings.count)
        if field.count <= 16 {
            // The bytes as two words, zeros past the end: with the count, equal keys are equal bytes.
            let key = Short(words: (field.integer(paddedFrom: field.startIndex), field.integer(paddedFrom: field.startIndex + 8)),
                            count: field.count)
            // Neighbouring items are often in one category: the last one found is tried first.
            if last < short.count && short[last].key == key { return short[last].slot }
            for index in short.indices where short[index].key == key {
                last = index
                return short[index].slot
            }
            last = short.count
            short.append((key, slot))
        } else {
            if let known = long.first(where: { field.elementsEqual($0.bytes) }) { return known.slot }
            long.append((Array(field), slot))
        }
        strings.append(field.string)
        return slot
    }
}
