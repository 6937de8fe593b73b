/// A third reading of what a receipt came to: the gross column of its VAT table, summed
/// (`A 7 % 0,50 7,22 7,72` and `B 19 % 0,25 1,29 1,54` under `MWST% MWST + Netto = Brutto`).
/// Like `ReceiptCash`, taken only when another reading agrees with it.
enum ReceiptVATTable {
    /// The last word of a VAT table's heading when its last column is the gross amount.
    private static let grossWords: Set<String> = ["brutto", "ttc", "gross", "incl", "total", "betrag", "umsatz"]
    /// Words a heading is made of.
    private static let headingWords: Set<String> = [
        "mwst", "ust", "steuer", "tva", "vat", "gst", "tax", "netto", "net", "ht", "taux", "rate", "satz", "amount", "excl",
    ]

    /// The gross column's sum in minor units: the rows below a heading whose last column is
    /// gross, each a tax code, a rate and two or more amounts; nil without such a table, or
    /// when its sums row disagrees with its rows.
    static func gross(_ lines: [String], currency: Currency) -> Int64? {
        var inTable = false
        var rows: [Int64] = []
        var sums: Int64?
        for line in lines {
            let words = ReceiptWords(line.trimmingWhitespace(), minorDigits: currency.minorDigits)
            let keys = words.keys, amounts = words.amounts
            let hasRate = words.tokens.contains { if case .percent = $0 { true } else { false } }
            if amounts.isEmpty, let last = keys.last, grossWords.contains(last),
               keys.dropLast().contains(where: headingWords.contains) {
                inTable = true
                continue
            }
            guard inTable else { continue }
            if hasRate, amounts.count >= 2, amounts.allSatisfy({ !$0.isNegative && ($0.currency == nil || $0.currency == currency) }),
               keys.allSatisfy({ $0.count <= 2 }) {
                rows.append(amounts[amounts.count - 1].minorUnits)
            } else if !hasRate, amounts.count >= 2, !keys.isEmpty,
                      ReceiptVocabulary.prefix(of: keys, in: ReceiptVocabulary.total) == keys.count {
                sums = amounts[amounts.count - 1].minorUnits
            } else if !rows.isEmpty {
                break
            }
        }
        // Each amount is bounded like a typed price and a receipt's length too: no overflow.
        guard !rows.isEmpty else { return nil }
        let total = rows.reduce(0, +)
        return sums.map { $0 == total ? total : nil } ?? total
    }
}
