extension Money {
    /// The cost of `quantity` of `unit` at this price per `basis`, rounded half-to-even once
    /// (250 g at 9.16/kg is 2.29); nil when the two measure different things.
    /// - Throws: `DomainError.amountOverflow`.
    public func cost(of quantity: Quantity, in unit: PriceUnit, per basis: PriceUnit) throws -> Money? {
        guard let ratio = unit.ratio(to: basis) else { return nil }
        if ratio == (1, 1) { return try times(quantity) }
        guard let value = Int128.exactProduct(Int128(minorUnits), Int128(quantity.thousandths), ratio.numerator),
              let divisor = Int128.exactProduct(1000, ratio.denominator) else { throw DomainError.amountOverflow }
        return Money(minorUnits: try Rounding.halfEven(value, dividedBy: divisor), currency: currency)
    }

    /// This price per `basis` expressed per `other`, rounded half-to-even (3.00/kg is 1.36/lb,
    /// 2.29 per pack of 250 g is 9.16/kg); nil when they measure different things.
    /// - Throws: `DomainError.amountOverflow`.
    public func per(_ basis: PriceUnit, convertedTo other: PriceUnit) throws -> Money? {
        guard let ratio = other.ratio(to: basis) else { return nil }
        if ratio == (1, 1) { return self }
        guard let value = Int128.exactProduct(Int128(minorUnits), ratio.numerator) else { throw DomainError.amountOverflow }
        return Money(minorUnits: try Rounding.halfEven(value, dividedBy: ratio.denominator), currency: currency)
    }
}
