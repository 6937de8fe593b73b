/// An exact, positive amount of some unit, to a thousandth: 1.5 kg, 3 each, 0.25 l.
public struct Quantity: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The quantity times 1000.
    public let thousandths: Int64

    /// A quantity of `thousandths` / 1000 units, as stored; unchecked against `maximum`.
    public init(thousandths: Int64) { self.thousandths = thousandths }

    /// A whole number of units.
    public init(_ whole: Int) { self.thousandths = Int64(whole) * 1000 }

    /// One unit: the quantity of a line when none is given.
    public static let one = Quantity(1)

    /// The largest quantity of a line, in any unit: 100,000 (see `Money.maximum` for why).
    public static let maximum = Quantity(100_000)

    /// Parses a quantity typed by a person: `2`, `1.5`, `0.25` (at most 3 decimals), at most
    /// `maximum`.
    /// - Parameter bounded: false for text Grock wrote itself, which may predate the maximum.
    /// - Throws: `DomainError.invalidQuantity` for anything else, zero included;
    ///   `DomainError.tooLarge` above the maximum.
    public init(parsing text: String, bounded: Bool = true) throws {
        switch DecimalText.parse(text, fractionDigits: 3) {
        case .success(let value):
            guard value > 0 else { throw DomainError.invalidQuantity(text) }
            guard !bounded || value <= Quantity.maximum.thousandths else {
                throw DomainError.tooLarge(text, kind: "quantity", maximum: Quantity.maximum.description)
            }
            self.thousandths = value
        case .failure(.overflow) where bounded: throw DomainError.tooLarge(text, kind: "quantity", maximum: Quantity.maximum.description)
        case .failure: throw DomainError.invalidQuantity(text)
        }
    }

    /// The shortest exact text: `2`, `1.5`, `0.25`.
    public var description: String {
        // In integers: a history writes one per line it holds.
        let whole = thousandths.magnitude / 1000
        var fraction = thousandths.magnitude % 1000
        let sign = thousandths < 0 ? "-" : ""
        guard fraction != 0 else { return sign + String(whole) }
        var digits = 3
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        let text = String(fraction)
        return sign + String(whole) + "." + String(repeating: "0", count: digits - text.utf8.count) + text
    }

    /// Compares thousandths; the unit is not part of a quantity.
    public static func < (lhs: Quantity, rhs: Quantity) -> Bool { lhs.thousandths < rhs.thousandths }

    /// This quantity times `other` (3 packs of 250 g hold 750 g), when that is exact to a
    /// thousandth and no more than `maximum`; nil otherwise.
    public func times(_ other: Quantity) -> Quantity? {
        let product = Int128(thousandths) * Int128(other.thousandths)
        guard product % 1000 == 0, let result = Int64(exactly: product / 1000), result > 0,
              result <= Quantity.maximum.thousandths else { return nil }
        return Quantity(thousandths: result)
    }

    /// - Throws: `DomainError.tooLarge` when the sum is more than `maximum`.
    public func adding(_ other: Quantity) throws -> Quantity {
        let (sum, overflow) = thousandths.addingReportingOverflow(other.thousandths)
        guard !overflow, sum <= Quantity.maximum.thousandths else {
            throw DomainError.tooLarge("\(self) + \(other)", kind: "quantity", maximum: Quantity.maximum.description)
        }
        return Quantity(thousandths: sum)
    }
}
