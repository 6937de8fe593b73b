/// One purchased line of a completed trip: what is exported as CSV and imported back.
public struct Purchase: Sendable, Hashable {
    public let date: Day
    public let trip: String
    public let store: String
    /// Empty for an impulse buy, which never enters the vault.
    public let category: String
    public let item: String
    public let quantity: Quantity
    public let unit: MeasureUnit
    /// What `price` is per: `unit`, or the store's (per lb, per pack of 250 g).
    public let basis: PriceUnit
    /// The price of one `basis`.
    public let price: Money
    /// quantity × price, converted between `unit` and `basis`, rounded once.
    /// - Throws: `DomainError.amountOverflow`.
    public func cost() throws -> Money { try PurchasedLine.cost(quantity, unit, price: price, per: basis) }

    /// Where it came from (a line number of a file), for error messages.
    public let sourceLine: Int?

    public init(date: Day, trip: String, store: String, category: String, item: String, quantity: Quantity, unit: MeasureUnit,
                basis: PriceUnit? = nil, price: Money, sourceLine: Int? = nil) {
        self.date = date
        self.trip = trip
        self.store = store
        self.category = category
        self.item = item
        self.quantity = quantity
        self.unit = unit
        self.basis = basis ?? PriceUnit(unit)
        self.price = price
        self.sourceLine = sourceLine
    }
}
