/// A receipt line cut into its words, each with its original text and meaning.
struct ReceiptWords: Sendable {
    var texts: [String]
    var tokens: [ReceiptToken]
    /// Whether a word was printed glued to the one before it (`kg` in `2,5kg`).
    var isGlued: [Bool]

    var count: Int { tokens.count }

    /// The folded keys of the line's words (`ReceiptVocabulary.keys`), amounts and marks left out.
    var keys: [String] { tokens.indices.flatMap { tokens[$0] == .word ? ReceiptVocabulary.keys(texts[$0]) : [] } }

    /// The line's prices, in order.
    var amounts: [ReceiptAmount] {
        tokens.compactMap { token in
            if case .amount(let amount) = token { return amount }
            return nil
        }
    }

    mutating func removeFirst() {
        texts.removeFirst()
        tokens.removeFirst()
        isGlued.removeFirst()
    }

    mutating func removeLast() {
        texts.removeLast()
        tokens.removeLast()
        isGlued.removeLast()
    }

    /// Cuts `line` at white space, mends the breaks OCR puts in prices (`1, 19`, `4 .99`,
    /// French thousands `1 234,56`), splits what receipts glue together (`2x0,89`, `0,736kg`)
    /// and reads each word.
    init(_ line: String, minorDigits: Int) {
        var raw = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        raw = ReceiptWords.mended(raw)
        texts = []
        tokens = []
        isGlued = []
        for word in raw {
            for (piece, (text, token)) in ReceiptWords.read(word, minorDigits: minorDigits).enumerated() {
                // `7.000 %`: a percent sign apart from its number.
                if text == "%", case .number(let value)? = tokens.last {
                    tokens[tokens.count - 1] = .percent(value)
                    texts[texts.count - 1] += "%"
                    continue
                }
                texts.append(text)
                tokens.append(token)
                isGlued.append(piece > 0)
            }
        }
    }

    /// Joins the pieces of a price that spaces split.
    private static func mended(_ raw: [String]) -> [String] {
        var result: [String] = []
        var index = 0
        while index < raw.count {
            let word = raw[index]
            if index + 1 < raw.count {
                let next = raw[index + 1]
                let nextIsCents = next.count >= 2 && next.prefix(2).allSatisfy(\.isASCIIDigit)
                    && (next.count == 2 || next.dropFirst(2).allSatisfy { $0 == "-" })
                let endsWithMark = (word.hasSuffix(",") || word.hasSuffix(".")) && word.dropLast().last?.isASCIIDigit == true
                let startsWithMark = (next.hasPrefix(",") || next.hasPrefix(".")) && next.count >= 3
                    && next.dropFirst().prefix(2).allSatisfy(\.isASCIIDigit) && word.last?.isASCIIDigit == true
                let thousands = word.count <= 3 && word.allSatisfy(\.isASCIIDigit) && next.count == 6
                    && next.prefix(3).allSatisfy(\.isASCIIDigit) && (next.dropFirst(3).first == "," || next.dropFirst(3).first == ".")
                    && next.suffix(2).allSatisfy(\.isASCIIDigit) && !(result.last.map(isNumeric) ?? false)
                if (endsWithMark && nextIsCents) || startsWithMark || thousands {
                    result.append(word + next)
                    index += 2
                    continue
                }
            }
            result.append(word)
            index += 1
        }
        return result
    }

    private static func isNumeric(_ word: String) -> Bool { word.allSatisfy { $0.isASCIIDigit || $0 == "," || $0 == "." } }

    /// What one word means; a word that glues two things (`2x`, `0,736kg`, `0.89/lb`) is two.
    private static func read(_ word: String, minorDigits: Int) -> [(String, ReceiptToken)] {
        if ["x", "X", "×", "*", "@"].contains(word) { return [(word, .times)] }
        if let currency = currencyMark(word) { return [(word, .currency(currency))] }
        if ["ea", "EA", "each", "EACH", "Ea"].contains(word) { return [(word, .per(.each))] }
        if let unit = unitWord(word) { return [(word, .unit(unit))] }
        if let amount = ReceiptWords.amount(word, minorDigits: minorDigits) { return [(word, .amount(amount))] }
        if let number = number(word) { return [(word, .number(number))] }
        if word.hasSuffix("%"), word.count > 1 {
            var body = Substring(word.dropLast())
            let negative = body.hasPrefix("-")
            if negative { body = body.dropFirst() }
            if let value = number(String(body)) { return [(word, .percent(negative ? -value : value))] }
        }
        if let slash = word.firstIndex(of: "/") {
            let left = String(word[..<slash]), right = String(word[word.index(after: slash)...])
            if let unit = perUnit(right) {
                if left.isEmpty || currencyMark(left) != nil { return [(word, .per(unit))] }
                if let amount = ReceiptWords.amount(left, minorDigits: minorDigits) {
                    return [(left, .amount(amount)), ("/" + right, .per(unit))]
                }
            }
        }
        // A speck OCR read behind a price: `1,49.`, `1,78.A` (its tax class), `-0,30:`. A dot only
        // after a decimal comma, where no date ends like it (`23.11.` is a date).
        for cut in 1...2 where word.count > cut + 3 {
            let head = String(word.dropLast(cut)), tail = word.suffix(cut)
            let taxClass = tail.dropFirst()
            guard tail.first == ":" || (tail.first == "." && head.contains(",")),
                  taxClass.allSatisfy({ $0.isUppercase && $0.isLetter }),
                  let amount = ReceiptWords.amount(head, minorDigits: minorDigits) else { continue }
            return [(head, .amount(amount))] + (taxClass.isEmpty ? [] : [(String(taxClass), .word)])
        }
        // Glued: `2x`, `2x0,89`, `x0,89`, `0,736kg`, `2Stk`.
        if let times = word.firstIndex(where: { $0 == "x" || $0 == "X" || $0 == "×" || $0 == "@" }) {
            let left = String(word[..<times]), right = String(word[word.index(after: times)...])
            let leftOK = left.isEmpty || number(left) != nil
            let rightOK = right.isEmpty || ReceiptWords.amount(right, minorDigits: minorDigits) != nil
            if leftOK && rightOK && !(left.isEmpty && right.isEmpty) {
                var parts: [(String, ReceiptToken)] = []
                if !left.isEmpty { parts += read(left, minorDigits: minorDigits) }
                parts.append((String(word[times]), .times))
                if !right.isEmpty { parts += read(right, minorDigits: minorDigits) }
                return parts
            }
        }
        if let split = word.firstIndex(where: { $0.isLetter }), split != word.startIndex {
            let left = String(word[..<split]), right = String(word[split...])
            if let value = number(left) ?? ReceiptWords.amount(left, minorDigits: minorDigits)?.thousandths, let unit = unitWord(right) {
                return [(left, .number(value)), (right, .unit(unit))]
            }
        }
        return [(word, .word)]
    }

    /// `€`, `EUR`, `£`, `GBP`, `$`, `USD` and a few other codes receipts print.
    static func currencyMark(_ word: String) -> Currency? {
        switch word {
        case "€", "EUR", "Eur", "eur", "EURO", "Euro": .euro
        case "£", "GBP": ReceiptWords.pound
        case "$", "USD", "US$": ReceiptWords.dollar
        case "CHF", "Fr.", "SFr.": ReceiptWords.franc
        case "RM", "MYR": ReceiptWords.ringgit
        case "S$", "SGD": ReceiptWords.singaporeDollar
        default: nil
        }
    }

    // Codes of `Currency`'s own table, checked against it by `CurrencyTests`.
    static let pound = Currency(known: "GBP", minorDigits: 2)
    static let dollar = Currency(known: "USD", minorDigits: 2)
    static let franc = Currency(known: "CHF", minorDigits: 2)
    static let ringgit = Currency(known: "MYR", minorDigits: 2)
    static let singaporeDollar = Currency(known: "SGD", minorDigits: 2)

    /// A unit that follows a quantity.
    private static func unitWord(_ word: String) -> MeasureUnit? {
        switch word.lowercased() {
        case "kg": .kg
        case "g", "gr": .g
        case "lb", "lbs": .lb
        case "oz": .oz
        case "stk", "stk.", "st", "st.", "stück", "pc", "pcs": .each
        default: nil
        }
    }

    /// What a price is per, after its `/`.
    private static func perUnit(_ word: String) -> MeasureUnit? {
        switch word.lowercased() {
        case "ea", "each", "stk", "st", "pc": .each
        default: unitWord(word)
        }
    }

    /// A number that is no price: digits, with at most three decimals after one `.` or `,`.
    static func number(_ word: String) -> Int64? {
        guard !word.isEmpty, word.count <= 10, word.allSatisfy({ $0.isASCIIDigit || $0 == "," || $0 == "." }) else { return nil }
        let marks = word.filter { $0 == "," || $0 == "." }
        guard marks.count <= 1 else { return nil }
        guard case .success(let value) = DecimalText.parse(word.replacing(",", with: "."), fractionDigits: 3) else { return nil }
        return value
    }

    /// A price: an optional sign (`-` in front or behind, as US receipts print savings; `+`), an
    /// optional currency sign or code, then digits whose last `.` or `,` is followed by exactly
    /// the currency's decimals; any other marks group thousands in threes. Letters OCR reads
    /// for digits (`O`, `l`, `I`) are read as digits in a word that is otherwise a price.
    /// - Parameter bounded: whether a price above `Money.maximum` is none (false: it is read, to
    ///   tell a line with one from a name).
    static func amount(_ word: String, minorDigits: Int, bounded: Bool = true) -> ReceiptAmount? {
        guard minorDigits > 0 else { return nil }
        var body = Substring(word)
        var negative = false
        var currency: Currency?
        // `+0.01`: a rounding up.
        if body.hasPrefix("+") { body = body.dropFirst() }
        for _ in 0..<2 {
            if body.hasPrefix("-") { negative = true; body = body.dropFirst() }
            if body.hasSuffix("-") { negative = true; body = body.dropLast() }
            for mark in ["€", "£", "S$", "$", "EUR", "GBP", "USD", "CHF", "RM", "MYR", "SGD"] {
                if body.hasPrefix(mark) { currency = currencyMark(mark); body = body.dropFirst(mark.count) }
                if body.hasSuffix(mark) { currency = currencyMark(mark); body = body.dropLast(mark.count) }
            }
        }
        // `0,5l` is half a litre (`Wasser 6x0,5l`), never OCR's `0,51`.
        guard body.last != "l" else { return nil }
        guard let lastMark = body.lastIndex(where: { $0 == "," || $0 == "." }) else { return nil }
        let decimalMark = body[lastMark]
        var digits = String(body[..<lastMark]), decimals = String(body[body.index(after: lastMark)...])
        guard decimals.count == minorDigits, !digits.isEmpty else { return nil }
        let realDigits = body.count(where: \.isASCIIDigit)
        let ocr: [Character: Character] = ["O": "0", "o": "0", "l": "1", "I": "1", "|": "1"]
        guard realDigits >= 1, body.count(where: { ocr[$0] != nil }) <= 2 else { return nil }
        decimals = String(decimals.map { ocr[$0] ?? $0 })
        digits = String(digits.map { ocr[$0] ?? $0 })
        guard decimals.allSatisfy(\.isASCIIDigit) else { return nil }
        let groups = digits.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "," || $0 == "." || $0 == "'" })
        guard groups.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }), groups[0].count <= (bounded ? 7 : 18) else { return nil }
        if groups.count > 1 {
            guard !digits.contains(decimalMark), groups[0].count <= 3, groups.dropFirst().allSatisfy({ $0.count == 3 }) else { return nil }
        }
        var maximum: Int64 = 1_000_000
        for _ in 0..<minorDigits { maximum *= 10 }
        // Bounded like a typed price (`Money.maximum`), so no sum of a receipt's lines can overflow.
        guard case .success(let value) = DecimalText.parse(groups.joined() + "." + decimals, fractionDigits: minorDigits),
              value <= maximum || !bounded else { return nil }
        var thousandths: Int64?
        if !negative, currency == nil, groups.count == 1, minorDigits <= 3 {
            // An unbounded amount (up to 18 digits) may not fit as thousandths: then it is no
            // quantity either (`Milch 9999999999999999,99`), rather than a trap.
            let (scaled, overflow) = value.multipliedReportingOverflow(by: [1000, 100, 10, 1][minorDigits])
            thousandths = overflow ? nil : scaled
        }
        return ReceiptAmount(minorUnits: value, isNegative: negative, currency: currency, thousandths: thousandths)
    }
}
