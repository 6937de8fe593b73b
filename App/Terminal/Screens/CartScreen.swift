import Domain
import Presentation

// `grock cart show`, and the cart every `grock cart` and `grock trip` change prints after it:
// a cart's document as text.

/// The cart screen, drawn from values alone.
public enum CartScreen {
    /// The cart: by store in aisle order with the budget line; check-boxes once shopping.
    /// - Parameters:
    ///   - figures: the cart's totals against its budget (`CartDetailViewModel.figures`).
    ///   - storeProgress: for each of `cart.stores`, what was paid and is left to buy there
    ///     while shopping; a store without one shows its total.
    ///   - unpriced: the lines still to buy with no known price, named under a cart planning.
    ///   - error: the last intent's error, shown above the cart.
    public static func render(_ cart: CartDocument, figures: CartFigures, storeProgress: [StoreProgress?] = [],
                              unpriced: [String] = [], error: String? = nil, style: RenderStyle = .plain) -> String {
        var lines = ProblemLines.error(error, style)
        let planning = cart.status == .planning
        var header = "\(style.bold(cart.name))  [\(cart.status.rawValue)]  created \(cart.created.day)"
        if !planning {
            header += "  " + TextBlocks.progressBar(done: cart.items.count(where: \.fulfilled), total: cart.items.count, style: style)
        }
        lines.append(header)
        lines.append(CartText.budgetLine(figures, style: style))
        if cart.status == .completed, let completed = cart.completed {
            lines.append("Completed \(completed.day); read-only (" + Hints.reopenTrip(cart.name) + " to correct it).")
        }
        if cart.items.isEmpty {
            lines.append("")
            lines.append("  No items yet - add some with: " + Hints.addToCart(cart.name))
        }
        for (index, (group, rows)) in zip(cart.stores, cart.linesByStore).enumerated() {
            lines.append("")
            let progress = storeProgress.indices.contains(index) ? storeProgress[index] : nil
            // An amount is never cut: a long one takes more room.
            let total = progress.map { "\($0.spent.amountText) spent + \($0.toBuy.amountText) to buy" } ?? group.total
            let room = Widths.amountColumn(total)
            lines.append(style.bold(TextBlocks.pad(group.store ?? "No store",
                                                   Widths.storeNameColumn(width: style.width, amountColumn: room)))
                         + TextBlocks.pad(total, room, right: true))
            lines += TextBlocks.table(rows.map { row($0, planning: planning) },
                                      rightAligned: planning ? [2, 3] : [3, 4], limits: planning ? [0: Widths.name] : [1: Widths.name])
        }
        if planning && !unpriced.isEmpty {
            lines.append("")
            lines.append("No known price for: \(unpriced.joined(separator: ", ")) (not in the total)")
        }
        return TextBlocks.fit(lines, width: style.width)
    }

    private static func row(_ line: CartDocument.Line, planning: Bool) -> [String] {
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
