import Domain
import Presentation

// `grock history`: the completed trips as text.

/// The history screen, drawn from values alone.
public enum HistoryScreen {
    /// The completed trips, newest first as given, with the last intent's `error` above.
    public static func render(_ trips: [TripRow], error: String? = nil, style: RenderStyle = .plain) -> String {
        var lines = ProblemLines.error(error, style)
        lines.append(style.bold("History") + " (completed trips, newest first)")
        if trips.isEmpty { lines.append("  No completed trips yet.") }
        lines += TextBlocks.table(trips.map { trip in
            let budget = trip.budget.map { trip.overBudget ? "of \($0), OVER" : "of \($0)" } ?? ""
            // The short id reaches an older trip of a name used again (`grock cart show 3f2a9c1e`).
            return [trip.completed.day.description, trip.name, trip.actualTotal, budget, "\(trip.fulfilled)/\(trip.lines) bought",
                    String(trip.id.prefix(8))]
        }, rightAligned: [2], limits: [1: Widths.name])
        return TextBlocks.fit(lines, width: style.width)
    }
}
