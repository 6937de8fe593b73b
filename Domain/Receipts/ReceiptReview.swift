/// What a receipt is to be read against: its text and, optionally, the cart being shopped, the
/// store and the day, as a person gives them.
public struct ReceiptRequest: Sendable, Hashable {
    /// The receipt's bytes (UTF-8 text, as `ReceiptParser.parse(_:assuming:)` reads them).
    public var bytes: [UInt8]
    /// The shopping cart the receipt is for (name or id); nil: the receipt is a trip of its own.
    public var cart: String?
    /// The store (name or id); nil: the one the receipt's header names.
    public var store: String?
    /// When the purchase happened, as typed (`Timestamp(happened:now:)`); nil: the receipt's date.
    public var date: String?

    /// A request for a receipt's bytes, as read from a file.
    public init(bytes: [UInt8], cart: String? = nil, store: String? = nil, date: String? = nil) {
        self.bytes = bytes
        self.cart = cart
        self.store = store
        self.date = date
    }

    /// A request for a receipt's text, such as one pasted.
    public init(text: String, cart: String? = nil, store: String? = nil, date: String? = nil) {
        self.init(bytes: Array(text.utf8), cart: cart, store: store, date: date)
    }
}

/// What to do with one line of a receipt.
public enum ReceiptDecision: Sendable, Hashable {
    /// It is this item (of the vault, or a line of the cart).
    case item(ItemID)
    /// A new item of the vault in this category, named `name` (checked like a typed name), else
    /// as the receipt names it (`Trauben hell kernlos 500g`).
    case newItem(category: CategoryID, name: String? = nil)
    /// Bought on impulse: logged on the trip, kept out of the vault.
    case impulse
    /// Not logged at all.
    case skip
}

/// A receipt read and matched, before anything is stored: what `ApplyReceipt` would log.
public struct ReceiptReview: Sendable, Hashable {
    /// The receipt as parsed.
    public let receipt: Receipt
    /// The known store the receipt is from; nil when it is new or unnamed.
    public let store: Store?
    /// The name a new store would get (the `--store` given or the header's name) when `store`
    /// is nil; nil too when neither names one.
    public let newStoreName: String?
    /// The shopping cart the receipt is for; nil: it makes a completed trip of its own.
    public let cart: Cart?
    /// When the purchase happened: the date given, else the receipt's; nil when neither says.
    public let date: Timestamp?
    /// A row per receipt line, in the receipt's order.
    public let rows: [ReceiptReviewRow]
    /// The vault's categories, in order: what a new item can go in.
    public let categories: [Category]

    /// A review as `ReviewReceipt` made it.
    public init(receipt: Receipt, store: Store?, newStoreName: String?, cart: Cart?, date: Timestamp?, rows: [ReceiptReviewRow],
                categories: [Category]) {
        self.receipt = receipt
        self.store = store
        self.newStoreName = newStoreName
        self.cart = cart
        self.date = date
        self.rows = rows
        self.categories = categories
    }

    /// The store's name, known or new.
    public var storeName: String? { store?.name ?? newStoreName }

    /// The decision of each row that nobody changed: its suggestion.
    public var suggestedDecisions: [Int: ReceiptDecision] {
        Dictionary(firstByKey: rows.map { ($0.number, $0.suggestion) })
    }
}

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

/// The last price known for an item at a store, and how a receipt's price compares with it.
public struct ReceiptPriceChange: Sendable, Hashable {
    /// The last price known there.
    public let last: UnitPrice
    /// The day it was paid or seen.
    public let seenOn: Day
    /// The receipt's price against it, in whole percent (+9: 9% dearer), rounded half away
    /// from zero; nil when the two cannot be compared (per kg against each) or it was free.
    public let percent: Int?
    /// The price was seen after the receipt's day (a receipt entered late): it is no price the
    /// receipt's changed "since".
    public let isAfterReceipt: Bool

    /// A comparison as worked out.
    public init(last: UnitPrice, seenOn: Day, percent: Int?, isAfterReceipt: Bool = false) {
        self.last = last
        self.seenOn = seenOn
        self.percent = percent
        self.isAfterReceipt = isAfterReceipt
    }
}
