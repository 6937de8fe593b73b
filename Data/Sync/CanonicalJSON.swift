/// Reads the JSON Grock writes itself (objects and arrays of strings, integers, flags and
/// objects, no spaces, no escapes) without Foundation's `JSONDecoder`, into any `Decodable`
/// through its own `Codable` conformance, so a record's fields are declared once. It is here for
/// speed: `JSONDecoder` was a third of a join's time and a fifth of merging 6,000 prices;
/// reading lines and orders here took the join of 100,000 purchases from 5.5 s to 2.1 s
/// (docs/PERFORMANCE.md). Anything else (an escape, a space, a repeated key, a number beyond
/// `Int64` or with a fraction, nesting deeper than a price's quotes) is not read here: the
/// caller gets nil and reads it with `JSONDecoder`, so the answer is always `JSONDecoder`'s, only
/// sooner for what Grock wrote (`CanonicalJSONTests` holds the two to that on every record kind).
enum CanonicalJSON {
    enum Value {
        case text(String)
        case integer(Int64)
        case flag(Bool)
        case null
        case object([(key: String, value: Value)])
        case array([Value])
    }

    /// The value of `text` as `type`, or nil when `JSONDecoder` must read it (also when it
    /// would refuse it: then it says why).
    static func decode<T: Decodable>(_ type: T.Type, _ text: String) -> T? {
        guard let value = value(text) else { return nil }
        return try? T(from: ValueDecoder(value: value))
    }

    /// The whole of `text` as one value, or nil when it is not in the canonical form.
    static func value(_ text: String) -> Value? {
        text.withByteReader(path: "") { reader in
            var scanner = Scanner(reader: reader)
            guard let value = scanner.value(depth: 0), scanner.isAtEnd else { return nil }
            return value
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

        /// A value inside `depth` containers. Grock's parts nest one level (a price's quotes, a
        /// cart's empty lines): a container inside a nested one is left to JSONDecoder.
        mutating func value(depth: Int) -> Value? {
            guard let first = next() else { return nil }
            switch first {
            case UInt8(ascii: "{"): return depth < 2 ? fields(depth: depth).map(Value.object) : nil
            case UInt8(ascii: "["): return depth < 2 ? elements(depth: depth).map(Value.array) : nil
            case UInt8(ascii: "\""): return string().map(Value.text)
            case UInt8(ascii: "t"): return literal("true") ? .flag(true) : nil
            case UInt8(ascii: "f"): return literal("false") ? .flag(false) : nil
            case UInt8(ascii: "n"): return literal("null") ? .null : nil
            default: return integer(first: first).map(Value.integer)
            }
        }

        /// An object's fields after its `{`; nil for a key written twice.
        private mutating func fields(depth: Int) -> [(key: String, value: Value)]? {
            var fields: [(key: String, value: Value)] = []
            if skip(UInt8(ascii: "}")) { return fields }
            repeat {
                guard next() == UInt8(ascii: "\""), let key = string(), next() == UInt8(ascii: ":"), let value = value(depth: depth + 1),
                      !fields.contains(where: { $0.key == key }) else { return nil }
                fields.append((key, value))
            } while skip(UInt8(ascii: ","))
            return next() == UInt8(ascii: "}") ? fields : nil
        }

        /// An array's elements after its `[`.
        private mutating func elements(depth: Int) -> [Value]? {
            var elements: [Value] = []
            if skip(UInt8(ascii: "]")) { return elements }
            repeat {
                guard let element = value(depth: depth + 1) else { return nil }
                elements.append(element)
            } while skip(UInt8(ascii: ","))
            return next() == UInt8(ascii: "]") ? elements : nil
        }

        /// A string's body after its opening quote; nil for an escape, a control character or
        /// bytes that are not UTF-8 (all of which JSONDecoder decides).
        private mutating func string() -> String? {
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
            guard let leading = negative ? next() : first, digits.contains(leading), !(leading == UInt8(ascii: "0") && negative) else { return nil }
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
