import Domain
import Presentation

extension HistoryViewModel {
    /// The completed trips, newest first.
    public func render(_ style: RenderStyle = .plain) -> String {
        var lines = errorLine(style)
        guard isLoaded else { return TextBlocks.fit(lines, width: style.width) }
        lines.append(style.bold("History") + " (completed trips, newest first)")
        if trips.isEmpty { lines.append("  No completed trips yet.") }
        lines += TextBlocks.table(trips.map { trip in
            let budget = trip.budget.map { trip.overBudget == nil ? "of \($0.amountText)" : "of \($0.amountText), OVER" } ?? ""
            // The short id reaches an older trip of a name used again (`grock cart show 3f2a9c1e`).
            return [trip.completedAt.day.description, trip.name, trip.actual.amountText, budget, "\(trip.fulfilled)/\(trip.lines) bought",
                    String(trip.cartID.rawValue.prefix(8))]
        }, rightAligned: [2], limits: [1: 30])
        return TextBlocks.fit(lines, width: style.width)
    }
}
