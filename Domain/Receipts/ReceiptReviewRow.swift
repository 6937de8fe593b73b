/// One receipt line, what it matched and how its price compares.
public struct ReceiptReviewRow: Sendable, Hashable {
    /// 1-based, in the receipt's order: what a decision names the row by.
    public let number: Int
    /// The receipt's line.
    public let line: ReceiptLine
    /// What the line most likely is among the user's items.
    public let match: ReceiptMatch
    /// What the line is logged as so that it costs exactly its net total.
    public let paid: ReceiptLinePrice
    /// The price the cart planned for the matched item, when it is on the cart.
    public let planned: UnitPrice?
    /// The last price known for the matched item at the store, and how the receipt's differs.
    public let lastPrice: ReceiptPriceChange?
    /// The decision taken unless one is given: the match for an alias or a confident match, a
    /// skip for a refund, an impulse buy otherwise (deposits, doubtful and new lines).
    public let suggestion: ReceiptDecision

    /// A row as `ReviewReceipt` made it.
    public init(number: Int, line: ReceiptLine, match: ReceiptMatch, paid: ReceiptLinePrice, planned: UnitPrice?,
                lastPrice: ReceiptPriceChange?, suggestion: ReceiptDecision) {
        self.number = number
        self.line = line
        self.match = match
        self.paid = paid
        self.planned = planned
        self.lastPrice = lastPrice
        self.suggestion = suggestion
    }

    /// A negative line (a refund, a deposit given back): it cannot be logged.
    public var isRefund: Bool { line.netTotal.isNegative }
}
