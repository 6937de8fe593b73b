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
