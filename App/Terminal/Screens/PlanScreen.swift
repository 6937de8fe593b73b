import Domain
import Presentation

extension PlanViewModel {
    /// The plan by store, its total and saving, and what it leaves out.
    public func render(_ style: RenderStyle = .plain) -> String {
        var lines = errorLine(style)
        guard let plan else { return TextBlocks.fit(lines, width: style.width) }
        let code = plan.cart.currency.code
        lines.append(style.bold("Cheapest plan for \(plan.cart.name)") + " (\(TextBlocks.plural(plan.stores.count, "store")): "
            + plan.stores.map(\.name).joined(separator: ", ") + ")")
        if plan.assignments.isEmpty { lines.append("  No line still to buy has a known price.") }
        for store in plan.stores {
            let rows = plan.assignments.filter { $0.store.id == store.id }
            lines.append("")
            let total = TextBlocks.money(plan.storeTotals[store.id])   // never cut: a long amount takes more room
            lines.append(style.bold(TextBlocks.pad(store.name, 60)) + TextBlocks.pad(total, max(12, total.count + 1), right: true))
            lines += TextBlocks.table(rows.map { row in
                let was = row.line.plannedStore == store.id ? "" : "was \(TextBlocks.money(row.currentCost))"
                return [row.line.name, "\(row.line.quantity) \(row.line.unit)", "x " + (row.price.basis == PriceUnit(row.line.unit) ? row.price.price.amountText : row.price.comparedText), row.cost.amountText, was]
            }, rightAligned: [2, 3], limits: [0: 30])
        }
        lines.append("")
        lines += TextBlocks.table([
            ["Plan total", "\(plan.total.amountText) \(code)", ""],
            ["Saving", "\(plan.saving.amountText) \(code)", "against \(plan.currentTotal.amountText) in the current plan"],
        ], rightAligned: [1], indent: 0)
        if !plan.unpriced.isEmpty {
            lines.append("No known price anywhere (not planned): " + plan.unpriced.map(\.name).joined(separator: ", "))
        }
        if !plan.notCovered.isEmpty {
            lines.append("Not sold at these stores (allow more with --max-stores): " + plan.notCovered.map(\.name).joined(separator: ", "))
        }
        lines.append(applied ? "Applied: the cart's lines are now planned at these stores."
            : "Nothing changed; add --apply to plan the cart this way.")
        return TextBlocks.fit(lines, width: style.width)
    }
}
