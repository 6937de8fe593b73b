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

/// One line a receipt logged.
public struct ReceiptLoggedLine: Sendable, Hashable {
    /// How the line was logged.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// On the cart's own line for the item.
        case cartLine
        /// A vault item not on the cart, added to it bought.
        case vaultItem
        /// A new vault item, made from the line.
        case newItem
        /// An impulse buy (deposits included), kept out of the vault.
        case impulse
        /// The sales tax a US receipt adds on top of its prices.
        case salesTax
    }

    /// The receipt row; nil for the sales tax.
    public let row: Int?
    /// How it was logged.
    public let kind: Kind
    /// The cart line's item: a vault item, or an impulse line's own id.
    public let item: ItemID
    /// The item's name (the receipt's for an impulse buy).
    public let name: String
    /// How much was logged, in `unit`.
    public let quantity: Quantity
    /// What `quantity` counts or weighs.
    public let unit: MeasureUnit
    /// What `price` is per.
    public let basis: PriceUnit
    /// The price of one `basis`.
    public let price: Money
    /// What the line cost: the receipt's net total for it.
    public let cost: Money

    /// A logged line as `ApplyReceipt` made it.
    public init(row: Int?, kind: Kind, item: ItemID, name: String, quantity: Quantity, unit: MeasureUnit, basis: PriceUnit, price: Money,
                cost: Money) {
        self.row = row
        self.kind = kind
        self.item = item
        self.name = name
        self.quantity = quantity
        self.unit = unit
        self.basis = basis
        self.price = price
        self.cost = cost
    }
}

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
