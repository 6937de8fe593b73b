import Domain
import Presentation

extension CartDetailViewModel {
    /// The cart: by store in aisle order with the budget line; check-boxes once shopping.
    public func render(_ style: RenderStyle = .plain) -> String {
        var lines = errorLine(style)
        guard let details, let figures else { return TextBlocks.fit(lines, width: style.width) }
        let cart = details.cart
        var header = "\(style.bold(cart.name))  [\(cart.status.rawValue)]  created \(cart.createdAt.day)"
        if cart.status != .planning { header += "  " + TextBlocks.progressBar(done: cart.progress.fulfilled, total: cart.progress.total, style: style) }
        lines.append(header)
        lines.append(CartText.budgetLine(figures, style: style))
        if cart.status == .completed, let completed = cart.completedAt {
            lines.append("Completed \(completed.day); read-only (" + TextBlocks.phrase("grock trip reopen " + TextBlocks.arguments([cart.name])) + " to correct it).")
        }
        if cart.lines.isEmpty {
            lines.append("")
            lines.append("  No items yet - add some with: " + TextBlocks.phrase("grock cart add " + TextBlocks.arguments([cart.name]) + " ITEM"))
        }
        for (group, progress) in zip(details.groups, storeProgress) {
            lines.append("")
            // An amount is never cut: a long one takes more room.
            let total = progress.map { "\($0.spent.amountText) spent + \($0.toBuy.amountText) to buy" } ?? group.total.amountText
            let room = max(12, total.count + 1)
            lines.append(style.bold(TextBlocks.pad(group.store?.name ?? "No store", max(20, min(60, style.width - room)))) + TextBlocks.pad(total, room, right: true))
            let planning = cart.status == .planning
            lines += TextBlocks.table(group.lines.map { row($0, cart: cart, cost: figures.lineCosts[$0] ?? nil) },
                                      rightAligned: planning ? [2, 3] : [3, 4], limits: planning ? [0: 30] : [1: 30])
        }
        let unpriced = cart.unpricedLines.filter { !$0.isFulfilled }
        if cart.status == .planning && !unpriced.isEmpty {
            lines.append("")
            lines.append("No known price for: \(unpriced.map(\.name).joined(separator: ", ")) (not in the total)")
        }
        return TextBlocks.fit(lines, width: style.width)
    }

    private func row(_ line: CartItem, cart: Cart, cost: Money?) -> [String] {
        let amount = "\(line.purchasedQuantity ?? line.quantity) \(line.unit)"
        // A price per something else than the line's unit says what it is per: 0.89/lb.
        // One phrase: a narrow terminal never breaks "pack of 750 g" between 750 and g.
        func price(_ money: Money) -> String { line.isPricedPerUnit ? money.amountText : TextBlocks.phrase("\(money.amountText)/\(line.priceUnit)") }
        switch cart.status {
        case .planning:
            return [line.name, amount, line.plannedPrice.map { "x \(price($0))" } ?? "no price", TextBlocks.money(cost)]
        case .shopping, .completed:
            guard line.isFulfilled else {
                return ["[ ]", line.name, amount, line.plannedPrice.map { "(\(price($0)))" } ?? "(no price)", "", ""]
            }
            var note = line.isImpulse ? "impulse" : ""
            if let planned = line.plannedPrice, let actual = line.actualPrice, planned != actual { note = "planned \(price(planned))" }
            return ["[x]", line.name, amount, line.actualPrice.map(price) ?? TextBlocks.money(nil), TextBlocks.money(cost), note]
        }
    }
}
