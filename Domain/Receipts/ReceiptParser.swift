/// Reads the text of a shop's receipt (as printed, typed or OCR'd) into a `Receipt`.
///
/// How each kind of line looks, the date rule and the total check are in docs/RECEIPTS.md.
public enum ReceiptParser {
    /// The most lines a receipt may have; a longer text is refused rather than read.
    public static let maximumLines = 2000

    /// Reads a receipt from its text, lines ending in LF, CRLF or CR. Bytes from a file are the
    /// caller's to decode (the command line's `ReceiptInput.text(_:)` refuses those that are not
    /// UTF-8).
    /// - Parameter currency: the currency of a receipt that shows none (the user's).
    /// - Throws: `ReceiptError` `.empty`, `.tooLong`, `.noItems`, or `.controlCharacters` for a
    ///   line with a control character other than a tab (NUL, BEL, ESC, DEL, …).
    public static func parse(text: String, assuming currency: Currency) throws -> Receipt {
        // A form feed ends a page of a printer's text; a CR alone is a line end of old Macs and
        // of some till exports (read as no line end, their lines ran into one).
        var lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" || $0 == "\u{0C}" }
            .map(String.init)
        // The line end of the last line starts no line of its own: 2,000 lines ending in a newline
        // are 2,000 lines.
        if lines.count > 1, lines.last?.isEmpty == true { lines.removeLast() }
        guard lines.count <= maximumLines else { throw ReceiptError.tooLong(lines: lines.count) }
        guard lines.contains(where: { !$0.trimmingWhitespace().isEmpty }) else { throw ReceiptError.empty }
        if let bad = lines.firstIndex(where: { $0.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\t" } }) {
            throw ReceiptError.controlCharacters(line: bad + 1)
        }
        let detected = detectedCurrency(lines)
        let currency = detected ?? currency
        let kinds = lines.map { ReceiptLineKind($0, currency: currency, dayFirst: currency != ReceiptWords.dollar) }
        var assembly = ReceiptAssembly(lines: lines, kinds: kinds, currency: currency)
        try assembly.run()
        guard !assembly.items.isEmpty else { throw ReceiptError.noItems }
        let named = Set(assembly.items.flatMap(\.sourceLines))
        // The total paid less the cash rounding printed above it is what the goods cost (both are
        // bounded like typed prices: no overflow); a rounding that makes it negative is no total.
        var statedTotal = assembly.totalUnreadable.isEmpty
            ? assembly.statedTotal.map { Money(minorUnits: $0.amount - assembly.rounding, currency: currency) }
                .flatMap { $0.minorUnits >= 0 ? $0 : nil }
            : nil
        var unparsed = assembly.unparsed, totalUnreadable = assembly.totalUnreadable
        // Lines whose sum overflows cannot stand in for a total: the receipt then has none.
        if statedTotal == nil,
           let sum = try? Money.sum(assembly.items.map(\.netTotal) + [Money(minorUnits: assembly.addedTax, currency: currency)],
                                    currency: currency) {
            // The printed total is unreadable (or missing): two independent readings that agree
            // are as good as it. The lines' sum and cash given less change, or the VAT table's
            // gross column; or those two together when the lines disagree (the receipt then does
            // not add up, by a known difference, rather than having no total). A line that
            // looked like the total is left for a person to look at.
            let cash = ReceiptCash.paid(lines, currency: currency), gross = ReceiptVATTable.gross(lines, currency: currency)
            let agreed: Int64? = cash == sum.minorUnits || gross == sum.minorUnits ? sum.minorUnits
                : cash != nil && cash == gross ? cash : nil
            if let agreed {
                statedTotal = Money(minorUnits: agreed, currency: currency)
                unparsed += totalUnreadable
                totalUnreadable = []
            }
        }
        return Receipt(storeName: storeName(lines, kinds: kinds, skipping: named), date: assembly.date, detectedCurrency: detected,
                       currency: currency, lines: assembly.items, statedTotal: statedTotal,
                       addedTax: Money(minorUnits: assembly.addedTax, currency: currency), ignored: assembly.ignored,
                       unparsed: unparsed.sorted { $0.number < $1.number }, unparsedReasons: assembly.unparsedReasons,
                       totalUnreadable: totalUnreadable.sorted { $0.number < $1.number })
    }

    /// The currency the receipt shows most often (`€`, `EUR`, `£`, `$` on its own or on a
    /// price, `EUR/kg`); the first shown wins a tie.
    static func detectedCurrency(_ lines: [String]) -> Currency? {
        var counts: [Currency: Int] = [:]
        var order: [Currency] = []
        for line in lines {
            for word in line.split(separator: " ") {
                let found: Currency?
                if word.contains("€") { found = .euro }
                else if word.contains("£") { found = ReceiptWords.pound }
                else if word.contains("S$") { found = ReceiptWords.singaporeDollar }
                else if word.contains("$") { found = ReceiptWords.dollar }
                else {
                    found = ReceiptWords.currencyMark(String((word.split(separator: "/").first ?? word)
                                                                 .filter { $0.isLetter || $0 == "." }))
                }
                guard let found else { continue }
                if counts[found] == nil { order.append(found) }
                counts[found, default: 0] += 1
            }
        }
        // The most counted; of equals, the first met.
        return order.enumerated().max { (counts[$0.element] ?? 0, -$0.offset) < (counts[$1.element] ?? 0, -$1.offset) }?.element
    }

    private static func ocrFolded(_ key: String) -> String {
        String(key.map { character -> Character in
            switch character {
            case "l", "1", "|": "i"
            case "0": "o"
            default: character
            }
        })
    }

    /// A known chain named on a line that is no item, else the first line of the header that
    /// reads like a name.
    /// - Parameter skipping: the numbers of lines that turned out to be part of an item.
    static func storeName(_ lines: [String], kinds: [ReceiptLineKind], skipping: Set<Int>) -> String? {
        let firstItem = kinds.firstIndex { kind in
            switch kind {
            case .item, .quantity, .amountOnly, .total: true
            default: false
            }
        } ?? kinds.count
        for (index, line) in lines.enumerated() where !skipping.contains(index + 1) {
            switch kinds[index] {
            case .text, .noise(.footer), .unreadableTotal(hasFigure: false): break
            case .noise where index < firstItem: break
            default: continue
            }
            // OCR reads `LIDL` as `LlDL`: compared with the letters it confuses folded together.
            let keys = ReceiptVocabulary.keys(line).map(ocrFolded)
            for (chain, name) in ReceiptVocabulary.chains.map({ ($0.0.map(ocrFolded), $0.1) }) {
                for start in keys.indices where keys[start...].starts(with: chain) { return name }
            }
        }
        for index in 0..<firstItem where !skipping.contains(index + 1) {
            let text: String
            switch kinds[index] {
            case .text(let words): text = words
            // A total's word and one more, above the items, is a name: `TOTAL ACCESS`.
            case .unreadableTotal(hasFigure: false): text = lines[index].trimmingWhitespace()
            default: continue
            }
            guard text.count(where: \.isLetter) >= 3, text.count <= 40 else { continue }
            return text.split(separator: " ").joined(separator: " ")
        }
        return nil
    }
}
