import Domain
import Presentation

// `grock` with no command: the home document as text.

/// The home screen, drawn from values alone.
public enum HomeScreen {
    /// The active carts with their budget bars, then this month's figures.
    /// - Parameters:
    ///   - figures: each of `home.carts`' totals against its budget, in order (`HomeViewModel.carts`).
    ///   - error: the last intent's error, shown above.
    public static func render(_ home: HomeDocument, figures: [CartFigures], error: String? = nil, style: RenderStyle = .plain) -> String {
        var lines = ProblemLines.error(error, style)
        lines.append(style.bold("Active carts"))
        if home.carts.isEmpty && home.damagedCarts.isEmpty {
            lines.append("  No carts yet - create one with: " + Hints.newCart)
        }
        for (row, figures) in zip(home.carts, figures) {
            lines += CartText.summary(row, figures, style: style)
        }
        for damaged in home.damagedCarts {
            lines += CartText.damaged(damaged, style: style)
        }
        if let insights = home.insights {
            lines.append("")
            lines.append(style.bold("Insights"))
            lines += TextBlocks.table([
                ["Spent in \(insights.month)", "\(insights.spentThisMonth.amountText) \(insights.currency)",
                 "on " + Wording.counted(insights.tripsThisMonth, "trip")],
                ["Open budgets", "\(insights.openBudgets.amountText) \(insights.currency)",
                 "across " + Wording.counted(home.carts.filter { $0.budget != nil }.count, "cart")],
            ], rightAligned: [1])
        }
        return TextBlocks.fit(lines, width: style.width)
    }
}
