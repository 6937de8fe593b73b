/// How Grock rounds: exactly, in integers, half to even (banker's rounding), so a cost, a
/// share of a budget or a change in price comes out the same in every layer and every front.
public enum Rounding {
    /// The cost of `thousandths` / 1000 units at `price` minor units each, rounded half-to-even:
    /// `Money.times` on plain numbers, for code that adds up many lines.
    /// - Throws: `DomainError.amountOverflow` when the cost does not fit in 64 bits.
    public static func cost(price: Int64, thousandths: Int64) throws -> Int64 {
        let (product, overflow) = price.multipliedReportingOverflow(by: thousandths)
        guard !overflow, product >= 0 else { return try halfEven(Int128(price) * Int128(thousandths), dividedBy: 1000) }
        // The common case in 64 bits, without 128-bit division.
        var quotient = product / 1000
        let twice = (product % 1000) * 2
        if twice > 1000 || (twice == 1000 && quotient % 2 != 0) { quotient += 1 }
        return quotient
    }

    /// `value / divisor` rounded half-to-even (banker's rounding), for a positive divisor.
    /// - Throws: `DomainError.amountOverflow` when the result does not fit in 64 bits.
    static func halfEven(_ value: Int128, dividedBy divisor: Int128) throws -> Int64 {
        guard divisor > 0 else { throw DomainError.amountOverflow }
        var quotient = value / divisor
        let remainder = value % divisor
        let twice = remainder.magnitude * 2
        if twice > divisor.magnitude || (twice == divisor.magnitude && quotient % 2 != 0) {
            quotient += value < 0 ? -1 : 1
        }
        guard let result = Int64(exactly: quotient) else { throw DomainError.amountOverflow }
        return result
    }

    /// `value / divisor` rounded half-to-even, clamped to what an `Int` holds (a percentage of
    /// prices from a damaged file may be anything): for percentages, which a front shows
    /// rounded like every other (99.6% is 100%, not 99%).
    public static func halfEvenClamped(_ value: Int128, dividedBy divisor: Int128) -> Int {
        // What `halfEven` refuses (a quotient beyond 64 bits, a divisor not above 0) is out of
        // range either way, which is what the clamp answers.
        if let result = try? halfEven(value, dividedBy: divisor) { return Int(result) }
        return value < 0 ? .min : .max
    }
}
