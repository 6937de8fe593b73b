/// What an item costs at one store.
public struct PriceOption: Sendable, Hashable {
    /// The store the prices are at.
    public let store: StoreID
    /// What the store sells it by: a unit, or `pack` with `pack` saying what one holds.
    public let unit: MeasureUnit
    /// What one pack holds, for a price per pack: 2.29 for 250 g.
    public let pack: PackSize?
    /// The newest regular price; nil when only a promotion is known.
    public var regular: PriceQuote?
    /// A promotion over the regular price, valid or expired; nil without one.
    public var promotion: Promotion?

    /// An option as given; `pack` is dropped unless `unit` is `pack`.
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
