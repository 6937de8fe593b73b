import Domain
import Presentation

// `grock history`: `HistoryViewModel`'s completed trips as text.

extension HistoryViewModel {
    /// The completed trips, newest first, drawn from `rows`.
    public func render(_ style: RenderStyle = .plain) -> String {
        var lines = errorLine(style)
        guard isLoaded else { return TextBlocks.fit(lines, width: style.width) }
        lines.append(style.bold("History") + " (completed trips, newest first)")
        if rows.isEmpty { lines.append("  No completed trips yet.") }
        lines += TextBlocks.table(rows.map { trip in
            let budget = trip.budget.map { trip.overBudget ? "of \($0), OVER" : "of \($0)" } ?? ""
            // The short id reaches an older trip of a name used again (`grock cart show 3f2a9c1e`).
            return [trip.completed.day.description, trip.name, trip.actualTotal, budget, "\(trip.fulfilled)/\(trip.lines) bought",
                    String(trip.id.prefix(8))]
        }, rightAligned: [2], limits: [1: 30])
        return TextBlocks.fit(lines, width: style.width)
    }
}
