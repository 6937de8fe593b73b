import Domain
import Presentation

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
        return "\(TextBlocks.budgetBar(spent: spending, budget: budget, style: style))  \(verb) \(spending.amountText) of "
                   + "\(budget.amountText)\(space)\(figures.currency.code), \(tail)"
    }
}
