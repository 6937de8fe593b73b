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

    /// How many base units one of this is, as an exact fraction. A pack holds at most what an
    /// Int64 of thousandths does, so this is at most about 2^63 × 4.6e7 over 1000 × 1.6e9: it fits.
    var size: (numerator: Int128, denominator: Int128) {
        guard let pack else { return unit.sizeInBaseUnits }
        let contents = pack.unit.sizeInBaseUnits
        return (Int128(pack.quantity.thousandths) * contents.numerator, 1000 * contents.denominator)
    }

    /// How many of `other` one of this is (1 kg is 4 packs of 250 g; a pack of 500 g is 2 of
    /// 250 g), exactly; nil when they measure different things (kg and each), or when the packs'
    /// contents are too far apart to say exactly (only a damaged or forged file's: a person types
    /// at most `PackSize.maximum`). A pack of unknown contents is one for one with any pack.
    func ratio(to other: PriceUnit) -> (numerator: Int128, denominator: Int128)? {
        if unit == other.unit && (pack == other.pack || pack == nil || other.pack == nil) { return (1, 1) }
        guard dimension == other.dimension else { return nil }
        let from = size, to = other.size
        guard let numerator = Int128.exactProduct(from.numerator, to.denominator),
              let denominator = Int128.exactProduct(from.denominator, to.numerator) else { return nil }
        return (numerator, denominator)
    }

    /// Whether a person could have typed it (a pack no larger than `PackSize.maximum`).
    public var isTypable: Bool { pack?.isTypable ?? true }

    /// Whether a quantity in this unit can be priced per `other`.
    public func converts(to other: PriceUnit) -> Bool { ratio(to: other) != nil }

    /// `kg`, or `pack of 250 g`.
    public var description: String { pack.map { "pack of \($0)" } ?? unit.rawValue }
}
