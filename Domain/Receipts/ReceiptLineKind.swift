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

/// `2 x 0,89`, `0,736 kg x 1,99 EUR/kg 1,46`, `1.20 lb @ 0.89/lb`, with a name in front when
/// one is printed there.
struct ReceiptQuantity: Sendable, Equatable {
    var name: String
    var quantity: Quantity
    var unit: MeasureUnit
    /// The price of one `basis`, in minor units.
    var price: Int64
    var basis: MeasureUnit
    /// The line's total when printed on the same line.
    var total: Int64?
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

    /// The total, the cash rounding, the sums row of a VAT table or the tax added to the
    /// total; nil for any other line.
    private static func totalOrTax(_ tokens: [ReceiptToken], amounts: [(Int, ReceiptAmount)], keys: [String]) -> ReceiptLineKind? {
        // The total: nothing on the line but the phrase, currencies, punctuation and one amount.
        let totalKeys = ReceiptVocabulary.ocrTolerant(keys).filter { !ReceiptVocabulary.currencyWords.contains($0) }
        if amounts.count == 1, !totalKeys.isEmpty, ReceiptVocabulary.prefix(of: totalKeys, in: ReceiptVocabulary.rounding) == totalKeys.count {
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
    private static func discount(_ words: ReceiptWords, lastAmount: (Int, ReceiptAmount)?, percents: [Int64]) -> ReceiptLineKind? {
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
    private static func item(_ words: ReceiptWords, amounts: [(Int, ReceiptAmount)], percents: [Int64], keys: [String],
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
    private static func unreadableTotal(_ words: ReceiptWords, amounts: [(Int, ReceiptAmount)], phraseLength: Int) -> Bool? {
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

    /// Why a line is set aside, when it is.
    /// - Parameter groceryNamesItems: false to ask what the line's keywords alone make it (an item
    ///   below the total that starts with `VISA` is a payment after all).
    private static func noise(_ words: ReceiptWords, amounts: [(Int, ReceiptAmount)], percents: [Int64], keys: [String],
                              groceryNamesItems: Bool = true) -> IgnoredReceiptLine.Reason? {
        let tokens = words.tokens
        // A card number or till number in front (`*1234 VISA`) does not hide what a line is.
        let keys = Array(keys.drop { $0.allSatisfy(\.isNumber) })
        let takesOff = amounts.contains { $0.1.isNegative }
        // The receipt's own words may start a grocery's name (`NETTO APFELSAFT 0,99`, `Bonus
        // Joghurt 1,29`): a priced line is noise only when nothing in it names a grocery.
        let namesAGrocery = groceryNamesItems && !amounts.isEmpty && ReceiptVocabulary.namesAGrocery(keys)
        if let match = ReceiptVocabulary.noise.filter({ keys.starts(with: $0.0) }).max(by: { $0.0.count < $1.0.count }),
           match.1 != .footer || amounts.isEmpty,
           // `Lidl Plus Rabatt -0,30` is a discount; `Clubcard savings -£1.20` a summary.
           !takesOff || match.0.count == keys.count,
           !namesAGrocery {
            return match.1
        }
        if !takesOff, !namesAGrocery, keys.contains(where: ReceiptVocabulary.loyaltyWords.contains) { return .loyalty }
        // `enth. MwSt 7% 0,07`: a VAT note that starts with another word.
        if !amounts.isEmpty, !takesOff, !namesAGrocery, keys.contains(where: ReceiptVocabulary.vatWords.contains) { return .vat }
        // A VAT table row: a rate with a code in front (`A 7%`, `B= 19,0%`), or a rate and
        // several amounts (`7,00 % 1,23 0,08 1,31`).
        if !percents.isEmpty {
            let codeFirst = tokens.count > 1 && words.texts[0].count <= 2 && {
                if case .percent = tokens[1] { return true }
                return false
            }()
            let rateFirst: Bool = {
                if case .percent = tokens[0] { return true }
                return false
            }()
            // `2% MILK 1GAL 3.48`, `GV 2% MILK`, `3,5% H-MILCH 1,19`: a rate in a grocery's name.
            let rowWords = codeFirst ? Array(keys.drop { $0 == ReceiptVocabulary.keys(words.texts[0]).first }) : keys
            if (codeFirst || rateFirst || amounts.count >= 2) && !(groceryNamesItems && ReceiptVocabulary.namesAGrocery(rowWords)) {
                return .vat
            }
        }
        if amounts.isEmpty, tokens.count >= 2, case .number = tokens[0], keys.first.map(ReceiptVocabulary.countWords.contains) == true {
            return .itemCount
        }
        let digitWords = words.texts.filter { $0.allSatisfy(\.isASCIIDigit) }
        if amounts.isEmpty, digitWords.count == words.count, digitWords.contains(where: { $0.count >= 8 }) { return .barcode }
        if amounts.isEmpty, !keys.isEmpty, keys.allSatisfy(ReceiptVocabulary.sectionWords.contains),
           keys.contains(where: { $0.count > 3 }), !words.texts.contains(where: { $0.contains(where: \.isLowercase) }) {
            return .section
        }
        return nil
    }

    /// Takes off what surrounds a line's content: stars and rules in front, and behind the last
    /// price its tax code (`A`, `B*`, `F`, `N`, `1`) and currency.
    private static func stripMarks(_ words: inout ReceiptWords) {
        while let first = words.tokens.first, first == .times || (first == .word && !words.texts[0].contains(where: { $0.isLetter || $0.isNumber })) {
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

extension ReceiptQuantity {
    /// What a quantity line reads as.
    enum Reading {
        case quantity(ReceiptQuantity)
        /// A quantity line whose quantity is above `Quantity.maximum`.
        case tooLarge
    }

    /// Reads `[name] quantity [unit] × price [per unit] [total]`; nil for any other line.
    static func read(_ words: ReceiptWords) -> Reading? {
        let tokens = words.tokens
        guard let times = tokens.firstIndex(of: .times), times >= 1 else { return nil }
        var index = times - 1
        var unit: MeasureUnit?
        if case .unit(let given) = tokens[index] {
            unit = given
            index -= 1
        }
        guard index >= 0 else { return nil }
        let thousandths: Int64
        switch tokens[index] {
        case .number(let value): thousandths = value
        case .amount(let amount): guard let value = amount.thousandths else { return nil }; thousandths = value
        default: return nil
        }
        guard thousandths > 0 else { return nil }
        guard tokens[..<index].allSatisfy({ $0 == .word }) else { return nil }
        var next = times + 1
        while next < tokens.count, case .currency = tokens[next] { next += 1 }
        guard next < tokens.count, case .amount(let price) = tokens[next], !price.isNegative else { return nil }
        next += 1
        var per: MeasureUnit?
        scan: while next < tokens.count {
            switch tokens[next] {
            case .per(let given), .unit(let given): per = given
            case .currency: break
            default: break scan
            }
            next += 1
        }
        var total: Int64?
        if next < tokens.count, case .amount(let amount) = tokens[next], !amount.isNegative {
            total = amount.minorUnits
            next += 1
        }
        while next < tokens.count, case .currency = tokens[next] { next += 1 }
        guard next == tokens.count else { return nil }
        // A count sold by weight (`0,736 x 1,99 EUR/kg`) is weighed in the unit it is priced per.
        let lineUnit = unit ?? (thousandths % 1000 != 0 || per.map { $0 != .each } == true ? per ?? .each : .each)
        let basis = per ?? lineUnit
        guard PriceUnit(lineUnit).converts(to: PriceUnit(basis)), lineUnit == .each || thousandths > 0 else { return nil }
        if lineUnit == .each && thousandths % 1000 != 0 { return nil }
        // Checked once the line is known to be a quantity line, so it is told as one.
        guard thousandths <= Quantity.maximum.thousandths else { return .tooLarge }
        return .quantity(ReceiptQuantity(name: ReceiptLineKind.name(words, in: 0..<index), quantity: Quantity(thousandths: thousandths),
                                         unit: lineUnit, price: price.minorUnits, basis: basis, total: total))
    }
}
