import Domain
import Presentation

// `grock plan`: the cheapest plan's document as text.

/// The plan screen, drawn from values alone.
public enum PlanScreen {
    /// The plan by store, its total and saving, what it leaves out, and whether it was applied;
    /// the last intent's `error` above.
    public static func render(_ plan: PlanDocument, error: String? = nil, style: RenderStyle = .plain) -> String {
        var lines = ProblemLines.error(error, style)
        let code = plan.currency
        lines.append(style.bold("Cheapest plan for \(plan.cart)") + " (\(Wording.counted(plan.stores.count, "store")): "
            + plan.stores.joined(separator: ", ") + ")")
        if plan.lines.isEmpty { lines.append("  No line still to buy has a known price.") }
        for (store, storeTotal) in zip(plan.stores, plan.storeTotals) {
            let rows = plan.lines.filter { $0.store == store }
            lines.append("")
            let total = storeTotal ?? "-"   // never cut: a long amount takes more room
            // The store's name takes the widest heading whatever the width (the line is cut after).
            lines.append(style.bold(TextBlocks.pad(store, Widths.storeHeading.upperBound))
                             + TextBlocks.pad(total, Widths.amountColumn(total), right: true))
            lines += TextBlocks.table(rows.map { row in
                [row.item, "\(row.quantity) \(row.unit)", "x " + row.linePrice, row.cost,
                 row.plannedHere ? "" : "was \(row.currentCost ?? "-")"]
            }, rightAligned: [2, 3], limits: [0: Widths.name])
        }
        lines.append("")
        lines += TextBlocks.table([
            ["Plan total", "\(plan.total) \(code)", ""],
            ["Saving", "\(plan.saving) \(code)", "against \(plan.currentTotal) in the current plan"],
        ], rightAligned: [1], indent: 0)
        if !plan.unpriced.isEmpty {
            lines.append("No known price anywhere (not planned): " + plan.unpriced.joined(separator: ", "))
        }
        if !plan.notCovered.isEmpty {
            lines.append("Not sold at these stores (allow more with --max-stores): " + plan.notCovered.joined(separator: ", "))
        }
        lines.append(plan.applied ? "Applied: the cart's lines are now planned at these stores."
            : "Nothing changed; add --apply to plan the cart this way.")
        return TextBlocks.fit(lines, width: style.width)
    }
}
