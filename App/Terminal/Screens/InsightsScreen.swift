import Domain
import Presentation

extension InsightsViewModel {
    /// The spending figures, one grouping as bars, the personal inflation and the biggest price changes.
    public func render(_ style: RenderStyle = .plain) -> String {
        var lines = errorLine(style)
        guard let report else { return TextBlocks.fit(lines, width: style.width) }
        guard let first = report.trips.first, let last = report.trips.last else { return TextBlocks.fit(lines + [noTrips(report)], width: style.width) }
        let code = report.currency.code
        lines.append(style.bold("Spending") + " (\(code)), \(first.day) to \(last.day)")
        let over = report.tripsOverBudget
        var summary = [["Total", report.total.amountText, "on " + TextBlocks.plural(report.trips.count, "trip")],
                       ["Average basket", TextBlocks.money(report.averageBasket), ""]]
        summary.append(["Over budget", report.overBudgetTotal.amountText,
                        "in all, on " + TextBlocks.plural(over.count, "trip") + " of \(report.trips.filter { $0.budget != nil }.count) with a budget"])
        summary.append(["Planning error", TextBlocks.money(report.meanPlanningError), "mean |paid - planned| per trip, impulse buys too"])
        lines += TextBlocks.table(summary, rightAligned: [1])

        let totals: [SpendingReport.Total] = switch grouping {
        case .month: report.byMonth
        case .store: report.byStore
        case .category: report.byCategory
        }
        lines.append("")
        lines.append(style.bold("By \(grouping.rawValue)"))
        let maximum = totals.map(\.amount.minorUnits).max() ?? 0
        lines += TextBlocks.table(totals.map { total in
            [total.label, total.amount.amountText, TextBlocks.plural(total.trips, "trip"), TextBlocks.bar(total.amount.minorUnits, of: maximum, width: 24, style: style)]
        }, rightAligned: [1, 2], limits: [0: 24])
        if grouping == .month && report.byMonth.count > 1 {
            lines.append("  trend " + TextBlocks.sparkline(report.byMonth.map(\.amount.minorUnits), style: style))
        }
        lines += inflationLines(report, style)
        if !report.priceChanges.isEmpty {
            lines.append("")
            lines.append(style.bold("Biggest price changes") + " (first and last price paid, at the store last paid)")
            lines += TextBlocks.table(report.priceChanges.prefix(5).map { change in
                // The first price names its unit only when it differs from the last's.
                [change.item, change.first.basis == change.last.basis ? change.first.price.amountText : change.first.description, "->",
                 change.last.description, Self.percent(change.basisPoints)]
            }, rightAligned: [1, 3, 4], limits: [0: 24])
        }
        return TextBlocks.fit(lines, width: style.width)
    }

    /// Why there is nothing to show: no trip at all, or none in the months asked.
    private func noTrips(_ report: SpendingReport) -> String {
        guard let history = report.historyMonths else { return "No completed trips yet - insights appear once you finish a trip." }
        let asked = switch (range.from, range.to) {
        case let (from?, to?): "between \(from) and \(to)"
        case let (from?, nil): "from \(from) on"
        case let (nil, to?): "up to \(to)"
        case (nil, nil): "in this range"
        }
        return "No completed trips \(asked); your history runs from \(history.first) to \(history.last)."
    }

    /// The personal inflation index and its trend, or why there is none from the base month asked.
    private func inflationLines(_ report: SpendingReport, _ style: RenderStyle) -> [String] {
        if let inflation, inflation.points.count > 1, let now = inflation.points.last {
            return ["", style.bold("Personal inflation") + " (your basket of \(TextBlocks.plural(inflation.basketItems, "item")) from \(inflation.baseMonth) = 100)"]
                + TextBlocks.table([
                    ["Now", Self.indexText(now.basisPoints), Self.percent(inflation.change) + " since \(inflation.baseMonth)"],
                    ["Trend", TextBlocks.sparkline(inflation.points.map { Int64($0.basisPoints) }, style: style), ""],
                ])
        }
        guard let base = range.base, let history = report.historyMonths else { return [] }
        return ["", "No personal inflation from \(base): no vault item was bought then and later; your history runs from \(history.first) to \(history.last)."]
    }
}
