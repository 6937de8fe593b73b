import Domain

/// A change in percent, exact to a hundredth of one: how an item's price or the personal inflation
/// moved. An integer of hundredths, never a `Double`, so that a front colours, sorts or charts the
/// number it is; written in the JSON as its text (`"+12.34%"`).
public struct PercentChange: Sendable, Hashable, Comparable, CustomStringConvertible, Encodable {
    /// The change in hundredths of a percent: 1234 is +12.34 %, -310 is -3.10 %.
    public let basisPoints: Int

    /// A change of `basisPoints` hundredths of a percent, as Domain works them out
    /// (`SpendingReport.PriceChange.basisPoints`, `InflationIndex.change`).
    public init(basisPoints: Int) { self.basisPoints = basisPoints }

    /// Signed, two decimals: `+12.34%`, `-3.10%`, `0.00%`.
    public var description: String {
        let sign = basisPoints > 0 ? "+" : basisPoints < 0 ? "-" : ""
        let magnitude = basisPoints.magnitude
        let cents = magnitude % 100
        return "\(sign)\(magnitude / 100).\(cents < 10 ? "0" : "")\(cents)%"
    }

    /// The larger fall first, the larger rise last.
    public static func < (lhs: PercentChange, rhs: PercentChange) -> Bool { lhs.basisPoints < rhs.basisPoints }

    /// Written as the one string `description` gives, as the JSON had it when documents held the
    /// text.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
