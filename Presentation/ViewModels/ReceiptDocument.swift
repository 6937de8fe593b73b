import Domain

/// A receipt under review as data: each line with its match, the price paid against the one
/// planned and the last one known, the decision taken; lines not understood; the total check;
/// and, once logged, what was logged. Amounts are decimal strings, lines numbered from 1.
public struct ReceiptDocument: Encodable, Sendable, Hashable {
    /// The store's name (known, or to be made: `newStore`); nil when nothing names one.
    public let store: String?
    public let newStore: Bool
    /// The shopping cart the receipt is for; nil: it becomes a completed trip of its own.
    public let cart: String?
    /// When the purchase happened (`2026-03-01T09:30:00+01:00`); nil when nothing says.
    public let date: String?
    public let currency: String
    public let lines: [ReceiptRowDocument]
    /// The rows that match nothing the user has.
    public let newItems: [Int]
    public let unparsed: [ReceiptTextDocument]
    public let total: ReceiptTotalDocument
    /// What was logged (or on a dry run would be); nil before.
    public let outcome: ReceiptOutcomeDocument?

    public init(review: ReceiptReview, decisions: [Int: ReceiptDecision], categories: [CategoryID: String], outcome: ReceiptOutcome?) {
        let receipt = review.receipt
        store = review.storeName
        newStore = review.store == nil && review.newStoreName != nil
        cart = review.cart?.name
        date = review.date?.description
        currency = receipt.currency.code
        lines = review.rows.map { ReceiptRowDocument($0, decision: decisions[$0.number] ?? $0.suggestion, categories: categories) }
        newItems = review.rows.filter { $0.match.verdict == .new && !$0.line.isDeposit }.map(\.number)
        unparsed = receipt.unparsed.map { ReceiptTextDocument(line: $0.number, text: $0.text) }
        total = ReceiptTotalDocument(stated: receipt.statedTotal?.amountText, computed: receipt.computedTotal.amountText,
                                     addedTax: receipt.addedTax.minorUnits == 0 ? nil : receipt.addedTax.amountText,
                                     difference: receipt.difference?.amountText, addsUp: (receipt.difference?.minorUnits ?? 0) == 0)
        self.outcome = outcome.map(ReceiptOutcomeDocument.init)
    }
}

/// A line of the receipt's text.
public struct ReceiptTextDocument: Encodable, Sendable, Hashable {
    public let line: Int
    public let text: String
}

/// What the receipt says it came to against what its lines add up to.
public struct ReceiptTotalDocument: Encodable, Sendable, Hashable {
    public let stated: String?
    public let computed: String
    /// US sales tax, counted in `computed`.
    public let addedTax: String?
    /// stated − computed; nil without a stated total.
    public let difference: String?
    public let addsUp: Bool

    public init(stated: String?, computed: String, addedTax: String?, difference: String?, addsUp: Bool) {
        self.stated = stated
        self.computed = computed
        self.addedTax = addedTax
        self.difference = difference
        self.addsUp = addsUp
    }
}
