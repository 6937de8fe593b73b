import Domain
import Presentation

// `grock shop`'s screen: the cart's lines numbered by store, ticked as they are bought, with the
// commands to type (`ShopCommandSyntax.all`, in ShopCommandSyntax.swift at the target's top).
// The command line reads what is typed (App/Sources/CLI/ShopCommand.swift); this file only shows them.

/// The shopping-mode screen, drawn from values alone.
public enum ShopScreen {
    /// The screen at `style.width` columns: lines break at spaces only, continued under their own
    /// text, and a command to type is never split.
    /// - Parameters:
    ///   - figures: the cart's totals against its budget (`ShoppingModeViewModel.figures`); the
    ///     screen shows only the problems without them.
    ///   - error: the last intent's error; `warnings`: its warnings. Both go above the notice.
    public static func render(_ shop: ShopDocument, figures: CartFigures?, error: String? = nil, warnings: [String] = [],
                              style: RenderStyle = .plain) -> String {
        let mark = style.unicode ? "…" : "~"
        func text(_ line: String, hang: Int = 2) -> [String] {
            line.split(separator: "\n", omittingEmptySubsequences: false).flatMap {
                TextBlocks.wrap(TerminalText.safe(String($0), singleLine: true), width: style.width, hang: hang, mark: mark)
            }
        }
        // A problem continues under its text, after `error: ` (7 columns) or `warning: ` (9).
        let problems = ProblemLines.error(error, style).flatMap { text($0, hang: 7) }
            + ProblemLines.warnings(warnings, style).flatMap { text($0, hang: 9) }
        if shop.isFinished { return TextBlocks.fit(text(shop.summary.map(Self.text) ?? "Trip finished.") + problems, width: style.width) }
        guard let cart = shop.cart, let figures else { return TextBlocks.fit(problems, width: style.width) }
        let progress = TextBlocks.progressBar(done: cart.fulfilled, total: cart.lines, style: style)
        var lines = text("\(style.bold(cart.name.uppercased()))  " + TextBlocks.phrase(progress))
        lines += text(CartText.budgetLine(figures, style: style, space: String(TextBlocks.glue)))
        for section in shop.sections {
            lines.append("")
            lines += text("--- \(section.store ?? "No store") ---", hang: 4)
            let rows = section.rows.map {
                ["\($0.number)", $0.isBought ? "[x]" : "[ ]", $0.name, $0.quantity, $0.price ?? ($0.isBought ? "-" : "?")]
            }
            lines += TextBlocks.wrappedTable(rows, width: style.width, flexible: 2, rightAligned: [0, 4], mark: mark)
        }
        lines.append("")
        lines += problems
        if let notice = shop.notice { lines += text(notice) }
        if shop.isShowingHelp {
            lines += TextBlocks.wrappedTable(ShopCommandSyntax.all.map { [$0.form, $0.does] }, width: style.width, flexible: 1,
                                             mark: mark)
        }
        if let pendingConfirmation = shop.pendingConfirmation {
            lines += text(pendingConfirmation.question + " [y/N]")
        } else {
            // Each command with what it does stays on one line; lines break after a "|".
            lines += text(ShopCommandSyntax.all.map { TextBlocks.phrase($0.reminder) }.joined(separator: "\(TextBlocks.glue)| "))
        }
        return TextBlocks.fit(lines, width: style.width)
    }

    /// What leaving says, with the command that comes back to `cart` (`CART` when there is
    /// none), at `style.width` columns.
    public static func farewell(cart: String?, style: RenderStyle = .plain) -> String {
        let name = TerminalText.safe(cart ?? "CART", singleLine: true)
        let line = "Left shopping mode; everything is saved. Continue with: " + Hints.shop(name)
        return TextBlocks.fit(TextBlocks.wrap(line, width: style.width, hang: 2, mark: style.unicode ? "…" : "~"), width: style.width)
    }

    /// `Trip finished: spent 9.00 EUR of 20.00 (11.00 left).` and what was bought.
    static func text(_ trip: TripOutcome) -> String {
        let cart = trip.cart
        var text = "Trip finished: spent \(cart.actualTotal) \(cart.currency)"
        if let budget = cart.budget {
            text += " of \(budget)"
            text += cart.overBudgetBy.map { " (\($0) over budget)" } ?? " (\(cart.remaining ?? "-") left)"
        }
        return text + ".\n\(cart.fulfilled) of \(Wording.counted(cart.lines, "item")) bought; vault prices updated for "
            + Wording.counted(trip.pricesUpdated, "item") + "."
    }
}
