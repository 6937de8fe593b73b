/// The lines a receipt prints that are no purchase: a payment or loyalty note, a VAT table,
/// an item count, a bar code, a section heading.
extension ReceiptLineKind {
    /// Why a line is set aside, when it is.
    /// - Parameter groceryNamesItems: false to ask what the line's keywords alone make it (an item
    ///   below the total that starts with `VISA` is a payment after all).
    static func noise(_ words: ReceiptWords, amounts: [(Int, ReceiptAmount)], percents: [Int64], keys: [String],
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
}
