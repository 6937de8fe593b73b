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
