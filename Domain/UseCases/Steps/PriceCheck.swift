/// A price that was recorded although it looks like a slip of the keyboard or of the unit, and
/// why. Grock records it anyway (prices do jump), and says so once.
public struct PriceCaution: Sendable, Hashable, CustomStringConvertible {
    /// Why a price looks wrong.
    public enum Reason: Sendable, Hashable {
        /// More than `PriceCheck.factor` times, or less than a `factor`th of, the last price at
        /// that store (compared per kg, l or each).
        case jump(last: UnitPrice, seen: Day)
        /// Per kg, l or each, outside what groceries cost (`PriceCheck.range`); `suggested` is a
        /// unit in which the amount typed would be plausible (2.29/g: was it 2.29/kg?).
        case implausible(normalised: UnitPrice, suggested: MeasureUnit?)
    }

    /// The item's name, as the sentence quotes it.
    public let item: String
    /// The store's name.
    public let store: String
    /// The price as recorded.
    public let price: UnitPrice
    /// What looks wrong about it.
    public let reason: Reason

    /// One sentence for a person, saying the price was recorded anyway.
    public var description: String {
        let subject = "\(Echo.quoted(item)) at \(Echo.quoted(store)): \(price)"
        switch reason {
        case .jump(let last, let seen):
            let higher = last.isCheaper(than: price) ?? true
            return "\(subject) is \(higher ? "more than \(PriceCheck.factor) times" : "less than a third of") the last price there "
                       + "(\(last) on \(seen)); "
                + "recorded anyway"
        case .implausible(let normalised, let suggested):
            let high = normalised.price.minorUnits > 0
                && (PriceCheck.range(normalised.price.currency, normalised.unit)
                        .map { normalised.price.minorUnits > $0.upperBound } ?? false)
            let what = "\(normalised.price.amountText)/\(normalised.unit)"
            let sense = high ? "more than groceries cost" : "less than groceries cost"
            let hint = suggested.map { "; was it \(price.price.amountText)/\($0)?" } ?? ""
            // 5000.00/l needs no "(5000.00/l)".
            let per = price.basis == normalised.basis ? "" : " (\(what))"
            return "\(subject)\(per) is \(sense)\(hint) (recorded anyway)"
        }
    }
}

/// The plausibility rules for a price being recorded: a jump against the last price at the
/// store, and a range per kg, l and each.
public enum PriceCheck {
    /// How far a price may move from the last one at a store before Grock remarks on it.
    public static let factor: Int128 = 3

    /// What groceries cost per base unit, in minor units: 0.05 to 500 per kg or l, 0.01 to 500
    /// each, in currencies worth about a euro; a currency without decimals (yen, won) counts a
    /// hundred times more. Nil for a pack of unknown contents.
    public static func range(_ currency: Currency, _ base: MeasureUnit) -> ClosedRange<Int64>? {
        var scale: Int64 = currency.minorDigits == 0 ? 100 : 1
        for _ in 0..<currency.minorDigits { scale *= 10 }
        switch base.dimension {
        case .mass, .volume: return (5 * scale / 100)...(500 * scale)
        case .count: return (scale / 100)...(500 * scale)
        case .pack: return nil
        }
    }

    /// Whether `price` is more than `factor` times, or less than a `factor`th of, `last`
    /// (compared per the same unit; never for prices of zero or in units that do not convert).
    static func isJump(from last: UnitPrice, to price: UnitPrice) -> Bool {
        guard last.basis.converts(to: price.basis), last.price.minorUnits > 0, price.price.minorUnits > 0,
              let ratio = last.basis.ratio(to: price.basis) else { return false }
        // new / last, both per one `price.basis`: last per basis = last × ratio(basis → last basis)⁻¹.
        // Past 128 bits only a damaged or forged price is: it is no jump a person typed.
        guard let new = Int128.exactProduct(Int128(price.price.minorUnits), ratio.numerator),
              let old = Int128.exactProduct(Int128(last.price.minorUnits), ratio.denominator),
              let oldTimes = Int128.exactProduct(factor, old), let newTimes = Int128.exactProduct(factor, new) else { return false }
        return new > oldTimes || newTimes < old
    }

    /// The cautions for recording `price` of `item` at `store`, before it is recorded.
    static func cautions(for price: UnitPrice, of item: Item, at store: Store, on day: Day) throws -> [PriceCaution] {
        var cautions: [PriceCaution] = []
        if let last = item.priceOption(at: store.id)?.currentPrice(on: day), isJump(from: last.unitPrice, to: price) {
            cautions.append(PriceCaution(item: item.name, store: store.name, price: price,
                                         reason: .jump(last: last.unitPrice, seen: last.observedAt.day)))
        }
        let normalised = try price.normalised()
        // 0.00 too: a free item is rare, a slip of the keyboard is not.
        if let range = range(price.price.currency, normalised.unit), !range.contains(normalised.price.minorUnits) {
            let suggested: MeasureUnit? = switch price.unit {
            case .g: .kg
            case .ml: .l
            case .oz: .lb
            default: nil
            }
            let plausible = try suggested.map { try UnitPrice(price.price, per: $0).normalised().price.minorUnits }
                .map(range.contains) ?? false
            cautions.append(PriceCaution(item: item.name, store: store.name, price: price,
                                         reason: .implausible(normalised: normalised, suggested: plausible ? suggested : nil)))
        }
        // One remark per price: where the unit looks wrong, that says more than the jump.
        if cautions.count > 1, case .implausible(_, let suggested) = cautions[1].reason, suggested != nil { cautions.removeFirst() }
        return cautions
    }
}
