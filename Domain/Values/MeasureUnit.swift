/// How an item is counted or weighed. Units of one dimension convert into each other exactly.
public enum MeasureUnit: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case each, pack, g, kg, lb, oz, ml, l

    /// What a unit measures; prices compare only within one dimension.
    public enum Dimension: Sendable, Hashable {
        case count, pack, mass, volume
    }

    /// Parses a unit name in any case (`KG`, `each`, also `pc`, `piece`, `litre`).
    /// - Throws: `DomainError.unknownUnit`.
    public init(parsing text: String) throws {
        let key = text.trimmingWhitespace().lowercased()
        let aliases: [String: MeasureUnit] = [
            "pc": .each, "pcs": .each, "piece": .each, "pieces": .each, "ea": .each, "packs": .pack,
            "gram": .g, "grams": .g, "kilo": .kg, "kilogram": .kg, "kilograms": .kg, "lbs": .lb,
            "pound": .lb, "pounds": .lb, "ounce": .oz, "ounces": .oz, "litre": .l, "liter": .l,
            "litres": .l, "liters": .l, "millilitre": .ml, "milliliter": .ml,
        ]
        guard let unit = MeasureUnit(rawValue: key) ?? aliases[key] else { throw DomainError.unknownUnit(text) }
        self = unit
    }

    public var description: String { rawValue }

    public var dimension: Dimension {
        switch self {
        case .each: .count
        case .pack: .pack
        case .g, .kg, .lb, .oz: .mass
        case .ml, .l: .volume
        }
    }

    /// The unit normalised prices are quoted in: per kg, per l, per each, per pack.
    public var baseUnit: MeasureUnit {
        switch dimension {
        case .count: .each
        case .pack: .pack
        case .mass: .kg
        case .volume: .l
        }
    }

    /// How many base units one of this unit is, as an exact fraction (1 lb = 0.45359237 kg).
    var sizeInBaseUnits: (numerator: Int128, denominator: Int128) {
        switch self {
        case .each, .pack, .kg, .l: (1, 1)
        case .g, .ml: (1, 1000)
        case .lb: (45_359_237, 100_000_000)
        case .oz: (45_359_237, 1_600_000_000)
        }
    }
}

extension Money {
    /// This price per `unit` expressed per `other` unit of the same dimension, rounded
    /// half-to-even (3.00 per kg is 1.36 per lb), or nil across dimensions.
    /// - Throws: `DomainError.amountOverflow`.
    public func perUnit(_ unit: MeasureUnit, convertedTo other: MeasureUnit) throws -> Money? {
        guard unit.dimension == other.dimension else { return nil }
        if unit == other { return self }
        let from = unit.sizeInBaseUnits, to = other.sizeInBaseUnits
        let numerator = Int128(minorUnits) * to.numerator * from.denominator
        let denominator = to.denominator * from.numerator
        return Money(minorUnits: try Rounding.halfEven(numerator, dividedBy: denominator), currency: currency)
    }
}

/// A price for one unit of something: 3.49 per kg.
public struct UnitPrice: Sendable, Hashable, CustomStringConvertible {
    public let price: Money
    public let unit: MeasureUnit

    public init(_ price: Money, per unit: MeasureUnit) {
        self.price = price
        self.unit = unit
    }

    /// The same price per the dimension's base unit (per kg, per l, per each), for comparison.
    public func normalised() throws -> UnitPrice {
        UnitPrice(try price.perUnit(unit, convertedTo: unit.baseUnit)!, per: unit.baseUnit)
    }

    /// Whether this is cheaper than `other`, comparing exactly in base units; nil across dimensions.
    public func isCheaper(than other: UnitPrice) -> Bool? {
        guard unit.dimension == other.unit.dimension else { return nil }
        // price / size compared by cross-multiplication, so no rounding enters the comparison.
        let lhs = Int128(price.minorUnits) * unit.sizeInBaseUnits.denominator * other.unit.sizeInBaseUnits.numerator
        let rhs = Int128(other.price.minorUnits) * other.unit.sizeInBaseUnits.denominator * unit.sizeInBaseUnits.numerator
        return lhs < rhs
    }

    public var description: String { "\(price.amountText)/\(unit)" }
}
