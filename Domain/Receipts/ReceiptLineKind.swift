/// What one line of a receipt is, read on its own; `ReceiptParser` then puts neighbouring lines
/// together (a name above its price, a quantity below its item).
enum ReceiptLineKind: Sendable, Equatable {
    case blank
    case date(ReceiptDate)
    case noise(IgnoredReceiptLine.Reason)
    /// Words without a price: part of the header or footer, or a name whose price is below.
    case text(String)
    case total(Int64)
    case addedTax(Int64)
    /// Cash rounding, signed: `Rounding Adj -0.02`.
    case rounding(Int64)
    /// Taken off the line above: an amount, or a percent (thousandths of one) of its total.
    case discount(label: String, amount: Int64?, percent: Int64?)
    case quantity(ReceiptQuantity)
    /// A name and its total, with a count in front when printed so (`2 x Milk £2.50`);
    /// `keyword` is what the receipt's own words in it would make it (`NETTO APFELSAFT 0,99` is
    /// `vat`), which it is below the total, where no item is.
    case item(name: String, total: Int64, count: Int64?, keyword: IgnoredReceiptLine.Reason?)
    /// A price alone on its line (signed), whose name is above it.
    case amountOnly(Int64)
    /// Prices in a shape the parser does not know.
    case unknown
    /// A line that starts like the total but whose amount cannot be taken (`SUMME -0,99`,
    /// `SUMME abc`, `SUMME 99999999999,00`); `hasFigure` unless only words follow the phrase.
    case unreadableTotal(hasFigure: Bool)
    /// A line the parser leaves unparsed for a reason it can say.
    case unreadable(UnparsedReceiptReason)
}


extension ReceiptLineKind {
    /// Reads one line.
    /// - Parameter currency: the receipt's; a price in another is not taken as one.
    /// - Parameter dayFirst: how to read an ambiguous date such as `03/04/2026`.
    init(_ line: String, currency: Currency, dayFirst: Bool) {
        let trimmed = line.trimmingWhitespace()
        guard !trimmed.isEmpty else { self = .blank; return }
        guard trimmed.contains(where: { $0.isLetter || $0.isNumber }) else { self = .noise(.decoration); return }
        var words = ReceiptWords(trimmed, minorDigits: currency.minorDigits)
        // `USB CABLE $5.00` on a receipt in euros: relabelled it would be a wrong price; left
        // unparsed, the total check shows it. Looked at before the marks behind a price go.
        if words.tokens.contains(where: { if case .amount = $0 { true } else { false } }),
           let other = words.tokens.indices.lazy.compactMap({ index -> Currency? in
               switch words.tokens[index] {
               case .amount(let amount): amount.currency
               // `Fr.` is also French for several words (`Creme Fr.`): a sign only on a price.
               case .currency(let shown): words.texts[index] == "Fr." ? nil : shown
               default: nil
               }
           }).first(where: { $0 != currency }) {
            self = .unreadable(.otherCurrency(other))
            return
        }
        // `Milch 99999999,00`: a price beyond what Grock takes is no part of a name (a total's is
        // an unreadable total).
        if words.tokens.indices.contains(where: { words.tokens[$0] == .word
                && ReceiptWords.amount(words.texts[$0], minorDigits: currency.minorDigits, bounded: false) != nil }),
           ReceiptVocabulary.prefix(of: ReceiptVocabulary.keys(trimmed), in: ReceiptVocabulary.total) == nil {
            self = .unreadable(.tooLarge)
            return
        }
        ReceiptLineKind.stripMarks(&words)
        let amounts = words.tokens.indices.compactMap { index -> (Int, ReceiptAmount)? in
            if case .amount(let amount) = words.tokens[index] { return (index, amount) }
            return nil
        }
        let keys = words.keys
        if amounts.isEmpty, let date = ReceiptDates.date(in: words.texts, dayFirst: dayFirst) { self = .date(date); return }
        if amounts.isEmpty, ReceiptDates.hasImpossibleDate(in: words.texts) { self = .unreadable(.impossibleDate); return }
        self = ReceiptLineKind.classify(words, amounts: amounts, keys: keys, text: trimmed)
    }

    private static func classify(_ words: ReceiptWords, amounts: [(Int, ReceiptAmount)], keys: [String], text: String) -> ReceiptLineKind {
        let tokens = words.tokens
        let percents = tokens.compactMap { token -> Int64? in
            if case .percent(let value) = token { return value }
            return nil
        }
        if let kind = totalOrTax(tokens, amounts: amounts, keys: keys) { return kind }
        if let reason = noise(words, amounts: amounts, percents: percents, keys: keys) { return .noise(reason) }
        if let length = ReceiptVocabulary.prefix(of: keys, in: ReceiptVocabulary.total),
           let hasFigure = unreadableTotal(words, amounts: amounts, phraseLength: length) {
            return .unreadableTotal(hasFigure: hasFigure)
        }
        if amounts.isEmpty && percents.isEmpty {
            if keys.isEmpty {
                return tokens.allSatisfy({ if case .currency = $0 { true } else { $0 == .times } }) ? .noise(.decoration) : .unknown
            }
            return .text(text)
        }
        let isDeposit = keys.contains { ReceiptVocabulary.depositWords.contains($0) }
        // `AKTION ERDBEEREN 1,99`, `Coupon Chips 1,49`: a discount's word in front of a grocery's
        // name with a price paid is an item; a discount takes off (`-0,50`, `0.50-`, `-20%`) or
        // says nothing but its own words (`Rabatt 0,50`, `PROMO 20%`).
        let hasDiscountWord = keys.contains { ReceiptVocabulary.discountWords.contains($0) }
        let isDiscount = !isDeposit && ((hasDiscountWord && (amounts.isEmpty || !ReceiptVocabulary.namesAGrocery(keys)))
            || amounts.last?.1.isNegative == true || (amounts.isEmpty && percents.first.map { $0 < 0 } == true))
        if isDiscount, let kind = discount(words, lastAmount: amounts.last, percents: percents) { return kind }
        // `MILCH 1,5%` above `6 x 0,99  5,94`: a name with its fat content, whose price is below.
        if amounts.isEmpty, !percents.isEmpty, !isDiscount, ReceiptVocabulary.namesAGrocery(keys) { return .text(text) }
        switch ReceiptQuantity.read(words) {
        case .quantity(let quantity): return .quantity(quantity)
        // `100001 x 0,01`: no item named `x`.
        case .tooLarge: return .unreadable(.tooLarge)
        case nil: break
        }
        return item(words, amounts: amounts, percents: percents, keys: keys, isDeposit: isDeposit, hasDiscountWord: hasDiscountWord)
    }

    /// Takes off what surrounds a line's content: stars and rules in front, and behind the last
    /// price its tax code (`A`, `B*`, `F`, `N`, `1`) and currency.
    private static func stripMarks(_ words: inout ReceiptWords) {
        while let first = words.tokens.first,
              first == .times || (first == .word && !words.texts[0].contains(where: { $0.isLetter || $0.isNumber })) {
            words.removeFirst()
        }
        while words.count >= 2 {
            let last = words.tokens[words.count - 1], text = words.texts[words.count - 1]
            var beforeIsPrice = false
            if case .amount = words.tokens[words.count - 2] { beforeIsPrice = true }
            if case .currency = words.tokens[words.count - 2] { beforeIsPrice = true }
            let isCode: Bool = switch last {
            case .word: text.count <= 2 && text.allSatisfy { ($0.isUppercase && $0.isASCII) || $0.isASCIIDigit || $0 == "*" || $0 == "#" }
            case .number: text.count == 1
            case .currency: true
            case .times: true
            default: false
            }
            guard beforeIsPrice, isCode else { return }
            words.removeLast()
        }
    }

    /// The name in `range`: the words as printed, without bar codes (and the flag a till prints
    /// after one).
    static func name(_ words: ReceiptWords, in range: Range<Int>) -> String {
        var parts: [(text: String, isGlued: Bool)] = []
        var sawBarcode = false
        for index in range {
            let text = words.texts[index]
            if case .currency = words.tokens[index] { continue }
            if text.count >= 6 && text.allSatisfy(\.isASCIIDigit) {
                sawBarcode = true
                continue
            }
            parts.append((text, words.isGlued[index]))
        }
        // A till that prints bar codes prints flags beside them (`F`, `NF`) before the price.
        while sawBarcode, parts.count > 1, let last = parts.last, last.text.count <= 2, last.text.allSatisfy(\.isUppercase) {
            parts.removeLast()
        }
        var name = ""
        for part in parts {
            if !name.isEmpty && !part.isGlued { name += " " }
            name += part.text
        }
        return name
    }
}
