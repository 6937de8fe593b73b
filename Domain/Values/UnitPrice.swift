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
    /// unknown contents: per pack); nil when they measure different things, or when their packs
    /// are too far apart to compare exactly (only a damaged or forged file's).
    public func isCheaper(than other: UnitPrice) -> Bool? {
        // price / size compared by cross-multiplication, so no rounding enters the comparison.
        guard let ratio = basis.ratio(to: other.basis), let this = Int128.exactProduct(Int128(price.minorUnits), ratio.denominator),
              let that = Int128.exactProduct(Int128(other.price.minorUnits), ratio.numerator) else { return nil }
        return this < that
    }

    /// `3.49/kg`, `2.29/pack of 250 g`.
    public var description: String { "\(price.amountText)/\(basis)" }

    /// The price as a person compares it: a pack with contents adds its normalised price,
    /// `2.29/pack of 250 g (9.16/kg)`; other prices as `description`.
    public var comparedText: String {
        // A normalised price too large to hold is left out: the price itself is still shown.
        guard basis.pack != nil, let normal = try? normalised() else { return description }
        return "\(description) (\(normal.price.amountText)/\(normal.basis))"
    }
}
