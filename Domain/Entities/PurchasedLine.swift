/// One bought line of a completed trip.
public struct PurchasedLine: Sendable, Hashable {
    /// Its trip: an index into `Spending.trips`.
    public let trip: Int
    /// The vault item; nil for an impulse buy.
    public let itemID: ItemID?
    /// The item's name when the trip finished.
    public let item: String
    /// The category it had when the trip finished; nil for an impulse buy.
    public let category: String?
    /// Where it was bought; nil when the line had no store.
    public let store: StoreID?
    /// The unit the line was counted in.
    public let unit: MeasureUnit
    /// What `price` is per: `unit`, or the store's (per lb, per pack of 250 g).
    public let basis: PriceUnit
    /// How much was bought, in `unit`: the quantity bought when it differed from the plan.
    public let quantity: Quantity
    /// The price of one `basis`.
    public let price: Money
    /// quantity × price, converted between `unit` and `basis`, rounded once.
    public let cost: Money

    /// A line as given; `basis` defaults to `unit`.
    public init(trip: Int, itemID: ItemID?, item: String, category: String?, store: StoreID?, unit: MeasureUnit, basis: PriceUnit? = nil,
                quantity: Quantity, price: Money, cost: Money) {
        self.trip = trip
        self.itemID = itemID
        self.item = item
        self.category = category
        self.store = store
        self.unit = unit
        self.basis = basis ?? PriceUnit(unit)
        self.quantity = quantity
        self.price = price
        self.cost = cost
    }

    /// The lines bought on a completed cart, as the lines of trip number `trip`, in the cart's
    /// order; amounts in `currency`, the one spending is counted in.
    /// - Throws: `DomainError.amountOverflow` when a line's cost does not fit.
    public static func bought(on cart: Cart, trip: Int, currency: Currency) throws -> [PurchasedLine] {
        try cart.lines.compactMap { line in
            guard line.isFulfilled, let price = line.actualPrice, let cost = try line.actualCost() else { return nil }
            return PurchasedLine(trip: trip, itemID: line.isImpulse ? nil : line.itemID, item: line.name,
                                 category: line.isImpulse ? nil : line.categoryName, store: line.actualStore, unit: line.unit,
                                 basis: line.priceUnit, quantity: line.purchasedQuantity ?? line.quantity,
                                 price: Money(minorUnits: price.minorUnits, currency: currency),
                                 cost: Money(minorUnits: cost.minorUnits, currency: currency))
        }
    }

    /// How much the line holds in the base unit of what it measures (kg, l, each), in
    /// millionths: what a personal inflation index weighs prices by.
    /// - Throws: `DomainError.amountOverflow` when that does not fit in 64 bits.
    public func baseQuantity() throws -> Int64 { try Self.baseQuantity(thousandths: quantity.thousandths, unit: unit, basis: basis) }

    /// The same from plain numbers, for a storage that keeps lines as numbers (`basis` nil:
    /// priced per `unit`). A line counted in packs of known contents holds what they held (1
    /// pack of 250 g is 0.25 kg).
    /// - Throws: `DomainError.amountOverflow`.
    public static func baseQuantity(thousandths quantity: Int64, unit: MeasureUnit, basis: PriceUnit?) throws -> Int64 {
        let size = (unit == .pack ? basis?.pack.map { PriceUnit(pack: $0).size } : nil) ?? unit.sizeInBaseUnits
        // In 64 bits where the unit's size is a whole number: most lines, and the hot path.
        if size.denominator == 1, let factor = Int64(exactly: size.numerator * 1000) {
            let (value, overflow) = quantity.multipliedReportingOverflow(by: factor)
            guard !overflow else { throw DomainError.amountOverflow }
            return value
        }
        guard let product = Int128.exactProduct(Int128(quantity), 1000, size.numerator),
              let value = Int64(exactly: product / size.denominator) else {
            throw DomainError.amountOverflow
        }
        return value
    }

    /// The cost of `quantity` of `unit` at `price` per `basis`, exact, rounded once.
    /// - Throws: `DomainError.amountOverflow`.
    public static func cost(_ quantity: Quantity, _ unit: MeasureUnit, price: Money, per basis: PriceUnit) throws -> Money {
        if basis == PriceUnit(unit) { return try price.times(quantity) }
        return try price.cost(of: quantity, in: PriceUnit(unit), per: basis) ?? price.times(quantity)
    }
}
