import Domain

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
