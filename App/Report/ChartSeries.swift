// What the report's charts are given (SVGChart.swift): a plain value, amounts in minor units.

/// One item's line in the price chart.
struct ChartSeries {
    /// A point: the day, as days since 1970, and the price on it in minor units.
    struct Point {
        let day: Int
        let price: Int64
    }

    /// The item's name, in the legend.
    let label: String
    /// Its prices, oldest first.
    let points: [Point]
}
