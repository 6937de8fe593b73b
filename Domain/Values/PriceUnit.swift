/// What a pack holds: 250 g, 1.5 l, 6 each.
public struct PackSize: Sendable, Hashable, CustomStringConvertible {
    /// How much one pack holds, in `unit`.
    public let quantity: Quantity
    /// Never `.pack`: a pack holds weight, volume or a count.
    public let unit: MeasureUnit

    /// nil for `.pack`: a pack holds weight, volume or a count, not packs.
    public init?(_ quantity: Quantity, _ unit: MeasureUnit) {
        guard unit != .pack else { return nil }
        self.quantity = quantity
        self.unit = unit
    }

    /// Parses `250g`, `250 g`, `1.5l`, `6` (a count) or `6 each`.
    /// - Throws: `DomainError.invalidPack` naming the text and what is wrong.
    public init(parsing text: String) throws {
        let trimmed = text.trimmingWhitespace()
        let number = String(trimmed.prefix { $0.isASCII && ($0.isNumber || $0 == ".") })
        let rest = String(trimmed.dropFirst(number.count)).trimmingWhitespace()
        guard !number.isEmpty else { throw DomainError.invalidPack(text, reason: "write what one pack holds, like 250g, 1.5l or 6") }
        let quantity: Quantity
        do { quantity = try Quantity(parsing: number) } catch { throw DomainError.invalidPack(text, reason: "\(error)") }
        let unit: MeasureUnit
        do { unit = rest.isEmpty ? .each : try MeasureUnit(parsing: rest) } catch {
            throw DomainError.invalidPack(text, reason: "\(Echo.quoted(rest)) is not a unit of weight, volume or count")
        }
        guard let pack = PackSize(quantity, unit) else { throw DomainError.invalidPack(text, reason: "a pack holds weight, volume or a count, not packs") }
        self = pack
    }

    /// `250 g`, as typed back.
    public var description: String { "\(quantity) \(unit)" }
}

/// What a price is per: a unit (per kg), or a pack with what it holds (per pack of 250 g).
///
/// Prices per units of one dimension compare and convert exactly (3.00/kg is 1.36/lb); a pack
/// with known contents is measured by them, so 2.29 per pack of 250 g compares as 9.16/kg.
public struct PriceUnit: Sendable, Hashable, CustomStringConvertible {
    /// The unit, `pack` for a price per pack.
    public let unit: MeasureUnit
    /// What one pack holds; only when `unit` is `.pack`.
    public let pack: PackSize?

    /// Per one `unit`; for `.pack`, a pack of unknown contents.
    public init(_ unit: MeasureUnit) {
        self.unit = unit
        self.pack = nil
    }

    /// Per a pack holding `pack`.
    public init(pack: PackSize) {
        self.unit = .pack
        self.pack = pack
    }

    /// What the price measures: a pack with contents measures what it holds.
    public var dimension: MeasureUnit.Dimension { pack?.unit.dimension ?? unit.dimension }

    /// The base unit normalised prices are quoted in (per kg, per l, per each).
    public var baseUnit: MeasureUnit { pack?.unit.baseUnit ?? unit.baseUnit }

    /// How many base units one of this is, as an exact fraction.
    var size: (numerator: Int128, denominator: Int128) {
        guard let pack else { return unit.sizeInBaseUnits }
        let contents = pack.unit.sizeInBaseUnits
        return (Int128(pack.quantity.thousandths) * contents.numerator, 1000 * contents.denominator)
    }

    /// How many of `other` one of this is (1 kg is 4 packs of 250 g; a pack of 500 g is 2 of
    /// 250 g), exactly; nil when they measure different things (kg and each). A pack of unknown
    /// contents is one for one with any pack.
    func ratio(to other: PriceUnit) -> (numerator: Int128, denominator: Int128)? {
        if unit == other.unit && (pack == other.pack || pack == nil || other.pack == nil) { return (1, 1) }
        guard dimension == other.dimension else { return nil }
        let from = size, to = other.size
        return (from.numerator * to.denominator, from.denominator * to.numerator)
    }

    /// Whether a quantity in this unit can be priced per `other`.
    public func converts(to other: PriceUnit) -> Bool { ratio(to: other) != nil }

    /// `kg`, or `pack of 250 g`.
    public var description: String { pack.map { "pack of \($0)" } ?? unit.rawValue }
}

extension Quantity {
    /// This quantity of `unit` expressed in `other`, when that is exact to a thousandth
    /// (1.2 kg is 1200 g; 1 lb is no whole number of thousandths of a kg).
    public func converted(from unit: PriceUnit, to other: PriceUnit) -> Quantity? {
        guard let ratio = unit.ratio(to: other) else { return nil }
        let value = Int128(thousandths) * ratio.numerator
        guard value % ratio.denominator == 0, let result = Int64(exactly: value / ratio.denominator), result > 0 else { return nil }
        return Quantity(thousandths: result)
    }

    /// This quantity of `unit` in `other` to the nearest thousandth (1.20 lb is 544.311 g);
    /// nil when they measure different things or it rounds to nothing.
    func nearestConversion(from unit: PriceUnit, to other: PriceUnit) -> Quantity? {
        guard let ratio = unit.ratio(to: other) else { return nil }
        let value = Int128(thousandths) * ratio.numerator
        let rounded = (2 * value + ratio.denominator) / (2 * ratio.denominator)
        guard let result = Int64(exactly: rounded), result > 0 else { return nil }
        return Quantity(thousandths: result)
    }
}

extension Money {
    /// The cost of `quantity` of `unit` at this price per `basis`, rounded half-to-even once
    /// (250 g at 9.16/kg is 2.29); nil when the two measure different things.
    /// - Throws: `DomainError.amountOverflow`.
    public func cost(of quantity: Quantity, in unit: PriceUnit, per basis: PriceUnit) throws -> Money? {
        guard let ratio = unit.ratio(to: basis) else { return nil }
        if ratio == (1, 1) { return try times(quantity) }
        let value = Int128(minorUnits) * Int128(quantity.thousandths) * ratio.numerator
        return Money(minorUnits: try Rounding.halfEven(value, dividedBy: 1000 * ratio.denominator), currency: currency)
    }

    /// This price per `basis` expressed per `other`, rounded half-to-even (3.00/kg is 1.36/lb,
    /// 2.29 per pack of 250 g is 9.16/kg); nil when they measure different things.
    /// - Throws: `DomainError.amountOverflow`.
    public func per(_ basis: PriceUnit, convertedTo other: PriceUnit) throws -> Money? {
        guard let ratio = other.ratio(to: basis) else { return nil }
        if ratio == (1, 1) { return self }
        return Money(minorUnits: try Rounding.halfEven(Int128(minorUnits) * ratio.numerator, dividedBy: ratio.denominator), currency: currency)
    }
}
