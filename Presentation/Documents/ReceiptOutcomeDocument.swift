import Domain

/// What logging the receipt did. `CodingKeys` leave the screen's extra figures out of the JSON.
public struct ReceiptOutcomeDocument: Encodable, Sendable, Hashable {
    /// The name of the cart the lines went on, or of the completed trip made of them.
    public let cart: String
    /// That cart's id, to open it (`cart.show`) or undo the change on it.
    public let cartId: String
    /// Shopping, or completed for a trip made of the receipt; written as its raw value.
    public let status: CartStatus
    /// The store the purchases are logged at.
    public let store: String
    /// Whether that store was made from the receipt.
    public let storeAdded: Bool
    /// The lines logged, in the receipt's order, sales tax last.
    public let logged: [ReceiptLoggedDocument]
    /// The rows decided `skip`: not logged.
    public let skipped: [Int]
    /// The rows of negative lines (refunds, deposits given back): counted in the receipt's total, but
    /// never logged.
    public let refunds: [Int]
    /// What the logged lines cost, as a decimal string: the receipt's net line totals, exactly.
    public let loggedTotal: String
    /// The total the receipt prints; nil when it prints none.
    public let statedTotal: String?
    /// `statedTotal` less `loggedTotal`; nil without a stated total.
    public let difference: String?
    /// How many receipt names the store learned as an item's, so the next receipt matches them.
    public let learnedNames: Int
    /// How many vault items were made from new lines.
    public let itemsAdded: Int
    /// What was logged otherwise than the receipt says, and why, each to show as a warning;
    /// written as its sentence.
    public let cautions: [Caution]
    /// Whether nothing was stored: the document says what applying would do.
    public let dryRun: Bool
    /// The sentence that names the change, and how to undo it.
    public let summary: String
    /// The day the trip made of the receipt was completed; nil for lines logged on a cart being
    /// shopped. Not in the JSON.
    public let completedOn: Day?
    /// The ISO code of every amount logged (`EUR`): the settings' currency when the receipt was
    /// logged, which is the review's unless it changed meanwhile.
    public let currency: String
    /// Whether the logged lines come to the stated total, or it states none: false when a
    /// difference was accepted. Not in the JSON.
    public let addsUp: Bool

    private enum CodingKeys: String, CodingKey {
        case cart, cartId, status, store, storeAdded, logged, skipped, refunds, loggedTotal, statedTotal, difference, learnedNames,
             itemsAdded, cautions, dryRun, summary, currency
    }

    init(_ outcome: ReceiptOutcome) {
        cart = outcome.cart.name
        cartId = outcome.cart.id.rawValue
        status = outcome.cart.status
        store = outcome.storeName
        storeAdded = outcome.storeAdded
        logged = outcome.logged.map {
            ReceiptLoggedDocument(line: $0.row, kind: $0.kind, name: $0.name, quantity: $0.quantity.description, unit: $0.unit.rawValue,
                                  price: $0.price.amountText, per: $0.basis.description, cost: $0.cost.amountText)
        }
        skipped = outcome.skipped
        refunds = outcome.refunds
        loggedTotal = outcome.loggedTotal.amountText
        statedTotal = outcome.statedTotal?.amountText
        difference = outcome.difference?.amountText
        learnedNames = outcome.learnedNames
        itemsAdded = outcome.itemsAdded
        cautions = outcome.cautions.map(Caution.receipt)
        dryRun = outcome.isDryRun
        summary = outcome.summary
        completedOn = outcome.cart.status == .completed ? outcome.cart.completedAt?.day : nil
        currency = outcome.loggedTotal.currency.code
        addsUp = (outcome.difference?.minorUnits ?? 0) == 0
    }
}

/// One line logged from a receipt.
public struct ReceiptLoggedDocument: Encodable, Sendable, Hashable {
    /// The receipt line; nil for the sales tax.
    public let line: Int?
    /// What the line was logged as: cartLine, vaultItem, newItem, impulse or salesTax; written as
    /// its raw value.
    public let kind: ReceiptLoggedLine.Kind
    /// The item's name; the receipt's name for an impulse buy.
    public let name: String
    /// How many or how much was logged (`2`, `0.532`).
    public let quantity: String
    /// What `quantity` counts or weighs (`each`, `kg`).
    public let unit: String
    /// The price logged per `per`, as a decimal string: chosen so the line costs exactly `cost`.
    public let price: String
    /// What `price` is per: a unit, or a pack with what it holds.
    public let per: String
    /// What the line cost, as a decimal string: its net total on the receipt (the tax, for
    /// `salesTax`).
    public let cost: String
}
