import Domain

/// The home screen as data: the carts and, when there is history, the spending figures.
public struct HomeDocument: Encodable, Sendable, Hashable {
    public let carts: [CartRow]
    public let insights: HomeInsights?
}

/// A store as data.
public struct StoreDocument: Encodable, Sendable, Hashable {
    public let id, name, created: String

    public init(_ store: Store) {
        id = store.id.rawValue
        name = store.name
        created = store.createdAt.day.description
    }
}

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

extension HomeViewModel {
    /// The screen's state as data.
    public var document: HomeDocument { HomeDocument(carts: rows, insights: insights) }
}

extension StoresViewModel {
    /// The stores as data.
    public var documents: [StoreDocument] { stores.map(StoreDocument.init) }
}

extension VaultViewModel {
    /// The item's price history as data.
    public var historyDocuments: [PriceDocument] { history.map { PriceDocument($0, currency: currency) } }
}
