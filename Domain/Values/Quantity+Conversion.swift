extension Quantity {
    /// This quantity of `unit` expressed in `other`, when that is exact to a thousandth
    /// (1.2 kg is 1200 g; 1 lb is no whole number of thousandths of a kg).
    public func converted(from unit: PriceUnit, to other: PriceUnit) -> Quantity? {
        guard let ratio = unit.ratio(to: other), let value = Int128.exactProduct(Int128(thousandths), ratio.numerator) else { return nil }
        guard value % ratio.denominator == 0, let result = Int64(exactly: value / ratio.denominator), result > 0 else { return nil }
        return Quantity(thousandths: result)
    }

    /// This quantity of `unit` in `other` to the nearest thousandth (1.20 lb is 544.311 g);
    /// nil when they measure different things or it rounds to nothing.
    func nearestConversion(from unit: PriceUnit, to other: PriceUnit) -> Quantity? {
        guard let ratio = unit.ratio(to: other), let value = Int128.exactProduct(2, Int128(thousandths), ratio.numerator),
              let twice = Int128.exactProduct(2, ratio.denominator) else { return nil }
        let (sum, overflow) = value.addingReportingOverflow(ratio.denominator)
        guard !overflow else { return nil }
        let rounded = sum / twice
        guard let result = Int64(exactly: rounded), result > 0 else { return nil }
        return Quantity(thousandths: result)
    }
}
