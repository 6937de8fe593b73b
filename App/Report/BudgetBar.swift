// What the report's charts are given (SVGChart.swift): a plain value, amounts in minor units.

/// One trip in the budget chart: its budget (light) beside what it cost (dark, red when over).
struct BudgetBar {
    /// Under the pair (`03-17`).
    let label: String
    /// The budget in minor units; nil: no budget, no light bar.
    let budget: Int64?
    /// What was spent, in minor units.
    let actual: Int64
}
