import Domain

/// A receipt under review as data: each line with its match, the price paid against the one
/// planned and the last one known, the decision taken; lines not understood; the total check;
/// and, once logged, what was logged. Amounts are decimal strings, lines numbered from 1. What
/// only the receipt screen shows (the totals that could not be read, why a line was not read)
/// `CodingKeys` leave out of the JSON, so `receipt.review` and `receipt.apply` answer as before.
public struct ReceiptDocument: Encodable, Sendable, Hashable {
    /// The store's name (known, or to be made: `newStore`); nil when nothing names one.
    public let store: String?
    /// Whether `store` names no known store yet: applying the receipt adds it (and
    /// `ReceiptOutcomeDocument.storeAdded` says so).
    public let newStore: Bool
    /// The shopping cart the receipt is for; nil: it becomes a completed trip of its own.
    public let cart: String?
    /// When the purchase happened, written RFC 3339 (`2026-03-01T09:30:00+01:00`); nil when
    /// nothing says.
    public let date: DocumentTime?
    /// The ISO code of the receipt's amounts (`EUR`), as read from it or the settings.
    public let currency: String
    /// One row per item line the receipt has, in its order; `line` is what `decide(row:_:)` takes.
    public let lines: [ReceiptRowDocument]
    /// The rows that match nothing the user has.
    public let newItems: [Int]
    /// The text lines that were read as nothing (no item, total, header or known noise): shown so the
    /// person can check nothing was missed; empty when every line was understood.
    public let unparsed: [ReceiptTextDocument]
    /// Whether the lines add up to the receipt's stated total. A front flags a receipt that does
    /// not: `apply` refuses to log lines that do not come to the stated total unless told
    /// `acceptDifference`.
    public let total: ReceiptTotalDocument
    /// What was logged (or on a dry run would be); nil before.
    public let outcome: ReceiptOutcomeDocument?
    /// The lines that looked like a total but whose amount could not be taken; not in the JSON.
    public let totalUnreadable: [ReceiptTextDocument]
    /// What the refunds come to, positive, as a decimal string: counted in the receipt's total,
    /// never logged. Not in the JSON.
    public let refundedTotal: String

    private enum CodingKeys: String, CodingKey {
        case store, newStore, cart, date, currency, lines, newItems, unparsed, total, outcome
    }

    /// The document of `review` with `decisions` (a row missing there shows its suggestion),
    /// `categories` naming category ids, and what `outcome` logged, if anything; fronts read it from
    /// `ReceiptViewModel.document` rather than build it.
    public init(review: ReceiptReview, decisions: [Int: ReceiptDecision], categories: [CategoryID: String], outcome: ReceiptOutcome?) {
        let receipt = review.receipt
        store = review.storeName
        newStore = review.store == nil && review.newStoreName != nil
        cart = review.cart?.name
        date = review.date.map(DocumentTime.init)
        currency = receipt.currency.code
        lines = review.rows.map { ReceiptRowDocument($0, decision: decisions[$0.number] ?? $0.suggestion, categories: categories) }
        newItems = review.rows.filter { $0.match.verdict == .new && !$0.line.isDeposit }.map(\.number)
        unparsed = receipt.unparsed.map {
            ReceiptTextDocument(line: $0.number, text: $0.text, reason: receipt.unparsedReasons[$0.number]?.description)
        }
        totalUnreadable = receipt.totalUnreadable.map { ReceiptTextDocument(line: $0.number, text: $0.text, reason: nil) }
        refundedTotal = receipt.refundedTotal.amountText
        total = ReceiptTotalDocument(stated: receipt.statedTotal?.amountText, computed: receipt.computedTotal.amountText,
                                     addedTax: receipt.addedTax.minorUnits == 0 ? nil : receipt.addedTax.amountText,
                                     difference: receipt.difference?.amountText, addsUp: (receipt.difference?.minorUnits ?? 0) == 0)
        self.outcome = outcome.map(ReceiptOutcomeDocument.init)
    }
}
