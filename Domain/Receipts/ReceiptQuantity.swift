
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
