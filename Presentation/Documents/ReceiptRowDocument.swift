import Domain

/// One receipt line under review.
public struct ReceiptRowDocument: Encodable, Sendable, Hashable {
    /// The row's number, 1-based in the receipt's order: what `ReceiptViewModel.decide(row:_:)`
    /// takes, and what `ReceiptDocument.newItems` and the outcome's `skipped` list.
    public let line: Int
    /// The receipt's name for it.
    public let name: String
    /// How many or how much was bought (`2`, `0.532`); 1 when the receipt does not say.
    public let quantity: String
    /// What `quantity` counts or weighs: `each`, or the unit a weighed line is in (`kg`, `lb`).
    public let unit: String
    /// What the line cost before discounts, and after.
    public let total, net: String
    /// Each discount taken off the line, positive, as a decimal string; `total` less these is `net`.
    public let discounts: [String]
    /// A bottle or can deposit rather than an item: suggested as an impulse buy, never a new item.
    public let deposit: Bool
    /// A negative line: it cannot be logged.
    public let refund: Bool
    /// How sure the match is: alias, confident, doubtful or new; written as its raw value.
    public let verdict: ReceiptMatch.Verdict
    /// The user's items the line may be, best first; empty when nothing fits (`verdict` `new`).
    public let candidates: [ReceiptCandidateDocument]
    /// For a new line: the category its words suggest.
    public let suggestedCategory: String?
    /// The price it is logged at, so that it costs exactly `net`.
    public let paid: ReceiptPriceDocument
    /// The price the cart planned for the matched item.
    public let planned: ReceiptPriceDocument?
    /// The last price known for the matched item at the store.
    public let last: ReceiptPriceDocument?
    /// The day `last` was paid or seen; written `YYYY-MM-DD`.
    public let lastSeen: DocumentDay?
    /// `paid` against `last` in whole percent (+9: 9% dearer); nil when they do not compare.
    public let changePercent: Int?
    /// What applying the receipt does with the line: the person's decision, else its suggestion.
    public let decision: ReceiptDecisionDocument
    /// Whether `last` was seen after the receipt's day (`vs 25 Nov`, not `since`); not in the JSON.
    public let lastIsAfterReceipt: Bool

    private enum CodingKeys: String, CodingKey {
        case line, name, quantity, unit, total, net, discounts, deposit, refund, verdict, candidates, suggestedCategory, paid, planned,
             last, lastSeen, changePercent, decision
    }

    init(_ row: ReceiptReviewRow, decision: ReceiptDecision, categories: [CategoryID: String]) {
        line = row.number
        name = row.line.name
        quantity = row.line.quantity.description
        unit = row.line.unit.rawValue
        total = row.line.total.amountText
        net = row.line.netTotal.amountText
        discounts = row.line.discounts.map(\.amount.amountText)
        deposit = row.line.isDeposit
        refund = row.isRefund
        verdict = row.match.verdict
        candidates = row.match.candidates.map {
            ReceiptCandidateDocument(item: $0.item.rawValue, name: $0.name, score: $0.score, onCart: $0.isOnCart)
        }
        suggestedCategory = row.match.suggestedCategory.flatMap { categories[$0] }
        paid = ReceiptPriceDocument(price: row.paid.price.amountText, per: row.paid.basis.description)
        planned = row.planned.map { ReceiptPriceDocument(price: $0.price.amountText, per: $0.basis.description) }
        last = row.lastPrice.map { ReceiptPriceDocument(price: $0.last.price.amountText, per: $0.last.basis.description) }
        lastSeen = row.lastPrice.map { DocumentDay($0.seenOn) }
        changePercent = row.lastPrice?.percent
        lastIsAfterReceipt = row.lastPrice?.isAfterReceipt ?? false
        let names = Dictionary(row.match.candidates.map { ($0.item, $0.name) }, uniquingKeysWith: { first, _ in first })
        self.decision = ReceiptDecisionDocument(decision, itemNames: names, categories: categories)
    }
}
