import Presentation

// `grock insights`: `InsightsViewModel`'s spending figures as text.

extension InsightsViewModel {
    /// The spending figures, one grouping as bars, the personal inflation and the biggest price changes.
    public func render(_ style: RenderStyle = .plain) -> String {
        var lines = errorLine(style)
        guard let report = document else { return TextBlocks.fit(lines, width: style.width) }
        guard let first = report.firstDay, let last = report.lastDay else { return TextBlocks.fit(lines + [noTrips(report)], width: style.width) }
        lines.append(style.bold("Spending") + " (\(report.currency)), \(first) to \(last)")
        var summary = [["Total", report.total, "on " + TextBlocks.plural(report.trips, "trip")],
                       ["Average basket", report.averageBasket ?? "-", ""]]
        summary.append(["Over budget", report.overBudgetTotal,
                        "in all, on " + TextBlocks.plural(report.tripsOverBudget.count, "trip") + " of \(report.tripsWithBudget) with a budget"])
        summary.append(["Planning error", report.meanPlanningError ?? "-", "mean |paid - planned| per trip, impulse buys too"])
        lines += TextBlocks.table(summary, rightAligned: [1])

        let totals = switch grouping {
        case .month: report.byMonth
        case .store: report.byStore
        case .category: report.byCategory
        }
        lines.append("")
        lines.append(style.bold("By \(grouping.rawValue)"))
        let maximum = totals.map(\.minorUnits).max() ?? 0
        lines += TextBlocks.table(totals.map { total in
            [total.label, total.amount, TextBlocks.plural(total.trips, "trip"), TextBlocks.bar(total.minorUnits, of: maximum, width: 24, style: style)]
        }, rightAligned: [1, 2], limits: [0: 24])
        if grouping == .month && report.byMonth.count > 1 {
            lines.append("  trend " + TextBlocks.sparkline(report.byMonth.map(\.minorUnits), style: style))
        }
        lines += inflationLines(report, style)
        if !report.priceChanges.isEmpty {
            lines.append("")
            lines.append(style.bold("Biggest price changes") + " (first and last price paid, at the store last paid)")
            lines += TextBlocks.table(report.priceChanges.prefix(5).map { change in
                [change.item, change.firstShown, "->", "\(change.last)/\(change.unit)", change.changePercent]
            }, rightAligned: [1, 3, 4], limits: [0: 24])
        }
        return TextBlocks.fit(lines, width: style.width)
    }

    /// Why there is nothing to show: no trip at all, or none in the months asked.
    private func noTrips(_ report: InsightsDocument) -> String {
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
    private func inflationLines(_ report: InsightsDocument, _ style: RenderStyle) -> [String] {
        if let inflation = report.inflation, inflation.points.count > 1, let now = inflation.points.last {
            return ["", style.bold("Personal inflation") + " (your basket of \(TextBlocks.plural(inflation.basketItems, "item")) from \(inflation.baseMonth) = 100)"]
                + TextBlocks.table([
                    ["Now", now.index, inflation.changePercent + " since \(inflation.baseMonth)"],
                    ["Trend", TextBlocks.sparkline(inflation.points.map { Int64($0.basisPoints) }, style: style), ""],
                ])
        }
        guard let base = range.base, let firstMonth = report.historyFirstMonth, let lastMonth = report.historyLastMonth else { return [] }
        return ["", "No personal inflation from \(base): no vault item was bought then and later; your history runs from \(firstMonth) to \(lastMonth)."]
    }
}
