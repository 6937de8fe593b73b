import Domain

/// One entry of an item's price history as data; amounts are decimal strings. As in
/// `ItemDocument`, `price` is per `pricePer` (`kg`, `pack of 250 g`) and `unitPrice` per
/// `perUnit` (`kg`, `l`, `each`): compare entries by `unitPrice`, never by `price`.
public struct PriceDocument: Encodable, Sendable, Hashable {
    /// When it was seen or paid; written RFC 3339 with the local offset.
    public let date: DocumentTime
    /// `store`: the store's name; `price`: the amount per `pricePer`; `unit`: the unit it was sold
    /// by.
    public let store, price, unit: String
    /// Seen (recorded by hand) or paid (logged on a trip); written as its raw value.
    public let source: PriceSource
    /// What `price` is per: a unit, or a pack with what it holds.
    public let pricePer: String
    /// The price per `perUnit`; nil when it does not fit in an amount.
    public let unitPrice: String?
    /// The base unit `unitPrice` is per: `kg`, `l`, `each` or `pack`.
    public let perUnit: String
    /// Whether it was a promotion.
    public let promotion: Bool
    /// The ISO code of the amounts (`EUR`).
    public let currency: String
    /// The price with what it is per, and for a pack its price per base unit too
    /// (`2.29/pack of 250 g (9.16/kg)`): what the history screen lists. Not in the JSON.
    public let comparedPrice: String

    private enum CodingKeys: String, CodingKey { case date, store, price, unit, source, pricePer, unitPrice, perUnit, promotion, currency }

    /// The document of one history entry, its amounts in `currency`.
    public init(_ entry: PriceHistory.Entry, currency: Currency) {
        date = DocumentTime(entry.observation.observedAt)
        store = entry.storeName
        price = entry.observation.price.price.amountText
        unit = entry.observation.price.unit.rawValue
        pricePer = entry.observation.price.basis.description
        // Converting fails only when the price per base unit is past the largest amount (a price per
        // gram of a million): the entry has no comparable price then, and its own price stands.
        unitPrice = (try? entry.observation.price.normalised())?.price.amountText
        perUnit = entry.observation.price.basis.baseUnit.rawValue
        source = entry.observation.source == .manual ? .seen : .paid
        promotion = entry.observation.isPromotion
        self.currency = currency.code
        comparedPrice = entry.observation.price.comparedText
    }
}

extension VaultViewModel {
    /// The item's price history as data.
    public var historyDocuments: [PriceDocument] { history.map { PriceDocument($0, currency: currency) } }
}
