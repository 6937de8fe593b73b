/// A second reading of what a receipt came to, for when its printed total cannot be read (OCR
/// made `SUMME` unreadable): cash given less the change (`BAR EUR 10,00`, `Rückgeld EUR 4,15`).
/// Taken only when it agrees with the sum of the lines, a reading of its own: two independent
/// readings that agree are as good as a printed total.
enum ReceiptCash {
    /// Words that start the cash given, and the change, compared as `ReceiptVocabulary.keys`.
    private static let given = ["bar", "gegeben", "gegeben bar", "geg", "geg bar", "bar gegeben", "bargeld", "cash", "cash tendered",
                                "tendered", "tend", "especes"]
        .map(ReceiptVocabulary.keys)
    private static let change = ["ruckgeld", "rueckgeld", "zuruck", "change", "change due", "rendu", "rendu monnaie", "monnaie rendue"]
        .map(ReceiptVocabulary.keys)

    /// Cash given less change, in minor units, when the receipt prints each once with one amount.
    static func paid(_ lines: [String], currency: Currency) -> Int64? {
        var givens: [Int64] = [], changes: [Int64] = []
        for line in lines {
            let words = ReceiptWords(line.trimmingWhitespace(), minorDigits: currency.minorDigits)
            let amounts = words.amounts
            guard amounts.count == 1, !amounts[0].isNegative,
                  amounts[0].currency == nil || amounts[0].currency == currency else { continue }
            let keys = words.keys
            guard !keys.isEmpty else { continue }
            if ReceiptVocabulary.prefix(of: keys, in: change) == keys.count {
                changes.append(amounts[0].minorUnits)
            } else if ReceiptVocabulary.prefix(of: keys, in: given) == keys.count {
                givens.append(amounts[0].minorUnits)
            }
        }
        guard givens.count == 1, changes.count <= 1 else { return nil }
        let (paid, overflow) = givens[0].subtractingReportingOverflow(changes.first ?? 0)
        return overflow || paid <= 0 ? nil : paid
    }
}
