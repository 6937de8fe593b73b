/// What logging a receipt did (or, on a dry run, would do).
public struct ReceiptOutcome: Sendable, Hashable {
    /// The shopping cart the lines were logged on, or the completed trip made of them.
    public let cart: Cart
    /// The store's name, as stored (or as made from the receipt).
    public let storeName: String
    /// Whether the store was made from the receipt.
    public let storeAdded: Bool
    /// The lines logged, in the receipt's order; sales tax last.
    public let logged: [ReceiptLoggedLine]
    /// The rows decided `skip`.
    public let skipped: [Int]
    /// The rows of negative lines, which cannot be logged.
    public let refunds: [Int]
    /// What the logged lines cost: the receipt's net line totals, exactly.
    public let loggedTotal: Money
    /// The receipt's stated total, when it states one.
    public let statedTotal: Money?
    /// How many receipt names the store learned (or relearned) as an item.
    public let learnedNames: Int
    /// Vault items made from new lines.
    public let itemsAdded: Int
    /// What was logged otherwise than the receipt says, and why.
    public let cautions: [ReceiptCaution]
    /// Nothing was stored.
    public let isDryRun: Bool
    /// The sentence that names the change (and its undo step).
    public let summary: String

    /// An outcome as `ApplyReceipt` made it.
    public init(cart: Cart, storeName: String, storeAdded: Bool, logged: [ReceiptLoggedLine], skipped: [Int], refunds: [Int],
                loggedTotal: Money,
                statedTotal: Money?, learnedNames: Int, itemsAdded: Int, cautions: [ReceiptCaution], isDryRun: Bool, summary: String) {
        self.cart = cart
        self.storeName = storeName
        self.storeAdded = storeAdded
        self.logged = logged
        self.skipped = skipped
        self.refunds = refunds
        self.loggedTotal = loggedTotal
        self.statedTotal = statedTotal
        self.learnedNames = learnedNames
        self.itemsAdded = itemsAdded
        self.cautions = cautions
        self.isDryRun = isDryRun
        self.summary = summary
    }

    /// Stated less logged; nil without a stated total.
    public var difference: Money? {
        statedTotal.map { Money(minorUnits: Money.difference($0.minorUnits, loggedTotal.minorUnits), currency: $0.currency) }
    }
}
