import Domain
import Presentation

// `grock receipt`: a receipt's review, and what applying it logged, as text.

/// The receipt screen, drawn from values alone, and its pieces.
public enum ReceiptScreen {
    /// The receipt under review: a row per line with its match, the price paid against the
    /// plan and the last time, what will be done with it; the total check; lines not read.
    /// After `apply`, what was logged. The last intent's `error` goes above.
    public static func render(_ receipt: ReceiptDocument, error: String? = nil, style: RenderStyle = .plain) -> String {
        var lines = ProblemLines.error(error, style)
        if let outcome = receipt.outcome { return TextBlocks.fit(lines + Self.outcome(outcome, style), width: style.width) }
        lines += heading(receipt, style)
        // What will be done with a line goes under it, so that the receipt's name gets the room.
        var notes: [Int: String] = [:]
        for (index, row) in receipt.lines.enumerated() { notes[index + 1] = "-> " + decision(row) }
        lines += TextBlocks.wrappedTable([["#", "Name", "Total", "Paid", "Planned", "Last time"]] + receipt.lines.map { row in
            [String(row.line), row.name, row.net, price(row.paid), row.planned?.price ?? "", lastTime(row)]
        }, width: style.width, flexible: 1, rightAligned: [0, 2, 4], notes: notes)
        lines += total(receipt, style)
        if !receipt.totalUnreadable.isEmpty {
            lines.append("Totals that could not be taken:")
            lines += receipt.totalUnreadable.map { "  line \($0.line): \(TerminalText.safe($0.text, singleLine: true))" }
        }
        if !receipt.unparsed.isEmpty {
            lines.append("Not read (check them against the receipt):")
            lines += receipt.unparsed.map { line in
                "  line \(line.line): \(TerminalText.safe(line.text, singleLine: true))" + (line.reason.map { " (\($0))" } ?? "")
            }
        }
        return TextBlocks.fit(lines, width: style.width)
    }

    static func heading(_ receipt: ReceiptDocument, _ style: RenderStyle) -> [String] {
        let store = receipt.store.map { "of " + $0 } ?? "of an unnamed store"
        // One parenthesis: `(a new store, a trip of its own)`.
        let notes = (receipt.newStore ? ["a new store"] : []) + (receipt.cart == nil ? ["a trip of its own"] : [])
        let cart = (receipt.cart.map { " for cart \($0)" } ?? "") + (notes.isEmpty ? "" : " (" + notes.joined(separator: ", ") + ")")
        let date = receipt.date.map { ", \($0.day)" } ?? ""
        return [style.bold("Receipt") + " \(store)\(cart)\(date)"]
    }

    static func price(_ price: ReceiptPriceDocument) -> String { "\(price.price)/\(price.per)" }

    /// `-18% since 2 Mar` (`-18% vs 25 Nov` for a price seen after the receipt's day), or the
    /// last price when the two do not compare.
    static func lastTime(_ row: ReceiptRowDocument) -> String {
        guard let last = row.last else { return "" }
        guard let percent = row.changePercent, let seen = row.lastSeen?.day else { return price(last) }
        return "\(percent > 0 ? "+" : "")\(percent)% \(row.lastIsAfterReceipt ? "vs" : "since") \(shortDay(seen))"
    }

    static func shortDay(_ day: Day) -> String {
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(day.day) \(months[(day.month - 1) % 12])"
    }

    static func decision(_ row: ReceiptRowDocument) -> String {
        let decision = row.decision
        switch decision.decision {
        case .item:
            let isBest = row.verdict != .new && row.candidates.first?.item == decision.item
            return (decision.itemName ?? decision.item ?? "") + (isBest ? " (\(row.verdict.rawValue))" : "")
        case .newItem:
            return "new item " + (decision.itemName.map { "\"\(TerminalText.safe($0, singleLine: true))\" " } ?? "")
                + "in " + (decision.category ?? "")
        case .impulse:
            return row.deposit ? "deposit, impulse" : row.verdict == .new ? "new, impulse buy" : "doubtful, impulse buy"
        case .skip: return row.refund ? "refund, not logged" : "skipped"
        }
    }

    static func total(_ receipt: ReceiptDocument, _ style: RenderStyle) -> [String] {
        let computed = receipt.total.computed
        guard let stated = receipt.total.stated, let difference = receipt.total.difference else {
            return [style.yellow("Total: the lines come to \(computed) \(receipt.currency); the receipt states no total Grock can read, "
                                 + "so nothing checks that every line was read: it is logged only when accepted as read.")]
        }
        // Refunds (empties returned) count in the receipt's total but cannot be logged.
        let refunds = receipt.lines.filter(\.refund)
        let afterRefunds = refunds.isEmpty ? "" : "; the refunds (\(refunds.map { Echo.quoted($0.name) }.joined(separator: ", "))) "
                                                      + "cannot be logged, "
            + "so logging it leaves a difference of \(receipt.refundedTotal) to accept"
        if receipt.total.addsUp {
            let line = "Total: \(stated) \(receipt.currency), the lines add up" + afterRefunds + "."
            return [refunds.isEmpty ? line : style.yellow(line)]
        }
        return [style.yellow("Total: the receipt says \(stated), the lines come to \(computed) (a difference of \(difference))"
                                 + afterRefunds + ".")]
    }

    static func outcome(_ outcome: ReceiptOutcomeDocument, _ style: RenderStyle) -> [String] {
        let verb = outcome.dryRun ? "Would log" : "Logged"
        let target = outcome.status == .completed ? "a trip of \(outcome.completedOn?.description ?? "")" : "cart \(outcome.cart)"
        var lines = [style.bold(verb) + " \(Wording.counted(outcome.logged.count, "line")) of \(outcome.store)"
                        + (outcome.storeAdded ? " (a new store)" : "") + " on \(target): \(outcome.loggedTotal) \(outcome.currency)"]
        lines += TextBlocks.table(outcome.logged.map { line in
            [line.line.map(String.init) ?? "", line.name, "\(line.quantity) \(line.unit)", "\(line.price)/\(line.per)", line.cost,
             kind(line.kind)]
        }, rightAligned: [0, 4], limits: [1: Widths.name])
        if !outcome.addsUp {
            lines.append(style.yellow("The receipt says \(outcome.statedTotal ?? ""): "
                                          + "a difference of \(outcome.difference ?? ""), accepted."))
        }
        if !outcome.skipped.isEmpty { lines.append("Skipped: line " + outcome.skipped.map(String.init).joined(separator: ", ")) }
        if !outcome.refunds.isEmpty {
            lines.append("Refunds, not logged: line " + outcome.refunds.map(String.init).joined(separator: ", "))
        }
        if outcome.learnedNames > 0 {
            lines.append("Learned \(Wording.counted(outcome.learnedNames, "receipt name")) at \(outcome.store).")
        }
        if outcome.itemsAdded > 0 { lines.append("\(Wording.counted(outcome.itemsAdded, "new item")) in the vault.") }
        if outcome.dryRun { lines.append("Nothing was stored (--dry-run).") }
        return lines
    }

    /// How a logged line's kind reads: `on the cart`, `from the vault`...
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
