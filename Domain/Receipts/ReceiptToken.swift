/// One word of a receipt line, read for what it can mean on a receipt.
enum ReceiptToken: Sendable, Equatable {
    /// Anything else: part of a name, a label, a tax code.
    case word
    /// A price: digits with exactly the currency's decimals (`1,19`, `£0.89`, `4.99-`).
    case amount(ReceiptAmount)
    /// A number that is not a price: `2`, `0,736`; in thousandths.
    case number(Int64)
    /// `20%`, `-20%`, `1,5%`: thousandths of a percent, negative with a minus.
    case percent(Int64)
    /// `x`, `×`, `*`, `@`: how many times a price.
    case times
    /// What a price is per: `EUR/kg`, `/lb`, `€/kg`, `ea`.
    case per(MeasureUnit)
    /// A unit after a quantity: `kg`, `lb`, `g`, `Stk`.
    case unit(MeasureUnit)
    /// A currency sign or code on its own: `€`, `EUR`, `£`.
    case currency(Currency)
}

/// A price as printed: its size in minor units and whether it is taken off.
struct ReceiptAmount: Sendable, Equatable {
    var minorUnits: Int64
    var isNegative: Bool
    /// The currency its sign or code names, when it carries one (`£0.89`).
    var currency: Currency?
    /// The same digits as a quantity in thousandths, when they could be one (`1.20` lb).
    var thousandths: Int64?
}
