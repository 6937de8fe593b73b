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

/// One receipt line under review.
public struct ReceiptRowDocument: Encodable, Sendable, Hashable {
    public let line: Int
    /// The receipt's name for it.
    public let name: String
    public let quantity: String
    public let unit: String
    /// What the line cost before discounts, and after.
    public let total, net: String
    public let discounts: [String]
    public let deposit: Bool
    /// A negative line: it cannot be logged.
    public let refund: Bool
    /// alias, confident, doubtful or new.
    public let verdict: String
    public let candidates: [ReceiptCandidateDocument]
    /// For a new line: the category its words suggest.
    public let suggestedCategory: String?
    /// The price it is logged at, so that it costs exactly `net`.
    public let paid: ReceiptPriceDocument
    /// The price the cart planned for the matched item.
    public let planned: ReceiptPriceDocument?
    /// The last price known for the matched item at the store.
    public let last: ReceiptPriceDocument?
    /// When `last` was paid or seen.
    public let lastSeen: String?
    /// `paid` against `last` in whole percent (+9: 9% dearer); nil when they do not compare.
    public let changePercent: Int?
    public let decision: ReceiptDecisionDocument

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
        verdict = row.match.verdict.rawValue
        candidates = row.match.candidates.map { ReceiptCandidateDocument(item: $0.item.rawValue, name: $0.name, score: $0.score, onCart: $0.isOnCart) }
        suggestedCategory = row.match.suggestedCategory.flatMap { categories[$0] }
        paid = ReceiptPriceDocument(price: row.paid.price.amountText, per: row.paid.basis.description)
        planned = row.planned.map { ReceiptPriceDocument(price: $0.price.amountText, per: $0.basis.description) }
        last = row.lastPrice.map { ReceiptPriceDocument(price: $0.last.price.amountText, per: $0.last.basis.description) }
        lastSeen = row.lastPrice?.seenOn.description
        changePercent = row.lastPrice?.percent
        let names = Dictionary(row.match.candidates.map { ($0.item, $0.name) }, uniquingKeysWith: { first, _ in first })
        self.decision = ReceiptDecisionDocument(decision, itemNames: names, categories: categories)
    }
}

/// An item a receipt line may be.
public struct ReceiptCandidateDocument: Encodable, Sendable, Hashable {
    public let item: String
    public let name: String
    public let score: Int
    public let onCart: Bool
}

/// A price and what it is per (`each`, `kg`, `pack of 2 each`).
public struct ReceiptPriceDocument: Encodable, Sendable, Hashable {
    public let price: String
    public let per: String

    public init(price: String, per: String) {
        self.price = price
        self.per = per
    }
}

/// What is done with a receipt line: `item` (with its id and name), `newItem` (with its
/// category), `impulse` or `skip`.
public struct ReceiptDecisionDocument: Encodable, Sendable, Hashable {
    public let decision: String
    public let item: String?
    public let itemName: String?
    public let category: String?

    init(_ decision: ReceiptDecision, itemNames: [ItemID: String], categories: [CategoryID: String]) {
        switch decision {
        case .item(let id): (self.decision, item, itemName, category) = ("item", id.rawValue, itemNames[id], nil)
        case .newItem(let id, let name): (self.decision, item, itemName, category) = ("newItem", nil, name, categories[id] ?? id.rawValue)
        case .impulse: (self.decision, item, itemName, category) = ("impulse", nil, nil, nil)
        case .skip: (self.decision, item, itemName, category) = ("skip", nil, nil, nil)
        }
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

/// What logging the receipt did.
public struct ReceiptOutcomeDocument: Encodable, Sendable, Hashable {
    public let cart: String
    public let cartId: String
    /// shopping, or completed for a trip made of the receipt.
    public let status: String
    public let store: String
    public let storeAdded: Bool
    public let logged: [ReceiptLoggedDocument]
    public let skipped: [Int]
    public let refunds: [Int]
    public let loggedTotal: String
    public let statedTotal: String?
    public let difference: String?
    public let learnedNames: Int
    public let itemsAdded: Int
    public let cautions: [String]
    public let dryRun: Bool
    public let summary: String

    init(_ outcome: ReceiptOutcome) {
        cart = outcome.cart.name
        cartId = outcome.cart.id.rawValue
        status = outcome.cart.status.rawValue
        store = outcome.storeName
        storeAdded = outcome.storeAdded
        logged = outcome.logged.map {
            ReceiptLoggedDocument(line: $0.row, kind: $0.kind.rawValue, name: $0.name, quantity: $0.quantity.description, unit: $0.unit.rawValue,
                                  price: $0.price.amountText, per: $0.basis.description, cost: $0.cost.amountText)
        }
        skipped = outcome.skipped
        refunds = outcome.refunds
        loggedTotal = outcome.loggedTotal.amountText
        statedTotal = outcome.statedTotal?.amountText
        difference = outcome.difference?.amountText
        learnedNames = outcome.learnedNames
        itemsAdded = outcome.itemsAdded
        cautions = outcome.cautions.map(\.description)
        dryRun = outcome.isDryRun
        summary = outcome.summary
    }
}

/// One line logged from a receipt.
public struct ReceiptLoggedDocument: Encodable, Sendable, Hashable {
    /// The receipt line; nil for the sales tax.
    public let line: Int?
    /// cartLine, vaultItem, newItem, impulse or salesTax.
    public let kind: String
    public let name: String
    public let quantity: String
    public let unit: String
    public let price: String
    public let per: String
    public let cost: String
}
