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

    /// The unit's name as typed and stored: `kg`, `each`.
    public var description: String { rawValue }

    /// What it measures: units of one dimension convert exactly, of two never.
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

/// A price for one unit of something: 3.49 per kg, 2.29 per pack of 250 g.
public struct UnitPrice: Sendable, Hashable, CustomStringConvertible {
    /// The price of one `basis`.
    public let price: Money
    /// What the price is per.
    public let basis: PriceUnit

    /// `price` per one `unit`.
    public init(_ price: Money, per unit: MeasureUnit) {
        self.init(price, per: PriceUnit(unit))
    }

    /// `price` per one `basis`, such as a pack of 250 g.
    public init(_ price: Money, per basis: PriceUnit) {
        self.price = price
        self.basis = basis
    }

    /// The unit of `basis`: `pack` for a price per pack.
    public var unit: MeasureUnit { basis.unit }

    /// The same price per the dimension's base unit (per kg, per l, per each), for comparison:
    /// 2.29 per pack of 250 g is 9.16/kg. A pack of unknown contents stays per pack.
    public func normalised() throws -> UnitPrice {
        let base = PriceUnit(basis.baseUnit)
        // A unit always converts to its own dimension's base (a pack to a pack): were it not to,
        // the price as it is still compares with others of its unit.
        return try price.per(basis, convertedTo: base).map { UnitPrice($0, per: base) } ?? self
    }

    /// Whether this is cheaper than `other`, comparing exactly in base units (prices per pack of
    /// unknown contents: per pack); nil when they measure different things.
    public func isCheaper(than other: UnitPrice) -> Bool? {
        guard let ratio = basis.ratio(to: other.basis) else { return nil }
        // price / size compared by cross-multiplication, so no rounding enters the comparison.
        return Int128(price.minorUnits) * ratio.denominator < Int128(other.price.minorUnits) * ratio.numerator
    }

    /// `3.49/kg`, `2.29/pack of 250 g`.
    public var description: String { "\(price.amountText)/\(basis)" }

    /// The price as a person compares it: a pack with contents adds its normalised price,
    /// `2.29/pack of 250 g (9.16/kg)`; other prices as `description`.
    public var comparedText: String {
        guard basis.pack != nil, let normal = try? normalised() else { return description }
        return "\(description) (\(normal.price.amountText)/\(normal.basis))"
    }
}
