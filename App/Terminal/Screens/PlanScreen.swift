import Presentation

// `grock plan`: `PlanViewModel`'s cheapest plan as text.

extension PlanViewModel {
    /// The plan by store, its total and saving, and what it leaves out.
    public func render(_ style: RenderStyle = .plain) -> String {
        var lines = errorLine(style)
        guard let plan = document else { return TextBlocks.fit(lines, width: style.width) }
        let code = plan.currency
        lines.append(style.bold("Cheapest plan for \(plan.cart)") + " (\(TextBlocks.plural(plan.stores.count, "store")): "
            + plan.stores.joined(separator: ", ") + ")")
        if plan.lines.isEmpty { lines.append("  No line still to buy has a known price.") }
        for (store, storeTotal) in zip(plan.stores, plan.storeTotals) {
            let rows = plan.lines.filter { $0.store == store }
            lines.append("")
            let total = storeTotal ?? "-"   // never cut: a long amount takes more room
            lines.append(style.bold(TextBlocks.pad(store, 60)) + TextBlocks.pad(total, max(12, total.count + 1), right: true))
            lines += TextBlocks.table(rows.map { row in
                [row.item, "\(row.quantity) \(row.unit)", "x " + row.linePrice, row.cost, row.plannedHere ? "" : "was \(row.currentCost ?? "-")"]
            }, rightAligned: [2, 3], limits: [0: 30])
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
        lines.append(applied ? "Applied: the cart's lines are now planned at these stores."
            : "Nothing changed; add --apply to plan the cart this way.")
        return TextBlocks.fit(lines, width: style.width)
    }
}
