import Domain
import Presentation

// `grock` with no command: the home document as text.

extension HomeViewModel {
    /// The home screen as `HomeScreen` draws it, with the last intent's error; `Loading...`
    /// before it is read.
    public func render(_ style: RenderStyle = .plain) -> String {
        guard isLoaded else { return TextBlocks.fit(ProblemLines.error(errorMessage, style) + ["Loading..."], width: style.width) }
        return HomeScreen.render(document, figures: carts, error: errorMessage, style: style)
    }
}

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
                ["Spent in \(insights.month)", "\(insights.spentThisMonth) \(insights.currency)",
                 "on " + Wording.counted(insights.tripsThisMonth, "trip")],
                ["Open budgets", "\(insights.openBudgets) \(insights.currency)", "across " + Wording.counted(home.carts.filter { $0.budget != nil }.count, "cart")],
            ], rightAligned: [1])
        }
        return TextBlocks.fit(lines, width: style.width)
    }
}

/// How a cart is summed up in lists.
enum CartText {
    /// Two lines: name, status and progress; then the budget bar or totals.
    static func summary(_ cart: CartRow, _ figures: CartFigures, style: RenderStyle) -> [String] {
        let progress = figures.status == .planning
            ? Wording.counted(cart.lines, "item")
            : "\(cart.fulfilled)/\(cart.lines) bought"
        var lines = ["  \(style.bold(cart.name))  [\(cart.status.rawValue)]  created \(cart.created)  \(progress)"]
        lines.append("    " + budgetLine(figures, style: style))
        return lines
    }

    /// Two lines: name and status; then why its totals cannot be worked out.
    static func damaged(_ cart: DamagedCart, style: RenderStyle) -> [String] {
        ["  \(style.bold(cart.name))  [\(cart.status.rawValue)]", "    " + style.red("its totals cannot be worked out: \(cart.problem)")]
    }

    /// `[####----]  45%  spent 9.00 of 20.00 EUR, 11.00 left`, or the totals without a budget.
    /// - Parameter space: between an amount and its currency; `TextBlocks.glue` keeps them on
    ///   one line for a screen that wraps.
    static func budgetLine(_ figures: CartFigures, style: RenderStyle, space: String = " ") -> String {
        let spending = figures.spending
        let verb = figures.status == .planning ? "planned" : "spent"
        guard let budget = figures.budget, let remaining = figures.remaining else {
            return "\(verb) \(spending.amountText)\(space)\(figures.currency.code) (no budget)"
        }
        let tail = remaining.isNegative
            ? style.red("\(TextBlocks.money(figures.overBudget)) OVER BUDGET")
            : "\(remaining.amountText) left"
        return "\(TextBlocks.budgetBar(spent: spending, budget: budget, style: style))  \(verb) \(spending.amountText) of \(budget.amountText)\(space)\(figures.currency.code), \(tail)"
    }
}
