/// A line logged otherwise than its decision asked, and why.
public struct ReceiptCaution: Sendable, Hashable, CustomStringConvertible {
    /// Why the line was logged otherwise.
    public enum Reason: String, Sendable, Hashable, CaseIterable {
        /// The cart's line counts the item in a unit the receipt's quantity cannot be put in (a
        /// kg item on a line without a weight): logged at the planned quantity, priced per pack
        /// of it so that it costs what the receipt says.
        case keptPlannedQuantity
        /// The item was logged already from an earlier line of the receipt: this one is an
        /// impulse buy of the same name.
        case repeatedItem
        /// No quantity and price of the cart's line cost exactly what the receipt says: an
        /// impulse buy.
        case inexact
        /// The cart's line was bought already (by hand, or from an earlier receipt): what it
        /// records is kept, and this line is an impulse buy of the same name.
        case alreadyBought
        /// The price paid is more than `PriceCheck.factor` times, or less than a `factor`th of,
        /// the last price at the store: logged anyway (prices do jump), but a misread size or a
        /// wrong match looks like this.
        case priceJump
    }

    /// The receipt row, 1-based.
    public let row: Int
    /// The line's name as the receipt gives it.
    public let item: String
    /// What was done instead, and why.
    public let reason: Reason

    /// A caution as `ApplyReceipt` made it.
    public init(row: Int, item: String, reason: Reason) {
        self.row = row
        self.item = item
        self.reason = reason
    }

    /// One sentence for a person, naming the row and what was done.
    public var description: String {
        let subject = "line \(row), \(Echo.quoted(item))"
        return switch reason {
        case .keptPlannedQuantity:
            "\(subject): the receipt gives no quantity in the cart's unit; logged at the planned quantity, at the receipt's total"
        case .repeatedItem: "\(subject): the item was already logged from an earlier line; logged as an impulse buy"
        case .alreadyBought:
            "\(subject): the cart's line was bought already (by hand or from an earlier receipt); kept, "
                + "and this line logged as an impulse buy"
        case .inexact: "\(subject): no price on the cart's line comes to the receipt's total exactly; logged as an impulse buy"
        case .priceJump:
            "\(subject): the price paid is more than \(PriceCheck.factor) times, or less than a third of, the last price at the store; "
                + "logged anyway (look at the line)"
        }
    }
}
