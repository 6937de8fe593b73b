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
