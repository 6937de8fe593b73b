/// Reads the JSON objects Grock writes itself (objects of strings, integers, flags and objects,
/// no spaces, no escapes) without Foundation's `JSONDecoder`, for speed: `JSONDecoder` was a
/// third of a join's time and a fifth of merging 6,000 prices, and reading lines and orders here
/// took the join of 100,000 purchases from 5.5 s to 2.1 s (docs/PERFORMANCE.md). Each record
/// read in a merge's hot path (a cart and its lines, an item and its prices, a price seen) reads
/// these fields in its `init?(canonical:)`, beside its declaration and named by its `CodingKeys`.
/// Anything else (an escape, a space, an array inside an object, a repeated or unknown key, a
/// number beyond `Int64` or with a fraction) is not read here: the caller gets nil and reads it
/// with `JSONDecoder`, so the answer is always `JSONDecoder`'s, only sooner for what Grock wrote
/// (`CanonicalJSONTests` holds the two to that on every such record).
enum CanonicalJSON {
    enum Value {
        case text(String)
        case integer(Int64)
        case flag(Bool)
        case null
        case object([(key: String, value: Value)])
        /// `[]`: a thing's parts kept apart (an item's prices, a cart's lines) leave it empty.
        case emptyArray
    }

    /// The object's fields in order, or nil when it is not in the canonical form.
    static func fields(_ text: String) -> [(key: String, value: Value)]? {
        text.withByteReader(path: "") { reader in
            var scanner = Scanner(reader: reader)
            guard let fields = scanner.fields(), scanner.isAtEnd else { return nil }
            return fields
        }
    }

    /// A JSON string alone (an outbox entry's summary), or nil when it is not in the canonical form.
    static func string(_ text: String) -> String? {
        text.withByteReader(path: "") { reader in
            var scanner = Scanner(reader: reader)
            guard scanner.next() == UInt8(ascii: "\""), let string = scanner.string(), scanner.isAtEnd else { return nil }
            return string
        }
    }

    /// The array of strings (a cart's order), or nil when it is not in the canonical form.
    static func strings(_ text: String) -> [String]? {
        text.withByteReader(path: "") { reader in
            var scanner = Scanner(reader: reader)
            guard let strings = scanner.strings(), scanner.isAtEnd else { return nil }
            return strings
        }
    }

    private struct Scanner {
        let reader: ByteReader
        var position = 0

        var isAtEnd: Bool { position == reader.count }

        mutating func next() -> UInt8? {
            guard let byte = reader.byteIfPresent(at: position) else { return nil }
            position += 1
            return byte
        }

        mutating func skip(_ byte: UInt8) -> Bool {
            guard reader.byteIfPresent(at: position) == byte else { return false }
            position += 1
            return true
        }

        mutating func fields(depth: Int = 0) -> [(key: String, value: Value)]? {
            // Grock's records nest one level (a price's quotes): deeper is left to JSONDecoder.
            guard depth < 2, next() == UInt8(ascii: "{") else { return nil }
            var fields: [(key: String, value: Value)] = []
            if skip(UInt8(ascii: "}")) { return fields }
            repeat {
                guard next() == UInt8(ascii: "\""), let key = string(), next() == UInt8(ascii: ":"), let value = value(depth: depth),
                      !fields.contains(where: { $0.key == key }) else { return nil }
                fields.append((key, value))
            } while skip(UInt8(ascii: ","))
            return next() == UInt8(ascii: "}") ? fields : nil
        }

        mutating func strings() -> [String]? {
            guard next() == UInt8(ascii: "[") else { return nil }
            var strings: [String] = []
            if skip(UInt8(ascii: "]")) { return strings }
            repeat {
                guard next() == UInt8(ascii: "\""), let text = string() else { return nil }
                strings.append(text)
            } while skip(UInt8(ascii: ","))
            return next() == UInt8(ascii: "]") ? strings : nil
        }

        private mutating func value(depth: Int) -> Value? {
            let first = reader.byteIfPresent(at: position)
            if first == UInt8(ascii: "{") { return fields(depth: depth + 1).map(Value.object) }
            if first == UInt8(ascii: "[") {
                position += 1
                return skip(UInt8(ascii: "]")) ? .emptyArray : nil
            }
            guard let first = next() else { return nil }
            switch first {
            case UInt8(ascii: "\""): return string().map(Value.text)
            case UInt8(ascii: "t"): return literal("true") ? .flag(true) : nil
            case UInt8(ascii: "f"): return literal("false") ? .flag(false) : nil
            case UInt8(ascii: "n"): return literal("null") ? .null : nil
            default: return integer(first: first).map(Value.integer)
            }
        }

        /// A string's body after its opening quote; nil for an escape, a control character or
        /// bytes that are not UTF-8 (all of which JSONDecoder decides).
        mutating func string() -> String? {
            let start = position
            var isASCII = true
            while let byte = next() {
                if byte == UInt8(ascii: "\"") {
                    let body = reader.bytes(clamping: start..<position - 1)
                    return isASCII ? body.string : body.validString
                }
                if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
                if byte >= 0x80 { isASCII = false }
            }
            return nil
        }

        /// The rest of `word`, whose first letter was read.
        private mutating func literal(_ word: String) -> Bool {
            let count = word.utf8.count
            guard reader.bytes(clamping: (position - 1)..<(position - 1 + count)).elementsEqual(word.utf8) else { return false }
            position += count - 1
            return true
        }

        /// An integer without a fraction, exponent, leading zero or overflow.
        private mutating func integer(first: UInt8) -> Int64? {
            let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
            let negative = first == UInt8(ascii: "-")
            guard let leading = negative ? next() : first, digits.contains(leading),
                  !(leading == UInt8(ascii: "0") && negative) else { return nil }
            var value = Int64(leading - UInt8(ascii: "0"))
            while let digit = reader.byteIfPresent(at: position), digits.contains(digit) {
                guard value != 0 else { return nil }
                let (times, overflow) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflowAgain) = times.addingReportingOverflow(Int64(digit - UInt8(ascii: "0")))
                guard !overflow, !overflowAgain else { return nil }
                value = sum
                position += 1
            }
            return negative ? -value : value
        }
    }
}
