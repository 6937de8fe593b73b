// What the report's charts are given (SVGChart.swift): a plain value, amounts in minor units.

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
