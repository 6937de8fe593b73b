/// An exact, positive amount of some unit, to a thousandth: 1.5 kg, 3 each, 0.25 l.
public struct Quantity: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The quantity times 1000.
    public let thousandths: Int64

    public init(thousandths: Int64) { self.thousandths = thousandths }

    public init(_ whole: Int) { self.thousandths = Int64(whole) * 1000 }

    public static let one = Quantity(1)

    /// Parses a quantity typed by a person: `2`, `1.5`, `0.25` (at most 3 decimals).
    /// - Throws: `DomainError.invalidQuantity` for anything else, zero included.
    public init(parsing text: String) throws {
        guard case .success(let value) = DecimalText.parse(text, fractionDigits: 3) else {
            throw DomainError.invalidQuantity(text)
        }
        guard value > 0 else { throw DomainError.invalidQuantity(text) }
        self.thousandths = value
    }

    /// The shortest exact text: `2`, `1.5`, `0.25`.
    public var description: String {
        var text = DecimalText.format(thousandths, fractionDigits: 3)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    public static func < (lhs: Quantity, rhs: Quantity) -> Bool { lhs.thousandths < rhs.thousandths }

    /// - Throws: `DomainError.invalidQuantity` when the sum is too large.
    public func adding(_ other: Quantity) throws -> Quantity {
        let (sum, overflow) = thousandths.addingReportingOverflow(other.thousandths)
        guard !overflow else { throw DomainError.invalidQuantity("\(self) + \(other)") }
        return Quantity(thousandths: sum)
    }
}
