// What the report's charts are given (SVGChart.swift): plain values, amounts in minor units.
// A small family in one file: each is one chart's input and means nothing apart from it.

/// One bar of a column or bar chart: the amount it stands for, with its label and that amount
/// as the page writes it.
struct ChartBar {
    /// Under a column (a month) or beside a bar (a store, a category).
    let label: String
    /// The amount in minor units; the bars are drawn against the largest.
    let value: Int64
    /// `value` as written over or after its bar (`12.34`).
    let text: String
}

/// One trip in the budget chart: its budget (light) beside what it cost (dark, red when over).
struct BudgetBar {
    /// Under the pair (`03-17`).
    let label: String
    /// The budget in minor units; nil: no budget, no light bar.
    let budget: Int64?
    /// What was spent, in minor units.
    let actual: Int64
}

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
