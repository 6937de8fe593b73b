/// One purchased line of a completed trip: what is exported as CSV and imported back.
public struct Purchase: Sendable, Hashable {
    /// The day of the trip.
    public let date: Day
    /// The trip's name; rows of one date and trip make one cart.
    public let trip: String
    /// Where it was bought, by name; empty when the store is not known.
    public let store: String
    /// Empty for an impulse buy, which never enters the vault.
    public let category: String
    /// The item's name as bought.
    public let item: String
    /// How much was bought, in `unit`.
    public let quantity: Quantity
    /// What `quantity` counts or weighs.
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

    /// A purchase row; `basis` defaults to `unit`, a price per one of what was counted.
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
