import Domain
import Presentation

extension ReceiptViewModel {
    /// The receipt under review: a row per line with its match, the price paid against the
    /// plan and the last time, what will be done with it; the total check; lines not read.
    /// After `apply`, what was logged.
    public func render(_ style: RenderStyle = .plain) -> String {
        var lines = errorLine(style)
        guard let review else { return TextBlocks.fit(lines, width: style.width) }
        if let outcome { return TextBlocks.fit(lines + ReceiptScreen.outcome(outcome, style), width: style.width) }
        lines += ReceiptScreen.heading(review, style)
        let names = categoryNames
        // What will be done with a line goes under it, so that the receipt's name gets the room.
        var notes: [Int: String] = [:]
        for (index, row) in review.rows.enumerated() {
            notes[index + 1] = "-> " + ReceiptScreen.decision(decisions[row.number] ?? row.suggestion, row, categories: names)
        }
        lines += TextBlocks.wrappedTable([["#", "Name", "Total", "Paid", "Planned", "Last time"]] + review.rows.map { row in
            [String(row.number), row.line.name, row.line.netTotal.amountText, ReceiptScreen.price(row.paid.price, row.paid.basis),
             row.planned.map { $0.price.amountText } ?? "", ReceiptScreen.lastTime(row)]
        }, width: style.width, flexible: 1, rightAligned: [0, 2, 4], notes: notes)
        lines += ReceiptScreen.total(review.receipt, style)
        if !review.receipt.totalUnreadable.isEmpty {
            lines.append("Totals that could not be taken:")
            lines += review.receipt.totalUnreadable.map { "  line \($0.number): \(TerminalText.safe($0.text, singleLine: true))" }
        }
        if !review.receipt.unparsed.isEmpty {
            lines.append("Not read (check them against the receipt):")
            lines += review.receipt.unparsed.map { line in
                "  line \(line.number): \(TerminalText.safe(line.text, singleLine: true))" + (review.receipt.unparsedReasons[line.number].map { " (\($0))" } ?? "")
            }
        }
        return TextBlocks.fit(lines, width: style.width)
    }

    /// One row's candidates, numbered for a choice: `1 Milk (on the cart, 82)`.
    public func candidateLines(row number: Int) -> [String] {
        guard let row = review?.rows.first(where: { $0.number == number }) else { return [] }
        return row.match.candidates.enumerated().map { index, candidate in
            "  \(index + 1)  \(TerminalText.safe(candidate.name, singleLine: true))" + (candidate.isOnCart ? " (on the cart, \(candidate.score))" : " (\(candidate.score))")
        }
    }
}

/// The pieces of the receipt screen.
enum ReceiptScreen {
    static func heading(_ review: ReceiptReview, _ style: RenderStyle) -> [String] {
        let store = review.storeName.map { "of " + $0 } ?? "of an unnamed store"
        // One parenthesis: `(a new store, a trip of its own)`.
        let notes = (review.storeName != nil && review.store == nil ? ["a new store"] : []) + (review.cart == nil ? ["a trip of its own"] : [])
        let cart = (review.cart.map { " for cart \($0.name)" } ?? "") + (notes.isEmpty ? "" : " (" + notes.joined(separator: ", ") + ")")
        let date = review.date.map { ", \($0.day)" } ?? ""
        return [style.bold("Receipt") + " \(store)\(cart)\(date)"]
    }

    static func price(_ price: Money, _ basis: PriceUnit) -> String { "\(price.amountText)/\(basis)" }

    /// `-18% since 2 Mar` (`-18% vs 25 Nov` for a price seen after the receipt's day), or the
    /// last price when the two do not compare.
    static func lastTime(_ row: ReceiptReviewRow) -> String {
        guard let last = row.lastPrice else { return "" }
        guard let percent = last.percent else { return price(last.last.price, last.last.basis) }
        return "\(percent > 0 ? "+" : "")\(percent)% \(last.isAfterReceipt ? "vs" : "since") \(shortDay(last.seenOn))"
    }

    static func shortDay(_ day: Day) -> String {
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(day.day) \(months[(day.month - 1) % 12])"
    }

    static func decision(_ decision: ReceiptDecision, _ row: ReceiptReviewRow, categories: [CategoryID: String]) -> String {
        switch decision {
        case .item(let id):
            (row.match.candidates.first { $0.item == id }?.name ?? id.rawValue) + (row.match.best?.item == id ? " (\(row.match.verdict.rawValue))" : "")
        case .newItem(let category, let name): "new item " + (name.map { "\"\(TerminalText.safe($0, singleLine: true))\" " } ?? "") + "in " + (categories[category] ?? category.rawValue)
        case .impulse: row.line.isDeposit ? "deposit, impulse" : row.match.verdict == .new ? "new, impulse buy" : "doubtful, impulse buy"
        case .skip: row.isRefund ? "refund, not logged" : "skipped"
        }
    }

    static func total(_ receipt: Receipt, _ style: RenderStyle) -> [String] {
        let computed = receipt.computedTotal.amountText
        guard let stated = receipt.statedTotal, let difference = receipt.difference else {
            return [style.yellow("Total: the lines come to \(computed) \(receipt.currency.code); the receipt states no total Grock can read, "
                                 + "so nothing checks that every line was read: it is logged only when accepted as read.")]
        }
        // Refunds (empties returned) count in the receipt's total but cannot be logged.
        let refunds = receipt.lines.filter(\.netTotal.isNegative)
        let afterRefunds = refunds.isEmpty ? "" : "; the refunds (\(refunds.map { Echo.quoted($0.name) }.joined(separator: ", "))) cannot be logged, "
            + "so logging it leaves a difference of \(receipt.refundedTotal.amountText) to accept"
        if difference.minorUnits == 0 {
            let line = "Total: \(stated.amountText) \(receipt.currency.code), the lines add up" + afterRefunds + "."
            return [refunds.isEmpty ? line : style.yellow(line)]
        }
        return [style.yellow("Total: the receipt says \(stated.amountText), the lines come to \(computed) (a difference of \(difference.amountText))" + afterRefunds + ".")]
    }

    static func outcome(_ outcome: ReceiptOutcome, _ style: RenderStyle) -> [String] {
        let verb = outcome.isDryRun ? "Would log" : "Logged"
        let target = outcome.cart.status == .completed ? "a trip of \(outcome.cart.completedAt?.day.description ?? "")" : "cart \(outcome.cart.name)"
        var lines = [style.bold(verb) + " \(Wording.counted(outcome.logged.count, "line")) of \(outcome.storeName)"
                        + (outcome.storeAdded ? " (a new store)" : "") + " on \(target): \(outcome.loggedTotal.amountText) \(outcome.loggedTotal.currency.code)"]
        lines += TextBlocks.table(outcome.logged.map { line in
            [line.row.map(String.init) ?? "", line.name, "\(line.quantity) \(line.unit)", "\(line.price.amountText)/\(line.basis)", line.cost.amountText, kind(line.kind)]
        }, rightAligned: [0, 4], limits: [1: 30])
        if let difference = outcome.difference, difference.minorUnits != 0 {
            lines.append(style.yellow("The receipt says \(outcome.statedTotal?.amountText ?? ""): a difference of \(difference.amountText), accepted."))
        }
        if !outcome.skipped.isEmpty { lines.append("Skipped: line " + outcome.skipped.map(String.init).joined(separator: ", ")) }
        if !outcome.refunds.isEmpty { lines.append("Refunds, not logged: line " + outcome.refunds.map(String.init).joined(separator: ", ")) }
        if outcome.learnedNames > 0 { lines.append("Learned \(Wording.counted(outcome.learnedNames, "receipt name")) at \(outcome.storeName).") }
        if outcome.itemsAdded > 0 { lines.append("\(Wording.counted(outcome.itemsAdded, "new item")) in the vault.") }
        if outcome.isDryRun { lines.append("Nothing was stored (--dry-run).") }
        return lines
    }

    static func kind(_ kind: ReceiptLoggedLine.Kind) -> String {
        switch kind {
        case .cartLine: "on the cart"
        case .vaultItem: "from the vault"
        case .newItem: "new item"
        case .impulse: "impulse"
        case .salesTax: "sales tax"
        }
    }
}
