import Domain

/// An item's prices over time, as the spending report charts them (`ReportViewModel.topItems`).
public struct ItemPriceSeries: Sendable, Hashable {
    /// One price seen or paid.
    public struct Point: Sendable, Hashable {
        /// The day it was seen or paid.
        public let day: Day
        /// The price per kg, l or each, in minor units of the report's currency: a number to
        /// plot, exact whatever its size.
        public let minorUnits: Int64
    }

    /// The item's name.
    public let name: String
    /// Its prices, oldest first.
    public let points: [Point]
}
