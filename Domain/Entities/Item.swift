/// A grocery item in the vault, with what it costs at each store.
public struct Item: Sendable, Hashable, Identifiable {
    /// The item's identity, which its cart lines and history keep.
    public let id: ItemID
    /// Unique in the vault, as `Name.key` compares names.
    public var name: String
    /// The category it is shown under.
    public var categoryID: CategoryID
    /// The unit the item is usually bought in, used for lines at stores with no price.
    public var unit: MeasureUnit
    /// At most one option per store.
    public var prices: [PriceOption]

    /// An item as given; a new one is sold each and has no prices.
    public init(id: ItemID, name: String, categoryID: CategoryID, unit: MeasureUnit = .each, prices: [PriceOption] = []) {
        self.id = id
        self.name = name
        self.categoryID = categoryID
        self.unit = unit
        self.prices = prices
    }

    /// What it costs at `store`; nil when no price is known there.
    public func priceOption(at store: StoreID) -> PriceOption? { prices.first { $0.store == store } }

    /// Records a price seen at a store on `date`, replacing what was known there, unless what is
    /// known there was seen later: the vault keeps the newest price seen at each store, so a
    /// receipt entered afterwards or an old trip finished again never overwrites a newer price.
    ///
    /// A regular price replaces the regular price and ends any promotion; a promotion is kept
    /// beside the regular price (in the same unit) until it expires. A price in another unit
    /// replaces the store's option whole: one store, one way of selling the item.
    /// - Returns: whether the price was recorded (false: a newer one is known at that store).
    @discardableResult
    public mutating func record(_ price: UnitPrice, at store: StoreID, on date: Timestamp, promotionUntil: Day?,
                                isPromotion: Bool) -> Bool {
        if let known = priceOption(at: store),
           let seen = [known.regular?.observedAt, known.promotion?.quote.observedAt].compactMap({ $0 }).max(), seen > date {
            return false
        }
        let quote = PriceQuote(price: price.price, observedAt: date)
        var option = priceOption(at: store).flatMap { $0.basis == price.basis ? $0 : nil }
            ?? PriceOption(store: store, unit: price.unit, pack: price.basis.pack, regular: nil, promotion: nil)
        if isPromotion {
            option.promotion = Promotion(quote: quote, until: promotionUntil)
        } else {
            option.regular = quote
            option.promotion = nil
        }
        prices.removeAll { $0.store == store }
        prices.append(option)
        prices.sort { $0.store < $1.store }
        return true
    }

    /// The cheapest current price, compared per kg, l or each (a pack by what it holds), among
    /// stores whose price a quantity in `unit` can be priced by.
    /// - Parameter unit: the line's unit; nil: the item's own unit, or any store when none
    ///   sells it that way.
    /// - Returns: the store and its price, or nil when no such store has a current price.
    public func cheapestCurrentPrice(on day: Day, among stores: Set<StoreID>? = nil,
                                     in unit: MeasureUnit? = nil) -> (store: StoreID, price: UnitPrice)? {
        let current = prices.compactMap { option -> (StoreID, UnitPrice)? in
            guard stores?.contains(option.store) ?? true, let price = option.currentPrice(on: day) else { return nil }
            return (option.store, price.unitPrice)
        }
        let pool: [(StoreID, UnitPrice)]
        if let unit {
            pool = current.filter { PriceUnit(unit).converts(to: $0.1.basis) }
        } else {
            // The item's own way of measuring: a packed item by what its packs hold.
            let dimension = self.unit == .pack ? prices.lazy.compactMap(\.pack).first?.unit.dimension ?? .pack : self.unit.dimension
            let same = current.filter { $0.1.basis.dimension == dimension }
            pool = same.isEmpty ? current : same
        }
        return pool.min { lhs, rhs in lhs.1.isCheaper(than: rhs.1) ?? (lhs.1.price < rhs.1.price) }.map { (store: $0.0, price: $0.1) }
    }
}
