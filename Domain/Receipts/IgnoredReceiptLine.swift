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

    /// `line`, set aside for `reason`.
    public init(line: ReceiptTextLine, reason: Reason) {
        self.line = line
        self.reason = reason
    }
}
