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
    /// A discount of more than 100% (`PROMO -1000%`): it would make the item above a refund.
    case overWholePrice

    /// A phrase for the person reviewing the receipt.
    public var description: String {
        switch self {
        case .otherCurrency(let currency): "a price in \(currency.code), not the receipt's currency"
        case .tooLarge: "a quantity or cost larger than Grock keeps"
        case .impossibleDate: "a date that does not exist or is outside 1990 to 2099; the receipt's day is unknown"
        case .overWholePrice: "a discount of more than the whole price"
        }
    }
}
