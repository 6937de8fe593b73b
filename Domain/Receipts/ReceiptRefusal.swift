/// Why a receipt cannot be reviewed or logged as it is.
public enum ReceiptRefusal: Error, ClassifiedError, Sendable, Hashable, CustomStringConvertible {
    /// The receipt shows another currency than the user's (a receipt from a trip abroad).
    case foreignCurrency(receipt: String, settings: String)
    /// Neither the receipt's header nor the request names a store.
    case noStore
    /// A decision names a row the receipt does not have.
    case noSuchRow(Int, count: Int)
    /// What would be logged does not come to the stated total: `difference` is stated less
    /// logged; `skipped` and `refunds` name the lines left out.
    case doesNotAddUp(stated: Money, logged: Money, difference: Money, skipped: [String], refunds: [String])
    /// Every line of a receipt without a cart is in history already: it was logged before.
    case alreadyInHistory(trip: String, day: Day)
    /// Every line is skipped or a refund: there is nothing to log.
    case nothingToLog
    /// The receipt states no total Grock could read, so nothing checks that every line was
    /// read: logged only when the person accepts it as read.
    case noTotal
    /// The receipt prints a date Grock cannot take (it does not exist, or lies outside 1990 to
    /// 2099: an OCR'd digit) and the request gives none: its day is unknown, never today.
    case dateUnreadable(line: Int)

    /// `invalidInput` for what the request or receipt says; `refused` for what cannot be logged.
    public var kind: ErrorKind {
        switch self {
        case .foreignCurrency, .noStore, .noSuchRow: .invalidInput
        case .doesNotAddUp, .alreadyInHistory, .nothingToLog, .noTotal, .dateUnreadable: .refused
        }
    }

    /// One sentence for a person: what is wrong and what to do about it.
    public var description: String {
        switch self {
        case .foreignCurrency(let receipt, let settings):
            "the receipt is in \(receipt) and Grock keeps amounts in \(settings); Grock does not convert currencies, so it cannot log it"
        case .noStore: "the receipt names no store Grock can read; say which store it is from"
        case .noSuchRow(let row, let count): "the receipt has no line \(row); its lines are numbered 1 to \(count)"
        case .doesNotAddUp(let stated, let logged, let difference, let skipped, let refunds):
            "the lines to log come to \(logged.amountText), "
                + "the receipt says \(stated.amountText) (a difference of \(difference.amountText))"
                + (skipped.isEmpty ? "" : "; skipped: " + skipped.map(Echo.quoted).joined(separator: ", "))
                + (refunds.isEmpty ? "" : "; refunds, which cannot be logged: " + refunds.map(Echo.quoted).joined(separator: ", "))
                + "; correct the lines, or accept the difference"
        case .nothingToLog: "every line of the receipt is skipped or a refund; there is nothing to log"
        case .noTotal:
            "the receipt states no total Grock can read, so nothing checks that every line was read; look at the review, "
                + "and accept it as read to log it"
        case .dateUnreadable(let line):
            "the receipt's date (line \(line)) does not exist or is outside 1990 to 2099, so the day it is from is unknown; give that day"
        case .alreadyInHistory(let trip, let day):
            "every line of this receipt is already in history (trip \(Echo.quoted(trip)) of \(day)); nothing was logged"
        }
    }
}
