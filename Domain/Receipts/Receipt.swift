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

    /// A receipt as the parser read it, or as a test builds one.
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
        statedTotal.map { Money(minorUnits: Money.difference($0.minorUnits, computedTotal.minorUnits), currency: currency) }
    }

    /// Whether the receipt shows a currency other than `currency` (a receipt from a trip abroad).
    public func isForeign(to currency: Currency) -> Bool {
        detectedCurrency.map { $0 != currency } ?? false
    }
}
