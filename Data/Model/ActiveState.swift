import Domain

/// The active state as entities: what every command may read and change.
struct ActiveState {
    var settings: Settings
    var stores: [StoreID: Store]
    var categories: [CategoryID: Category]
    var items: [ItemID: Item]
    var carts: [CartID: Cart]

    /// Maps a record and its items, checking that every reference points at something that
    /// exists.
    /// - Throws: `RecordError` naming the first problem.
    init(_ record: StateRecord, items: [Item]) throws {
        try self.init(record)
        try setItems(items)
    }

    /// The state without its items, which `setItems` adds when they are needed.
    init(_ record: StateRecord) throws {
        let mapper = try RecordMapper(settings: record.settings)
        settings = mapper.settings(record.settings)
        stores = try ActiveState.index(record.stores.map(mapper.store), kind: "store")
        categories = try ActiveState.index(record.categories.map(mapper.category), kind: "category")
        items = [:]
        carts = try ActiveState.index(record.carts.map(mapper.cart), kind: "cart")
        try checkReferences()
    }

    /// Adds the items, checking their references.
    mutating func setItems(_ list: [Item]) throws {
        items = try ActiveState.index(list, kind: "item")
        for item in items.values { try check(item) }
    }

    /// Checks that an item's category and stores exist.
    func check(_ item: Item) throws {
        if categories[item.categoryID] == nil { throw RecordError("item \(item.id) refers to missing category \(item.categoryID)") }
        for option in item.prices where stores[option.store] == nil {
            throw RecordError("item \(item.id) has a price at missing store \(option.store)")
        }
    }

    /// The record of this state, going with the given files, month totals and undo entries.
    func record(vault: String?, history: String?, historyBytes: Int, historySeal: HistorySeal? = nil, months: [MonthSpending]?,
                undo: UndoRecord) -> StateRecord {
        StateRecord(settings: SettingsRecord(currency: settings.currency.code, isSetUp: settings.isSetUp),
                    stores: stores.values.sorted { $0.id < $1.id }.map(StoreRecord.init),
                    categories: categories.values.sorted { $0.id < $1.id }.map(CategoryRecord.init),
                    carts: carts.values.sorted { $0.id < $1.id }.map(CartRecord.init),
                    vault: vault, history: history, historyBytes: historyBytes, historySeal: historySeal,
                    months: months?.map { MonthRecord(month: $0.month, total: $0.total.minorUnits, trips: $0.trips) }, undo: undo)
    }

    private func checkReferences() throws {
        for store in stores.values {
            for category in store.aisleOrder where categories[category] == nil {
                throw RecordError("store \(store.id) lists missing category \(category) in its aisles")
            }
        }
        for cart in carts.values {
            guard cart.status.isActive else { throw RecordError("cart \(cart.id) is completed but stored among active carts") }
            for line in cart.lines {
                for store in [line.plannedStore, line.actualStore].compactMap({ $0 }) where stores[store] == nil {
                    throw RecordError("cart \(cart.id) refers to missing store \(store)")
                }
            }
        }
    }

    private static func index<T: Identifiable>(_ values: [T], kind: String) throws -> [T.ID: T] {
        var index: [T.ID: T] = [:]
        for value in values {
            guard index.updateValue(value, forKey: value.id) == nil else { throw RecordError("\(kind) \(value.id) appears twice") }
        }
        return index
    }
}
