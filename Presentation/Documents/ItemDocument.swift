import Domain

/// An item as one JSON document: its prices at every store, normalised for comparison. The prices
/// as the vault screen writes them `CodingKeys` leave out of the JSON.
public struct ItemDocument: Sendable, Hashable, Encodable {
    /// The item at one store: the store's current price, what it is per, and that price per base
    /// unit for comparing. Every key is written, absent values as `null` (`NullWhenAbsent`).
    public struct Price: Sendable, Hashable, Encodable {
        /// The store's name.
        public let store: String
        /// The current price per `pricePer`, as a decimal string; nil when the store has none now (an
        /// expired promotion, or never priced there).
        @NullWhenAbsent public private(set) var price: String?
        /// The unit the store sells the item by (`each`, `kg`, `pack`).
        public let unit: String
        /// What `price` is per: `unit`, or a pack with what it holds (`pack of 250 g`).
        public let pricePer: String
        /// The price per kg, l or each (`perUnit`), for comparing.
        @NullWhenAbsent public private(set) var unitPrice: String?
        /// The base unit `unitPrice` is per: `kg`, `l`, `each` or `pack`.
        public let perUnit: String
        /// Whether this is the item's cheapest store by `unitPrice`: the row a front highlights.
        public let cheapest: Bool
        /// The day the current price was seen or paid, `YYYY-MM-DD`; nil without one.
        @NullWhenAbsent public private(set) var observed: String?
        /// Whether the current price is a promotion.
        public let promotion: Bool
        /// The last day of the promotion, `YYYY-MM-DD`; nil when it is no promotion or has no end.
        @NullWhenAbsent public private(set) var promotionUntil: String?
        /// The current price with what it is per (`2.29/pack of 250 g`); nil without one. Not in the JSON.
        public let shelfPrice: String?
        /// `shelfPrice`, and for a pack its price per base unit too (`2.29/pack of 250 g (9.16/kg)`);
        /// nil without a current price. Not in the JSON.
        public let comparedPrice: String?
        /// The current price per base unit with that unit (`9.16/kg`); nil without one. Not in the JSON.
        public let normalisedPrice: String?

        private enum CodingKeys: String, CodingKey {
            case store, price, unit, pricePer, unitPrice, perUnit, cheapest, observed, promotion, promotionUntil
        }
    }

    /// The item's id: what names it through renames (`item.show`, `VaultViewModel.show(_:)`).
    public let id: String
    /// The item's name as the user gave it.
    public let name: String
    /// Its category's name; nil only when the category cannot be found.
    public let category: String?
    /// The unit the item is bought in by default (`each`, `kg`, `l`...).
    public let unit: String
    /// The ISO code of every amount in the document (`EUR`).
    public let currency: String
    /// One row per store, cheapest first; the stores with no current price last.
    public let prices: [Price]
    /// The base unit of `unit` (`kg` for `g`); not in the JSON.
    public let baseUnit: String
    /// The base unit the cheapest store's price is per, else `baseUnit`: what `cheapest` compares
    /// by. Not in the JSON.
    public let cheapestPer: String

    private enum CodingKeys: String, CodingKey { case id, name, category, unit, currency, prices }

    /// The document of an item, its amounts in `currency` (the settings' currency).
    public init(_ details: ItemDetails, currency: Currency) {
        id = details.item.id.rawValue
        name = details.item.name
        category = details.category?.name
        unit = details.item.unit.rawValue
        self.currency = currency.code
        prices = details.prices.map { row in
            Price(store: row.store.name, price: row.current?.unitPrice.price.amountText, unit: row.unit.rawValue,
                  pricePer: row.basis.description,
                  unitPrice: row.normalised?.price.amountText, perUnit: row.basis.baseUnit.rawValue, cheapest: row.isCheapest,
                  observed: row.current?.observedAt.day.description, promotion: row.current?.isPromotion ?? false,
                  promotionUntil: row.current?.promotionUntil?.description, shelfPrice: row.current?.unitPrice.description,
                  comparedPrice: row.current?.unitPrice.comparedText, normalisedPrice: row.normalised?.description)
        }
        baseUnit = details.item.unit.baseUnit.rawValue
        cheapestPer = (details.cheapest?.current?.unitPrice.basis.baseUnit ?? details.item.unit.baseUnit).rawValue
    }
}
