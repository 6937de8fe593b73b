import Domain

/// One entry of an item's price history as data; amounts are decimal strings.
public struct PriceDocument: Encodable, Sendable, Hashable {
    public let date, store, price, unit, source: String
    public let promotion: Bool
    public let currency: String

    public init(_ entry: PriceHistory.Entry, currency: Currency) {
        date = entry.observation.observedAt.description
        store = entry.storeName
        price = entry.observation.price.price.amountText
        unit = entry.observation.price.unit.rawValue
        source = entry.observation.source == .manual ? "seen" : "paid"
        promotion = entry.observation.isPromotion
        self.currency = currency.code
    }
}

extension VaultViewModel {
    /// The item's price history as data.
    public var historyDocuments: [PriceDocument] { history.map { PriceDocument($0, currency: currency) } }
}
