/// A shop's receipt read from its text: who sold what for how much, and what the receipt says
/// it all came to.
///
/// Every line of the text is accounted for exactly once: in an item line (with the lines that
/// gave its quantity, discounts), in the header (`storeName`, `date`), as the `statedTotal` or
/// `addedTax`, in `totalUnreadable`, in `ignored` (with why), or in `unparsed` (with
/// `unparsedReasons` when the parser knows why).
public struct Receipt: Sendable, Hashable {
    /// The chain's name when the receipt names a known chain (`Lidl`), else its first line that
    /// reads like a name; nil when the header has none.
    public var storeName: String?
    /// When the purchase happened, as the receipt prints it.
    public var date: ReceiptDate?
    /// The currency the receipt itself shows (a sign or a code on some line); nil when it shows
    /// none, and `currency` is then the one the parser was told to assume.
    public var detectedCurrency: Currency?
    /// The currency of every amount on the receipt.
    public var currency: Currency
    /// The items, deposits included, in the order printed.
    public var lines: [ReceiptLine]
    /// What the receipt says was to pay (`SUMME`, `TOTAL`, `BALANCE DUE`); nil when no total
    /// line was found, or when one could not be taken (`totalUnreadable`).
    public var statedTotal: Money?
    /// Sales tax added on top of the prices (US `TAX` lines), zero where prices include it.
    public var addedTax: Money
    /// Lines read and deliberately set aside: VAT tables, card slips, addresses.
    public var ignored: [IgnoredReceiptLine]
    /// Lines the parser did not understand, for a person to look at.
    public var unparsed: [ReceiptTextLine]
    /// Why some lines of `unparsed` are there, by line number, when the parser can say more than
    /// that it did not understand them (a price in another currency, a quantity too large).
    public var unparsedReasons: [Int: UnparsedReceiptReason]
    /// Lines that read as the receipt's total but could not be taken as it: a total taken off
    /// (`SUMME -0,99`), one that is no price (`SUMME abc`, or above `Money.maximum`), or two
    /// totals that disagree (`SUMME 0,99`, later `SUMME 5,00`; the same amount twice is one
    /// total). When there are any, `statedTotal` is nil and every line that looked like a total
    /// is listed here (and nowhere else): what the receipt came to is unknown, so applying it
    /// should ask for an explicit acceptance rather than log it unchecked.
    public var totalUnreadable: [ReceiptTextLine]

    public init(storeName: String?, date: ReceiptDate?, detectedCurrency: Currency?, currency: Currency, lines: [ReceiptLine],
                statedTotal: Money?, addedTax: Money, ignored: [IgnoredReceiptLine], unparsed: [ReceiptTextLine],
                unparsedReasons: [Int: UnparsedReceiptReason] = [:], totalUnreadable: [ReceiptTextLine] = []) {
        self.storeName = storeName
        self.date = date
        self.detectedCurrency = detectedCurrency
        self.currency = currency
        self.lines = lines
        self.statedTotal = statedTotal
        self.addedTax = addedTax
        self.ignored = ignored
        self.unparsed = unparsed
        self.unparsedReasons = unparsedReasons
        self.totalUnreadable = totalUnreadable
    }

    /// What the lines come to: each line's total less its discounts, deposits included, plus
    /// any added tax.
    ///
    /// Cannot overflow: the parser bounds every amount by `Money.maximum` and a receipt's
    /// length by `ReceiptParser.maximumLines`.
    public var computedTotal: Money {
        Money(minorUnits: lines.reduce(addedTax.minorUnits) { $0 + $1.netTotal.minorUnits }, currency: currency)
    }

    /// What the refunds (lines of a negative total: empties returned) come to, as a positive
    /// amount: they count in the receipt's total but cannot be logged. Cannot overflow, like
    /// `computedTotal`.
    public var refundedTotal: Money {
        Money(minorUnits: -lines.reduce(Int64(0)) { $0 + ($1.netTotal.isNegative ? $1.netTotal.minorUnits : 0) }, currency: currency)
    }

    /// The stated total less the computed one: zero when the receipt adds up, positive when it
    /// states more than its lines (a line missed or misread); nil without a stated total.
    public var difference: Money? {
        statedTotal.map { Money(minorUnits: $0.minorUnits - computedTotal.minorUnits, currency: currency) }
    }

    /// Whether the receipt shows a currency other than `currency` (a receipt from a trip abroad).
    public func isForeign(to currency: Currency) -> Bool {
        detectedCurrency.map { $0 != currency } ?? false
    }
}

/// One purchase on a receipt: an item, or a deposit paid (or, negative, refunded).
public struct ReceiptLine: Sendable, Hashable {
    /// The text the receipt names it by, with tax codes and bar codes taken off and spaces
    /// collapsed: `MILCH 1,5% 1L`.
    public var name: String
    /// How many or how much: 1 each when the receipt does not say.
    public var quantity: Quantity
    /// `each`, or the unit a weighed line is weighed in (`kg`, `lb`, `g`).
    public var unit: MeasureUnit
    /// The price of one unit when the receipt shows it (`2 x 0,89`, `1,99 EUR/kg`).
    public var unitPrice: UnitPrice?
    /// What the line cost before discounts, as printed (or quantity times unit price when only
    /// those are printed).
    public var total: Money
    /// Discounts and coupons taken off this line.
    public var discounts: [ReceiptDiscount]
    /// A bottle or can deposit (`Pfand`, `Consigne`, `BOTTLE DEPOSIT`) rather than an item.
    public var isDeposit: Bool
    /// The 1-based numbers of the text lines this line was read from.
    public var sourceLines: [Int]

    public init(name: String, quantity: Quantity = .one, unit: MeasureUnit = .each, unitPrice: UnitPrice? = nil, total: Money,
                discounts: [ReceiptDiscount] = [], isDeposit: Bool = false, sourceLines: [Int]) {
        self.name = name
        self.quantity = quantity
        self.unit = unit
        self.unitPrice = unitPrice
        self.total = total
        self.discounts = discounts
        self.isDeposit = isDeposit
        self.sourceLines = sourceLines
    }

    /// What one of it holds, when its name says (`Kaffee 500g`, `Wasser 6x1,5L`, `Eier 10 Stk`).
    public var packSize: PackSize? { unit == .each && !isDeposit ? ReceiptPackSize.read(from: name) : nil }

    /// What was paid for the line: its total less its discounts.
    public var netTotal: Money {
        Money(minorUnits: discounts.reduce(total.minorUnits) { $0 - $1.amount.minorUnits }, currency: total.currency)
    }
}

/// An amount taken off the line above it: `Rabatt -0,50`, `PROMO -20%`, `SAVINGS 0.50-`.
public struct ReceiptDiscount: Sendable, Hashable {
    /// The receipt's words for it: `Rabatt`, `Clubcard Price`.
    public var label: String
    /// How much was taken off, positive.
    public var amount: Money
    /// The 1-based number of its text line.
    public var sourceLine: Int

    public init(label: String, amount: Money, sourceLine: Int) {
        self.label = label
        self.amount = amount
        self.sourceLine = sourceLine
    }
}

/// The day and, when printed, the time of a receipt, as local time where it was printed.
public struct ReceiptDate: Sendable, Hashable, CustomStringConvertible {
    /// The day printed.
    public var day: Day
    /// Minutes after midnight, when the receipt prints a time.
    public var minuteOfDay: Int?

    public init(day: Day, minuteOfDay: Int? = nil) {
        self.day = day
        self.minuteOfDay = minuteOfDay
    }

    /// The instant in a place `utcOffsetSeconds` ahead of UTC: at the printed time, or at noon
    /// of the day without one (as `Timestamp(happened:now:)` takes a bare day).
    public func timestamp(utcOffsetSeconds: Int32) -> Timestamp {
        let local = Int64(day.daysSince1970) * 86_400 + Int64((minuteOfDay ?? 12 * 60) * 60)
        return Timestamp(secondsSince1970: local - Int64(utcOffsetSeconds), utcOffsetSeconds: utcOffsetSeconds)
    }

    /// `2026-11-23 14:05`, or `2026-11-23` without a time.
    public var description: String {
        guard let minuteOfDay else { return day.description }
        let hour = minuteOfDay / 60, minute = minuteOfDay % 60
        return "\(day) \(hour < 10 ? "0" : "")\(hour):\(minute < 10 ? "0" : "")\(minute)"
    }
}

/// A line of the receipt's text and its 1-based number.
public struct ReceiptTextLine: Sendable, Hashable {
    /// 1 for the first line.
    public var number: Int
    /// The line as printed, without its line end.
    public var text: String

    public init(number: Int, text: String) {
        self.number = number
        self.text = text
    }
}

/// A line the parser recognised as something other than a purchase, and set aside.
public struct IgnoredReceiptLine: Sendable, Hashable {
    /// What kind of line it is.
    public enum Reason: String, Sendable, Hashable, CaseIterable {
        /// The shop's name, address, branch and till numbers above the first item.
        case header
        /// The line that carried the date.
        case date
        /// A VAT table row or a VAT note (`A 7% 1,23 0,08 1,31`, `MwSt`, `TVA`).
        case vat
        /// A subtotal, or a total repeated after the stated one.
        case subtotal
        /// How the bill was paid: card slips, cash given, change.
        case payment
        /// Loyalty points, savings summaries.
        case loyalty
        /// An item count (`12 Artikel`).
        case itemCount
        /// A line of bar code digits.
        case barcode
        /// A department heading between items (`PRODUCE`, `OBST & GEMÜSE`).
        case section
        /// The words of a discount whose amount is on the line below (`Clubcard Price` / `-£0.20`).
        case discountLabel
        /// Rules, stars and other decoration.
        case decoration
        /// Below the total: thanks, addresses, opening hours.
        case footer
    }

    /// The line set aside.
    public var line: ReceiptTextLine
    /// Why it was.
    public var reason: Reason

    public init(line: ReceiptTextLine, reason: Reason) {
        self.line = line
        self.reason = reason
    }
}

/// Why the parser left a line in `Receipt.unparsed`, when it knows.
public enum UnparsedReceiptReason: Sendable, Hashable, CustomStringConvertible {
    /// A price in another currency than the receipt's (`USB CABLE $5.00` on a receipt in euros):
    /// not relabelled into the receipt's currency, so the total check shows it missing.
    case otherCurrency(Currency)
    /// A quantity above `Quantity.maximum` (`100001 x 0,01`), or a quantity times a price above
    /// `Money.maximum`.
    case tooLarge
    /// A date that does not exist (`30.02.2026`): the receipt's day is then not known.
    case impossibleDate

    /// A phrase for the person reviewing the receipt.
    public var description: String {
        switch self {
        case .otherCurrency(let currency): "a price in \(currency.code), not the receipt's currency"
        case .tooLarge: "a quantity or cost larger than Grock keeps"
        case .impossibleDate: "a date that does not exist or is outside 1990 to 2099; the receipt's day is unknown"
        }
    }
}
