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
        try checkValues()
    }

    /// Adds the items, checking their references and that no two share a name.
    mutating func setItems(_ list: [Item]) throws {
        items = try ActiveState.index(list, kind: "item")
        for item in items.values { try check(item) }
        try ActiveState.requireDistinct(list.map { ($0.id.rawValue, $0.name) }, kind: "item")
    }

    /// Checks that an item's values obey the domain's rules and its category and stores exist.
    func check(_ item: Item) throws {
        try ActiveState.requireValid(item.name, kind: "item", of: "item \(item.id)")
        for option in item.prices {
            for price in [option.regular?.price, option.promotion?.quote.price].compactMap({ $0 }) {
                try ActiveState.requireValid(price, of: "item \(item.id)")
            }
        }
        if categories[item.categoryID] == nil { throw RecordError("item \(item.id) refers to missing category \(item.categoryID)") }
        for option in item.prices where stores[option.store] == nil {
            throw RecordError("item \(item.id) has a price at missing store \(option.store)")
        }
    }

    /// The record of this state, going with the given files, month totals and undo entries.
    func record(vault: String?, vaultChecksum: String? = nil, vaultStamp: String? = nil, history: String?, historyBytes: Int,
                historySeal: HistorySeal? = nil, months: [MonthSpending]?, undo: UndoRecord) -> StateRecord {
        StateRecord(settings: SettingsRecord(currency: settings.currency.code, isSetUp: settings.isSetUp),
                    stores: stores.values.sorted { $0.id < $1.id }.map(StoreRecord.init),
                    categories: categories.values.sorted { $0.id < $1.id }.map(CategoryRecord.init),
                    carts: carts.values.sorted { $0.id < $1.id }.map(CartRecord.init),
                    vault: vault, vaultChecksum: vaultChecksum, vaultStamp: vaultStamp, history: history, historyBytes: historyBytes,
                    historySeal: historySeal,
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

    /// Values no command would have stored: names the domain refuses, negative amounts, a
    /// category's order outside `Category.validOrders`, two stores, categories or active carts
    /// of one name. A damaged or hand-edited file is refused for them rather than shown or
    /// carried into the next write. Names are held to the rules they were stored under
    /// (`Name.validatedAsStored`), so that one stored before names were bounded in bytes still
    /// opens.
    private func checkValues() throws {
        for store in stores.values { try ActiveState.requireValid(store.name, kind: "store", of: "store \(store.id)") }
        for category in categories.values {
            try ActiveState.requireValid(category.name, kind: "category", of: "category \(category.id)")
            guard Category.validOrders.contains(category.sortOrder) else {
                throw RecordError("category \(category.id) has order \(category.sortOrder), outside \(Category.validOrders)")
            }
        }
        for cart in carts.values {
            try ActiveState.requireValid(cart.name, kind: "cart", of: "cart \(cart.id)")
            if let budget = cart.budget { try ActiveState.requireValid(budget, of: "cart \(cart.id)") }
            for line in cart.lines {
                try ActiveState.requireValid(line.name, kind: "item", of: "a line of cart \(cart.id)")
                for price in [line.plannedPrice, line.actualPrice].compactMap({ $0 }) {
                    try ActiveState.requireValid(price, of: "cart \(cart.id)")
                }
            }
        }
        try ActiveState.requireDistinct(stores.values.filter { !$0.isRemoved }.map { ($0.id.rawValue, $0.name) }, kind: "store")
        try ActiveState.requireDistinct(categories.values.map { ($0.id.rawValue, $0.name) }, kind: "category")
        try ActiveState.requireDistinct(carts.values.map { ($0.id.rawValue, $0.name) }, kind: "active cart")
    }

    private static func requireValid(_ name: String, kind: String, of owner: String) throws {
        let valid: String
        do {
            valid = try Name.validatedAsStored(name, kind: kind)
        } catch {
            throw RecordError("\(owner) has a name Grock refuses: \(error)")
        }
        guard valid == name else { throw RecordError("\(owner) has a name with spaces around it") }
    }

    private static func requireValid(_ amount: Money, of owner: String) throws {
        guard amount.minorUnits >= 0 else { throw RecordError("\(owner) has a negative amount, \(amount.minorUnits) minor units") }
    }

    private static func requireDistinct(_ named: [(id: String, name: String)], kind: String) throws {
        var seen: [String: String] = [:]
        for (id, name) in named.sorted(by: { $0.id < $1.id }) {
            if let other = seen.updateValue(id, forKey: Name.key(name)) {
                throw RecordError("\(kind)s \(other) and \(id) are both named \"\(name)\"")
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
