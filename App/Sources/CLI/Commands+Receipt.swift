import Domain
import Presentation
import Terminal
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Commands {
    static let receipt: [Command] = [
        Command("receipt", usage: "grock receipt [CART] [FILE]",
                summary: "Read a shop's receipt (its text), match its lines to your items and log them: on the cart being shopped, or as a completed trip.",
                details: """
                FILE is the receipt's text (UTF-8, at most 1 MiB); - or no FILE reads standard input.
                One argument is FILE when it is -, a file that exists or a path with a /, else CART. With --image
                PHOTO, tesseract (when it is on PATH) reads the photo instead.
                The review lists every line: the item it matches (alias: a name this store's receipts
                gave it before; confident; doubtful; new), the price paid against the planned one and
                the last one at the store, and what will be done with it. In a terminal, with FILE,
                it asks about each doubtful or new line (accept, another candidate's number, i for an
                impulse buy, n CATEGORY for a new item named as the receipt names it, n CATEGORY = NAME
                for one named NAME, s to skip), then whether to log it, and about a total that differs.
                --yes logs without asking: aliases and confident matches as their items, doubtful and
                new lines and deposits as impulse buys. Without --yes and without a terminal it only
                reviews. A line logged costs exactly what the receipt says; when the lines logged do
                not come to the receipt's total, or it states no total Grock can read, the receipt is
                refused (exit 1) unless --accept-difference. A cart line bought already keeps what
                it records (the receipt's line is an impulse buy). --dry-run stores nothing.
                Without CART the receipt becomes a completed trip of its date (or --date) at its store
                (or --store), made when new. One change: grock undo takes it all back. Names confirmed
                are remembered per store for the next receipt. Exit codes: 2 for a file that is no
                receipt's text (empty, binary, too large, a directory or device) or in another
                currency, 1 for a refusal (a cart not being shopped, a total that differs).
                """,
                examples: ["grock receipt Weekly aldi.txt", "grock receipt Weekly aldi.txt --yes", "grock receipt aldi.txt --yes --store Aldi",
                           "pbpaste | grock receipt Weekly - --yes --dry-run", "grock --json receipt aldi.txt", "grock receipt Weekly --image bon.jpg"],
                options: [.optional("store", "STORE"), .optional("date", "DATE"), .optional("image", "FILE"), .optional("yes"), .optional("dry-run"),
                          .optional("accept-difference")], arguments: 0...2) { run in
            try await ReceiptSession.run(run)
        },
    ]
}

/// `grock receipt`: the receipt view model, asked in a terminal or told by options.
@MainActor
enum ReceiptSession {
    static func run(_ run: Invocation) async throws {
        let (cart, source) = try arguments(run)
        let bytes: [UInt8]
        if let photo = run.parsed.value("image") {
            guard source == nil else { throw UsageError("give either FILE or --image, not both") }
            bytes = try ReceiptInput.recognise(photo)
        } else {
            bytes = try ReceiptInput.contents(of: source ?? "-")
        }
        let receipt = run.container.receipt()
        let request = ReceiptRequest(bytes: bytes, cart: cart, store: run.parsed.value("store"), date: run.parsed.value("date"))
        try run.check(await receipt.review(request), receipt)
        let yes = run.parsed.has("yes"), dryRun = run.parsed.has("dry-run")
        var acceptDifference = run.parsed.has("accept-difference")
        // Questions need a person at a terminal, and stdin free for the answers.
        let asking = !yes && !run.json && run.console.isInteractive && source != nil && source != "-"
        if !yes && !dryRun && !asking {
            if run.json { return run.console.json(receipt.document) }
            run.console.out(receipt.render(run.style))
            return run.console.notice("Nothing was logged: add --yes to log it as shown, or run it in a terminal to decide line by line.")
        }
        if asking {
            run.console.out(receipt.render(run.style))
            guard ask(receipt, run), let answer = run.console.readLine(prompt: dryRun ? "Show what would be logged? [Y/n] " : "Log it? [Y/n] "),
                  ["", "y", "yes"].contains(trimmed(answer).lowercased()) else {
                return run.console.notice("Nothing was logged.")
            }
        }
        var applied = await receipt.apply(acceptDifference: acceptDifference, dryRun: dryRun)
        if !applied, asking, case .doesNotAddUp? = receipt.lastError as? ReceiptRefusal {
            run.console.out(receipt.errorMessage ?? "")
            guard let answer = run.console.readLine(prompt: "Log it anyway? [y/N] "), ["y", "yes"].contains(answer.lowercased()) else {
                return run.console.notice("Nothing was logged.")
            }
            acceptDifference = true
            applied = await receipt.apply(acceptDifference: acceptDifference, dryRun: dryRun)
        }
        try run.check(applied, receipt)
        if run.json { return run.console.json(receipt.document) }
        run.console.out(receipt.render(run.style))
    }

    /// CART and FILE from the positional arguments: one argument is FILE when it is `-`, a file
    /// that exists or a path with a `/` (a file missing is then said to be), else CART.
    private static func arguments(_ run: Invocation) throws -> (cart: String?, file: String?) {
        switch run.arguments.count {
        case 2: return (run.argument(0), run.argument(1))
        case 1:
            let word = run.argument(0)
            var info = stat()
            return word == "-" || word.contains("/") || stat(word, &info) == 0 ? (nil, word) : (word, nil)
        default: return (nil, nil)
        }
    }

    /// Asks about each doubtful or new line.
    /// - Returns: false when the person quit (or input ended): nothing is logged.
    private static func ask(_ receipt: ReceiptViewModel, _ run: Invocation) -> Bool {
        guard let review = receipt.review else { return false }
        for row in review.rows where !row.line.isDeposit && !row.isRefund && (row.match.verdict == .doubtful || row.match.verdict == .new) {
            let name = TerminalText.safe(row.line.name, singleLine: true)
            let doubtful = row.match.verdict == .doubtful
            run.console.out("Line \(row.number), \"\(name)\" (\(row.line.netTotal.amountText)) " + (doubtful ? "may be:" : "matches nothing you have."))
            if doubtful { run.console.out(receipt.candidateLines(row: row.number).joined(separator: "\n")) }
            let suggested = row.match.suggestedCategory.flatMap { id in receipt.categories.first { $0.id == id }?.name }
            run.console.out((doubtful ? "  Enter: the first; a number: that one; " : "  Enter: an impulse buy; ")
                            + "i: impulse buy; n CATEGORY [= NAME]: a new item" + (suggested.map { " (n: \($0))" } ?? "") + "; s: skip; q: quit")
            while true {
                guard let answer = run.console.readLine(prompt: "> ").map(trimmed) else { return false }
                if answer == "q" { return false }
                if let decision = decision(answer, row: row, suggested: suggested, receipt) {
                    receipt.decide(row: row.number, decision)
                    break
                }
                if answer.lowercased().hasPrefix("n ") {
                    let parts = String(answer.dropFirst(2)).split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map { trimmed(String($0)) }
                    let typed = TerminalText.safe(parts[0], singleLine: true)
                    if receipt.category(named: parts[0]) == nil {
                        run.console.out("  No category named \"\(typed)\" (grock category list shows them); answer again.")
                    } else {
                        run.console.out("  \"\(TerminalText.safe(parts.last ?? "", singleLine: true))\" cannot be an item's name; answer again.")
                    }
                } else {
                    run.console.out("  Answer with " + (doubtful ? "Enter, a number from the list, " : "Enter, ") + "i, n CATEGORY, s or q.")
                }
            }
        }
        return true
    }

    private static func decision(_ answer: String, row: ReceiptReviewRow, suggested: String?, _ receipt: ReceiptViewModel) -> ReceiptDecision? {
        let candidates = row.match.candidates
        switch answer.lowercased() {
        case "": return row.match.verdict == .doubtful ? candidates.first.map { .item($0.item) } : .impulse
        case "i": return .impulse
        case "s": return .skip
        case "n": return suggested.flatMap { receipt.category(named: $0) }.map { .newItem(category: $0.id) }
        default:
            // Only a doubtful line shows its candidates: a number means one of those.
            if row.match.verdict == .doubtful, let number = Int(answer), candidates.indices.contains(number - 1) {
                return .item(candidates[number - 1].item)
            }
            // `n Produce = Grapes`: a new item of that name, not the receipt's.
            if answer.lowercased().hasPrefix("n ") {
                let parts = String(answer.dropFirst(2)).split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map { trimmed(String($0)) }
                guard let category = receipt.category(named: parts[0]) else { return nil }
                guard parts.count == 2 else { return .newItem(category: category.id) }
                guard let name = try? Name.validated(parts[1], kind: "item") else { return nil }
                return .newItem(category: category.id, name: name)
            }
            return nil
        }
    }

    private static func trimmed(_ text: String) -> String {
        String(text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
