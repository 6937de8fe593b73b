import Domain

/// An item as one JSON document: its prices at every store, normalised for comparison.
public struct ItemDocument: Sendable, Hashable, Encodable {
    public struct Price: Sendable, Hashable, Encodable {
        public let store: String
        public let price: String?
        public let unit: String
        /// What `price` is per: `unit`, or a pack with what it holds (`pack of 250 g`).
        public let pricePer: String
        /// The price per kg, l or each (`perUnit`), for comparing.
        public let unitPrice: String?
        public let perUnit: String
        public let cheapest: Bool
        public let observed: String?
        public let promotion: Bool
        public let promotionUntil: String?

        private enum CodingKeys: String, CodingKey {
            case store, price, unit, pricePer, unitPrice, perUnit, cheapest, observed, promotion, promotionUntil
        }

        /// Absent values are written as `null`, so every price has every key.
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(store, forKey: .store)
            try c.encode(price, forKey: .price)
            try c.encode(unit, forKey: .unit)
            try c.encode(pricePer, forKey: .pricePer)
            try c.encode(unitPrice, forKey: .unitPrice)
            try c.encode(perUnit, forKey: .perUnit)
            try c.encode(cheapest, forKey: .cheapest)
            try c.encode(observed, forKey: .observed)
            try c.encode(promotion, forKey: .promotion)
            try c.encode(promotionUntil, forKey: .promotionUntil)
        }
    }

    public let id: String
    public let name: String
    public let category: String?
    public let unit: String
    public let currency: String
    public let prices: [Price]

    public init(_ details: ItemDetails, currency: Currency) {
        id = details.item.id.rawValue
        name = details.item.name
        category = details.category?.name
        unit = details.item.unit.rawValue
        self.currency = currency.code
        prices = details.prices.map { row in
            Price(store: row.store.name, price: row.current?.unitPrice.price.amountText, unit: row.unit.rawValue, pricePer: row.basis.description,
                  unitPrice: row.normalised?.price.amountText, perUnit: row.basis.baseUnit.rawValue, cheapest: row.isCheapest,
                  observed: row.current?.observedAt.day.description, promotion: row.current?.isPromotion ?? false,
                  promotionUntil: row.current?.promotionUntil?.description)
        }
    }
}
