/// A price seen at some moment.
public struct PriceQuote: Sendable, Hashable {
    /// The price of one unit of the option's unit.
    public let price: Money
    public let observedAt: Timestamp

    public init(price: Money, observedAt: Timestamp) {
        self.price = price
        self.observedAt = observedAt
    }
}

/// A promotional price, valid through `until` (inclusive) or until a regular price is recorded.
public struct Promotion: Sendable, Hashable {
    public let quote: PriceQuote
    public let until: Day?

    public init(quote: PriceQuote, until: Day?) {
        self.quote = quote
        self.until = until
    }

    public func isValid(on day: Day) -> Bool { until.map { day <= $0 } ?? true }
}

/// What an item costs at one store.
public struct PriceOption: Sendable, Hashable {
    public let store: StoreID
    public let unit: MeasureUnit
    /// What one pack holds, for a price per pack: 2.29 for 250 g.
    public let pack: PackSize?
    public var regular: PriceQuote?
    public var promotion: Promotion?

    public init(store: StoreID, unit: MeasureUnit, pack: PackSize? = nil, regular: PriceQuote?, promotion: Promotion?) {
        self.store = store
        self.unit = unit
        self.pack = unit == .pack ? pack : nil
        self.regular = regular
        self.promotion = promotion
    }

    /// What the option's prices are per.
    public var basis: PriceUnit { pack.map { PriceUnit(pack: $0) } ?? PriceUnit(unit) }

    /// The price that counts today: a valid promotion, else the regular price.
    public func currentPrice(on day: Day) -> CurrentPrice? {
        if let promotion, promotion.isValid(on: day) {
            return CurrentPrice(unitPrice: UnitPrice(promotion.quote.price, per: basis), observedAt: promotion.quote.observedAt,
                                promotionUntil: promotion.until, isPromotion: true)
        }
        return regular.map {
            CurrentPrice(unitPrice: UnitPrice($0.price, per: basis), observedAt: $0.observedAt, promotionUntil: nil, isPromotion: false)
        }
    }
}

/// The price of an item at a store today, and how old that knowledge is.
public struct CurrentPrice: Sendable, Hashable {
    public let unitPrice: UnitPrice
    public let observedAt: Timestamp
    public let promotionUntil: Day?
    public let isPromotion: Bool
}
