/// Exact parsing and formatting of non-negative decimal text as a scaled integer.
///
/// Accepted: digits, optionally followed by `.` and up to `fractionDigits` digits
/// (`"3"`, `"3.49"`, `"0.5"`, `".5"`). Rejected: signs, exponents, grouping separators,
/// a decimal comma, `nan`/`inf`, and anything else — a grocery price has one obvious spelling,
/// and accepting `1,234` would make `1,5` (a decimal comma) silently mean fifteen hundred.
enum DecimalText {
    enum Failure: Error, Equatable {
        case malformed
        case tooManyDecimals
        case overflow
    }

    /// The value of `text` times 10^`fractionDigits`.
    static func parse(_ text: String, fractionDigits: Int) -> Result<Int64, Failure> {
        // Read as bytes: a join parses the quantity of every line of history.
        let trimmed = text.trimmingWhitespace().utf8
        let dot = trimmed.firstIndex(of: UInt8(ascii: "."))
        let whole = trimmed[..<(dot ?? trimmed.endIndex)]
        let fraction = dot.map { trimmed[trimmed.index(after: $0)...] } ?? trimmed[trimmed.endIndex...]
        let isDigit = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        guard whole.allSatisfy(isDigit), fraction.allSatisfy(isDigit), !(whole.isEmpty && fraction.isEmpty) else { return .failure(.malformed) }
        let significantFraction = fraction.count - fraction.reversed().prefix { $0 == UInt8(ascii: "0") }.count
        guard significantFraction <= fractionDigits else { return .failure(.tooManyDecimals) }
        var value: Int64 = 0
        let digits = whole.map { Int64($0 - UInt8(ascii: "0")) } + fraction.prefix(fractionDigits).map { Int64($0 - UInt8(ascii: "0")) }
            + repeatElement(0, count: max(0, fractionDigits - fraction.count))
        for digit in digits {
            let (shifted, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = shifted.addingReportingOverflow(digit)
            if o1 || o2 { return .failure(.overflow) }
            value = sum
        }
        return .success(value)
    }

    /// `value` / 10^`fractionDigits` written out with exactly `fractionDigits` decimals.
    static func format(_ value: Int64, fractionDigits: Int) -> String {
        let negative = value < 0
        let magnitude = value.magnitude
        var digits = String(magnitude)
        if fractionDigits > 0 {
            if digits.count <= fractionDigits {
                digits = String(repeating: "0", count: fractionDigits - digits.count + 1) + digits
            }
            digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -fractionDigits))
        }
        return negative ? "-" + digits : digits
    }
}

extension Character {
    var isASCIIDigit: Bool { asciiValue.map { $0 >= 48 && $0 <= 57 } ?? false }
}

extension StringProtocol {
    /// The text without leading and trailing spaces, tabs and newlines.
    func trimmingWhitespace() -> String {
        // Printable ASCII at both ends is no space (and the common case).
        if let first = utf8.first, let last = utf8.reversed().first, (0x21..<0x7F).contains(first), (0x21..<0x7F).contains(last) { return String(self) }
        let isSpace: (Character) -> Bool = { $0.isWhitespace }
        guard let start = firstIndex(where: { !isSpace($0) }),
              let end = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[start...end])
    }
}
