/// A personal grocery inflation index: what the basket bought in a base month would cost in
/// each later month, at the prices actually paid (a fixed-basket, Laspeyres-style index).
public struct InflationIndex: Sendable, Hashable {
    /// The basket's cost in one month against the base month.
    public struct Point: Sendable, Hashable {
        /// The month, `YYYY-MM`.
        public let month: String
        /// 10000 is the base month's cost (100.00).
        public let basisPoints: Int
    }

    /// The month, `YYYY-MM`, whose purchases make the basket and whose cost is 100.00.
    public let baseMonth: String
    /// How many different items the basket holds.
    public let basketItems: Int
    /// Base month first, then every month up to the latest with purchases.
    public let points: [Point]

    /// The latest point's change against the base, in basis points (+431 = +4.31 %).
    public var change: Int { (points.last?.basisPoints ?? 10_000) - 10_000 }
}
