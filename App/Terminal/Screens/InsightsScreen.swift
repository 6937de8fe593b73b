import Domain
import Presentation

// `grock insights`: the spending figures' document as text.

/// The insights screen, drawn from values alone.
public enum InsightsScreen {
    /// The spending figures, one grouping as bars, the personal inflation and the biggest price changes.
    /// - Parameters:
    ///   - grouping: the totals drawn as bars.
    ///   - range: the months asked, named when they hold no trip, and the inflation's base month.
    ///   - error: the last intent's error, shown above.
    public static func render(_ report: InsightsDocument, grouping: InsightsViewModel.Grouping = .month, range: MonthRange = MonthRange(),
                              error: String? = nil, style: RenderStyle = .plain) -> String {
        var lines = ProblemLines.error(error, style)
        guard let first = report.firstDay,
              let last = report.lastDay else { return TextBlocks.fit(lines + [noTrips(report, range)], width: style.width) }
        lines.append(style.bold("Spending") + " (\(report.currency)), \(first) to \(last)")
        var summary = [["Total", report.total.amountText, "on " + Wording.counted(report.trips, "trip")],
                       ["Average basket", report.averageBasket?.amountText ?? "-", ""]]
        summary.append(["Over budget", report.overBudgetTotal.amountText,
                        "in all, on " + Wording.counted(report.tripsOverBudget.count, "trip")
                            + " of \(report.tripsWithBudget) with a budget"])
        summary.append(["Planning error", report.meanPlanningError?.amountText ?? "-", "mean |paid - planned| per trip, impulse buys too"])
        lines += TextBlocks.table(summary, rightAligned: [1])

        let totals = switch grouping {
        case .month: report.byMonth
        case .store: report.byStore
        case .category: report.byCategory
        }
        lines.append("")
        lines.append(style.bold("By \(grouping.rawValue)"))
        let maximum = totals.map(\.amount.minorUnits).max() ?? 0
        lines += TextBlocks.table(totals.map { total in
            [total.label, total.amount.amountText, Wording.counted(total.trips, "trip"),
             TextBlocks.bar(total.amount.minorUnits, of: maximum, width: Widths.bar, style: style)]
        }, rightAligned: [1, 2], limits: [0: Widths.label])
        if grouping == .month && report.byMonth.count > 1 {
            lines.append("  trend " + TextBlocks.sparkline(report.byMonth.map(\.amount.minorUnits), style: style))
        }
        lines += inflationLines(report, range, style)
        if !report.priceChanges.isEmpty {
            lines.append("")
            lines.append(style.bold("Biggest price changes") + " (first and last price paid, at the store last paid)")
            lines += TextBlocks.table(report.priceChanges.prefix(5).map { change in
                // The first price alone when it is per what the last is, else with what it is per.
                let first = change.firstPer == change.unit ? change.first.amountText : "\(change.first.amountText)/\(change.firstPer)"
                return [change.item, first, "->", "\(change.last.amountText)/\(change.unit)", change.changePercent.description]
            }, rightAligned: [1, 3, 4], limits: [0: Widths.label])
        }
        return TextBlocks.fit(lines, width: style.width)
    }

    /// Why there is nothing to show: no trip at all, or none in the months asked.
    private static func noTrips(_ report: InsightsDocument, _ range: MonthRange) -> String {
        guard let firstMonth = report.historyFirstMonth, let lastMonth = report.historyLastMonth else {
            return "No completed trips yet - insights appear once you finish a trip."
        }
        let asked = switch (range.from, range.to) {
        case let (from?, to?): "between \(from) and \(to)"
        case let (from?, nil): "from \(from) on"
        case let (nil, to?): "up to \(to)"
        case (nil, nil): "in this range"
        }
        return "No completed trips \(asked); your history runs from \(firstMonth) to \(lastMonth)."
    }

    /// The personal inflation index and its trend, or why there is none from the base month asked.
    private static func inflationLines(_ report: InsightsDocument, _ range: MonthRange, _ style: RenderStyle) -> [String] {
        if let inflation = report.inflation, inflation.points.count > 1, let now = inflation.points.last {
            return ["",
                    style.bold("Personal inflation") + " (your basket of \(Wording.counted(inflation.basketItems, "item")) from "
                                                           + "\(inflation.baseMonth) = 100)"]
                + TextBlocks.table([
                    ["Now", now.index, "\(inflation.changePercent) since \(inflation.baseMonth)"],
                    ["Trend", TextBlocks.sparkline(inflation.points.map { Int64($0.basisPoints) }, style: style), ""],
                ])
        }
        guard let base = range.base, let firstMonth = report.historyFirstMonth, let lastMonth = report.historyLastMonth else { return [] }
        return ["",
                "No personal inflation from \(base): no vault item was bought then and later; "
                    + "your history runs from \(firstMonth) to \(lastMonth)."]
    }
}
