/// `state.json` as the first Grock wrote it (schema 1): the currency at the top level, prices
/// naming their store by name, no aisles, no promotions, no undo.
struct StateRecordV1: Codable {
    struct Store: Codable {
        var id: String
        var name: String
        var createdAt: String
    }

    struct Item: Codable {
        var id: String
        var name: String
        var categoryId: String
        var unit: String
        var prices: [Price]
    }

    struct Price: Codable {
        var store: String
        var price: Int64
        var unit: String
        var observedAt: String
    }

    var schema: Int
    var currency: String
    var stores: [Store]
    var categories: [CategoryRecord]
    var items: [Item]
    var carts: [CartRecord]

    /// The same data in schema 2.
    /// - Throws: `RecordError` when a price names a store that does not exist.
    func migrated() throws -> StateRecordV2 {
        var storeIDs: [String: String] = [:]
        for store in stores { storeIDs[store.name.lowercased()] = store.id }
        let items = try self.items.map { item in
            ItemRecord(id: item.id, name: item.name, categoryId: item.categoryId, unit: item.unit, prices: try item.prices.map { price in
                guard let storeID = storeIDs[price.store.lowercased()] else {
                    throw RecordError("item \(item.id) has a price at unknown store \"\(price.store)\"")
                }
                return PriceOptionRecord(storeId: storeID, unit: price.unit,
                                         regular: QuoteRecord(price: price.price, observedAt: price.observedAt), promotion: nil)
            })
        }
        return StateRecordV2(schema: 2, settings: SettingsRecord(currency: currency, isSetUp: true),
                             stores: stores.map {
                                 StoreRecord(id: $0.id, name: $0.name, createdAt: $0.createdAt, aisleOrder: [], removed: false)
                             },
                             categories: categories, items: items, carts: carts, historyBytes: 0,
                             undo: UndoRecord(nextSequence: 1, entries: []))
    }
}
