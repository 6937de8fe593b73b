/// The lines that carry a price: the total, cash rounding and tax, a discount, an item.
extension ReceiptLineKind {
    /// The total, the cash rounding, the sums row of a VAT table or the tax added to the
    /// total; nil for any other line.
    static func totalOrTax(_ tokens: [ReceiptToken], amounts: [(Int, ReceiptAmount)], keys: [String]) -> ReceiptLineKind? {
        // The total: nothing on the line but the phrase, currencies, punctuation and one amount.
        let totalKeys = ReceiptVocabulary.ocrTolerant(keys).filter { !ReceiptVocabulary.currencyWords.contains($0) }
        if amounts.count == 1, !totalKeys.isEmpty,
           ReceiptVocabulary.prefix(of: totalKeys, in: ReceiptVocabulary.rounding) == totalKeys.count {
            return .rounding(amounts[0].1.isNegative ? -amounts[0].1.minorUnits : amounts[0].1.minorUnits)
        }
        if amounts.count == 1, !amounts[0].1.isNegative, let length = ReceiptVocabulary.prefix(of: totalKeys, in: ReceiptVocabulary.total),
           length == totalKeys.count,
           tokens.allSatisfy({ token in
               switch token {
               case .word, .amount, .currency, .times, .number: true
               default: false
               }
           }) {
            return .total(amounts[0].1.minorUnits)
        }
        if amounts.count >= 2, ReceiptVocabulary.prefix(of: keys, in: ReceiptVocabulary.total) == keys.count {
            // The sums row of a VAT table: `Summe 0,75 8,51 9,26`.
            return .noise(.vat)
        }
        if let last = amounts.last, !last.1.isNegative, keys.contains("tax"), !keys.contains("id"),
           ReceiptVocabulary.prefix(of: keys, in: ReceiptVocabulary.total) == nil {
            return .addedTax(last.1.minorUnits)
        }
        return nil
    }

    /// A discount line: its words up to its amount or percent, and what it takes off; nil
    /// without either.
    static func discount(_ words: ReceiptWords, lastAmount: (Int, ReceiptAmount)?, percents: [Int64]) -> ReceiptLineKind? {
        let tokens = words.tokens
        guard let labelEnd = tokens.firstIndex(where: { token in
            switch token {
            case .amount, .percent: true
            default: false
            }
        }) else { return nil }
        let label = words.texts[..<labelEnd].joined(separator: " ")
        // A price alone: the label may be on the line above (`Clubcard Price` / `-£0.20`).
        if labelEnd == 0, let lastAmount, tokens.count == 1 { return .amountOnly(-lastAmount.1.minorUnits) }
        if let lastAmount { return .discount(label: label, amount: lastAmount.1.minorUnits, percent: nil) }
        return .discount(label: label, amount: nil, percent: percents.first.map { abs($0) })
    }

    /// A name with its price at the line's end, and a count in front when printed so
    /// (`2 x Milk 2,50`); a price alone; or `.unknown` for a line of another shape.
    static func item(_ words: ReceiptWords, amounts: [(Int, ReceiptAmount)], percents: [Int64], keys: [String],
                             isDeposit: Bool, hasDiscountWord: Bool) -> ReceiptLineKind {
        let tokens = words.tokens
        guard let (index, amount) = amounts.last, index == tokens.count - 1 else { return .unknown }
        let signed = amount.isNegative ? -amount.minorUnits : amount.minorUnits
        if index == 0 { return .amountOnly(signed) }
        var nameStart = 0
        var count: Int64?
        if tokens.count > 3, case .number(let value) = tokens[0], tokens[1] == .times, tokens[2] == .word, value % 1000 == 0, value > 0 {
            count = value / 1000
            nameStart = 2
        }
        let name = ReceiptLineKind.name(words, in: nameStart..<index)
        guard name.contains(where: \.isLetter), !amount.isNegative || isDeposit else { return .unknown }
        // What the line would be without its grocery's word, for a line below the total.
        let keyword = keys.contains(where: ReceiptVocabulary.ownWords.contains)
            ? noise(words, amounts: amounts, percents: percents, keys: keys, groceryNamesItems: false) ?? (hasDiscountWord ? .loyalty : nil)
            : nil
        return .item(name: name, total: signed, count: count, keyword: keyword)
    }

    /// Whether a line that starts with the total's phrase is a total whose amount cannot be
    /// taken: taken off (`SUMME -0,99`), or no price but figures (`SUMME 99999999999,00`, above
    /// the maximum) or one word (`SUMME abc`) after the phrase; nil for any other line
    /// (`TOTAL DISCOUNT -1.20`, the phrase alone). True when it prints a figure.
    static func unreadableTotal(_ words: ReceiptWords, amounts: [(Int, ReceiptAmount)], phraseLength: Int) -> Bool? {
        var index = 0, seen = 0
        while index < words.count, seen < phraseLength {
            if words.tokens[index] == .word { seen += ReceiptVocabulary.keys(words.texts[index]).count }
            index += 1
        }
        // Currencies and punctuation (`SUMME EUR`, `TOTAL :`) say nothing about the amount.
        let rest = words.tokens.indices.dropFirst(index).filter { position in
            if case .currency = words.tokens[position] { return false }
            return words.tokens[position] != .word || words.texts[position].contains { $0.isLetter || $0.isNumber }
        }.map { words.tokens[$0] }
        guard !rest.isEmpty else { return nil }
        if !amounts.isEmpty {
            let onlyAmounts = rest.allSatisfy { if case .amount = $0 { true } else { false } }
            return onlyAmounts && amounts.contains { $0.1.isNegative } ? true : nil
        }
        let figures = words.tokens.indices.dropFirst(index).allSatisfy { position in
            switch words.tokens[position] {
            case .number, .percent, .currency: true
            case .word: words.texts[position].contains(where: \.isNumber)
            default: false
            }
        }
        if figures { return true }
        return rest.count == 1 && rest[0] == .word ? false : nil
    }
}
