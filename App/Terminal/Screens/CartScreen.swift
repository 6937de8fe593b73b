import Domain
import Presentation

// `grock cart show`, and the cart every `grock cart` and `grock trip` change prints after it:
// `CartDetailViewModel`'s state as text.

extension CartDetailViewModel {
    /// The cart, drawn from `document`: by store in aisle order with the budget line;
    /// check-boxes once shopping.
    public func render(_ style: RenderStyle = .plain) -> String {
        var lines = errorLine(style)
        guard let cart = document, let figures else { return TextBlocks.fit(lines, width: style.width) }
        let planning = cart.status == .planning
        var header = "\(style.bold(cart.name))  [\(cart.status.rawValue)]  created \(cart.created.day)"
        if !planning { header += "  " + TextBlocks.progressBar(done: cart.items.count(where: \.fulfilled), total: cart.items.count, style: style) }
        lines.append(header)
        lines.append(CartText.budgetLine(figures, style: style))
        if cart.status == .completed, let completed = cart.completed {
            lines.append("Completed \(completed.day); read-only (" + TextBlocks.phrase("grock trip reopen " + TextBlocks.arguments([cart.name])) + " to correct it).")
        }
        if cart.items.isEmpty {
            lines.append("")
            lines.append("  No items yet - add some with: " + TextBlocks.phrase("grock cart add " + TextBlocks.arguments([cart.name]) + " ITEM"))
        }
        for (group, (rows, progress)) in zip(cart.stores, zip(cart.linesByStore, storeProgress)) {
            lines.append("")
            // An amount is never cut: a long one takes more room.
            let total = progress.map { "\($0.spent.amountText) spent + \($0.toBuy.amountText) to buy" } ?? group.total
            let room = max(12, total.count + 1)
            lines.append(style.bold(TextBlocks.pad(group.store ?? "No store", max(20, min(60, style.width - room)))) + TextBlocks.pad(total, room, right: true))
            lines += TextBlocks.table(rows.map { row($0, planning: planning) },
                                      rightAligned: planning ? [2, 3] : [3, 4], limits: planning ? [0: 30] : [1: 30])
        }
        if planning && !unpricedItems.isEmpty {
            lines.append("")
            lines.append("No known price for: \(unpricedItems.joined(separator: ", ")) (not in the total)")
        }
        return TextBlocks.fit(lines, width: style.width)
    }

    private func row(_ line: CartDocument.Line, planning: Bool) -> [String] {
        let amount = "\(line.purchasedQuantity ?? line.quantity) \(line.unit)"
        // A price per something else than the line's unit says what it is per: 0.89/lb.
        // One phrase: a narrow terminal never breaks "pack of 750 g" between 750 and g.
        func price(_ amount: String) -> String { line.pricePer == line.unit ? amount : TextBlocks.phrase("\(amount)/\(line.pricePer)") }
        if planning {
            return [line.item, amount, line.plannedPrice.map { "x \(price($0))" } ?? "no price", line.cost ?? "-"]
        }
        guard line.fulfilled else {
            return ["[ ]", line.item, amount, line.plannedPrice.map { "(\(price($0)))" } ?? "(no price)", "", ""]
        }
        var note = line.impulse ? "impulse" : ""
        if let planned = line.plannedPrice, let actual = line.actualPrice, planned != actual { note = "planned \(price(planned))" }
        return ["[x]", line.item, amount, line.actualPrice.map(price) ?? "-", line.cost ?? "-", note]
    }
}
