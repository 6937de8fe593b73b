import Domain
import Presentation
import Terminal
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `grock receipt`: the receipt view model, asked in a terminal or told by options.
@MainActor
enum ReceiptSession {
    static func run(_ run: Invocation) async throws {
        let (cart, source) = try arguments(run)
        let text = try ReceiptInput.text(contents(source, run))
        let receipt = run.container.receipt()
        let request = try ReceiptRequest(text: text, cart: cart, store: run.value(.store), date: run.value(.date))
        try run.check(await receipt.review(request), receipt)
        let yes = try run.has(.yes), dryRun = try run.has(.dryRun)
        // Questions need a person at a terminal, and stdin free for the answers.
        let asking = !yes && !run.json && run.console.isInteractive && source != nil && source != "-"
        if !yes && !dryRun && !asking {
            if run.json { return try run.console.json(receipt.document) }
            run.console.out(receipt.render(run.style))
            return run.console.notice("Nothing was logged: add --yes to log it as shown, or run it in a terminal to decide line by line.")
        }
        if asking {
            run.console.out(receipt.render(run.style))
            guard ask(receipt, run),
                  let answer = run.console.readLine(prompt: dryRun ? "Show what would be logged? [Y/n] " : "Log it? [Y/n] "),
                  ["", "y", "yes"].contains(trimmed(answer).lowercased()) else {
                return run.console.notice("Nothing was logged.")
            }
        }
        var applied = await receipt.apply(acceptDifference: try run.has(.acceptDifference), dryRun: dryRun)
        if !applied, asking, case .doesNotAddUp? = receipt.lastError as? ReceiptRefusal {
            guard confirmDifference(receipt, run) else { return run.console.notice("Nothing was logged.") }
            applied = await receipt.apply(acceptDifference: true, dryRun: dryRun)
        }
        try run.check(applied, receipt)
        if run.json { return try run.console.json(receipt.document) }
        run.console.out(receipt.render(run.style))
    }

    /// CART and FILE from the positional arguments: one argument is FILE when it is `-`, a file
    /// that exists or a path with a `/` (a file missing is then said to be), else CART.
    private static func arguments(_ run: Invocation) throws -> (cart: String?, file: String?) {
        switch run.arguments.count {
        case 2: return try (run.argument(0), run.argument(1))
        case 1:
            let word = try run.argument(0)
            var info = stat()
            return word == "-" || word.contains("/") || stat(word, &info) == 0 ? (nil, word) : (word, nil)
        default: return (nil, nil)
        }
    }

    /// The receipt's bytes: tesseract's reading of `--image`, else the file `source` (`-` or
    /// none: standard input).
    private static func contents(_ source: String?, _ run: Invocation) throws -> [UInt8] {
        guard let photo = try run.value(.image) else { return try ReceiptInput.contents(of: source ?? "-") }
        guard source == nil else { throw UsageError("give either FILE or --image, not both") }
        return try ReceiptInput.recognise(photo)
    }

    /// Says why the lines do not come to the receipt's total and asks whether to log them anyway.
    private static func confirmDifference(_ receipt: ReceiptViewModel, _ run: Invocation) -> Bool {
        run.console.out(receipt.errorMessage ?? "")
        guard let answer = run.console.readLine(prompt: "Log it anyway? [y/N] ") else { return false }
        return ["y", "yes"].contains(answer.lowercased())
    }

    /// Asks about each doubtful or new line.
    /// - Returns: false when the person quit (or input ended): nothing is logged.
    private static func ask(_ receipt: ReceiptViewModel, _ run: Invocation) -> Bool {
        guard let rows = receipt.document?.lines else { return false }
        let asked: [ReceiptMatch.Verdict] = [.doubtful, .new]
        for row in rows where !row.deposit && !row.refund && asked.contains(row.verdict) {
            let name = TerminalText.safe(row.name, singleLine: true)
            let doubtful = row.verdict == .doubtful
            run.console.out("Line \(row.line), \"\(name)\" (\(row.net)) " + (doubtful ? "may be:" : "matches nothing you have."))
            if doubtful { run.console.out(receipt.candidateLines(row: row.line).joined(separator: "\n")) }
            let suggested = row.suggestedCategory
            run.console.out((doubtful ? "  Enter: the first; a number: that one; " : "  Enter: an impulse buy; ")
                            + "i: impulse buy; n CATEGORY [= NAME]: a new item" + (suggested.map { " (n: \($0))" } ?? "")
                            + "; s: skip; q: quit")
            while true {
                guard let answer = run.console.readLine(prompt: "> ").map(trimmed) else { return false }
                if answer == "q" { return false }
                if let decision = decision(answer, row: row, suggested: suggested, receipt) {
                    receipt.decide(row: row.line, decision)
                    break
                }
                if let (category, name) = newItem(answer) {
                    if receipt.categoryID(named: category) == nil {
                        let shown = TerminalText.safe(category, singleLine: true)
                        run.console.out("  No category named \"\(shown)\" (grock category list shows them); answer again.")
                    } else {
                        run.console.out("  \"\(TerminalText.safe(name ?? category, singleLine: true))\" cannot be an item's name; "
                                            + "answer again.")
                    }
                } else {
                    run.console.out("  Answer with " + (doubtful ? "Enter, a number from the list, " : "Enter, ")
                                    + "i, n CATEGORY, s or q.")
                }
            }
        }
        return true
    }

    private static func decision(_ answer: String, row: ReceiptRowDocument, suggested: String?,
                                 _ receipt: ReceiptViewModel) -> ReceiptDecision? {
        let candidates = row.candidates.map { ItemID($0.item) }
        let doubtful = row.verdict == .doubtful
        switch answer.lowercased() {
        case "": return doubtful ? candidates.first.map { .item($0) } : .impulse
        case "i": return .impulse
        case "s": return .skip
        case "n": return suggested.flatMap { receipt.categoryID(named: $0) }.map { .newItem(category: $0) }
        default:
            // Only a doubtful line shows its candidates: a number means one of those (any other
            // number, however large or negative, is an answer not understood).
            if doubtful, let number = Int(answer), number >= 1, number <= candidates.count {
                return .item(candidates[number - 1])
            }
            guard let (categoryName, name) = newItem(answer), let category = receipt.categoryID(named: categoryName) else { return nil }
            guard let name else { return .newItem(category: category) }
            // A name Grock would refuse is an answer not understood: the question is asked again.
            guard let valid = try? Name.validated(name, kind: "item") else { return nil }
            return .newItem(category: category, name: valid)
        }
    }

    /// `n Produce = Grapes` read as the category and the new item's name (nil: the receipt's
    /// name); nil when the answer is not `n ...`.
    private static func newItem(_ answer: String) -> (category: String, name: String?)? {
        guard answer.lowercased().hasPrefix("n ") else { return nil }
        let parts = String(answer.dropFirst(2)).split(separator: "=", maxSplits: 1,
                                                      omittingEmptySubsequences: false).map { trimmed(String($0)) }
        return (parts[0], parts.count == 2 ? parts[1] : nil)
    }

    private static func trimmed(_ text: String) -> String {
        String(text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
