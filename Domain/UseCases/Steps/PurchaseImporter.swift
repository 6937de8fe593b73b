/// The engine of `ImportPurchases`: turns purchase rows into completed trips, adding the stores,
/// categories and items they name, and skipping rows already in history. Also what logs a
/// receipt without a cart (`ApplyReceipt`), inside its own write.
struct PurchaseImporter {
    let repositories: any Repositories
    let ids: any IdentifierSource
    let offset: Int32
    let currency: Currency
    var stores: [String: Store] = [:]
    var categories: [String: Category] = [:]
    var items: [String: Item] = [:]
    var changedItems: Set<ItemID> = []
    var nextSortOrder: Int
    /// The same names come back on row after row: remember what each spelling resolved to.
    var storeBySpelling: [String: Store] = [:]
    var categoryBySpelling: [String: Category] = [:]
    var itemKeyBySpelling: [String: String] = [:]
    var summary = ImportPurchases.Summary(trips: 0, purchases: 0, storesAdded: 0, categoriesAdded: 0, itemsAdded: 0, skipped: 0)
    /// The completed carts made, in the order made.
    var madeCarts: [Cart] = []
    /// The moment the trips made happened, when known (a receipt's printed time); else
    /// noon of their day.
    var time: Timestamp?
    /// The rows already in history.
    var skipped = 0
    /// What history holds, once read.
    private var stored: History?
    /// What completed trips have spent, in minor units, with the rows counted so far: every
    /// insight adds some of it up, so all of it must fit, and as no amount is negative,
    /// every part of it then fits too. Checked row by row, so that the row that goes too
    /// far is the one named.
    var spent: Int64 = 0

    init(_ repositories: any Repositories, ids: any IdentifierSource, offset: Int32) throws {
        self.repositories = repositories
        self.ids = ids
        self.offset = offset
        currency = try repositories.settings().currency
        for store in try repositories.allStores() where !store.isRemoved { stores[Name.key(store.name)] = store }
        let categories = try repositories.allCategories()
        for category in categories { self.categories[Name.key(category.name)] = category }
        nextSortOrder = Category.orderAfter(categories)
        for item in try repositories.allItems() { items[Name.key(item.name)] = item }
        for month in try repositories.spendingByMonth() {
            let (sum, overflow) = spent.addingReportingOverflow(month.total.minorUnits)
            guard !overflow else { throw DomainError.amountOverflow }
            spent = sum
        }
    }

    /// Adds what a row cost to `spent`.
    /// - Throws: `DomainError.invalidAmount` when its cost, or the sum, does not fit.
    private mutating func count(_ row: Purchase) throws {
        let cost: Money
        do { cost = try row.cost() } catch {
            throw DomainError.invalidAmount(row.price.amountText,
                                            reason: "\(row.quantity) \(row.unit) at this price cost more than Grock can count")
        }
        let (sum, overflow) = spent.addingReportingOverflow(cost.minorUnits)
        guard !overflow else {
            throw DomainError.invalidAmount(row.price.amountText,
                                            reason: "with the purchases before it, spending adds up to more than Grock can count")
        }
        spent = sum
    }

    /// What makes a purchase the same as another, for skipping rows already stored.
    private struct Fingerprint: Hashable {
        let date: Day
        /// `Name.key` of the trip, store and item.
        let trip: String, store: String, item: String
        let quantity: Int64
        let unit: MeasureUnit
        let basis: PriceUnit
        let price: Int64

        /// The fingerprint of `row`, its names keyed by `key`.
        static func of(_ row: Purchase, key: (String) -> String = Name.key) -> Fingerprint {
            Fingerprint(date: row.date, trip: key(row.trip), store: key(row.store), item: key(row.item),
                        quantity: row.quantity.thousandths, unit: row.unit, basis: row.basis, price: row.price.minorUnits)
        }
    }

    /// What history holds, read once: how many times each purchase is in it, and its trips
    /// by day and `Name.key` of their name.
    private struct History {
        var purchases: [Fingerprint: Int] = [:]
        var trips: Set<TripKey> = []
    }

    private struct TripKey: Hashable {
        let day: Day
        let name: String
    }

    /// History's purchases and trips: one pass over its lines, each name keyed once.
    private mutating func history() throws -> History {
        if let known = stored { return known }
        var history = History()
        let spending = try repositories.spending()
        let trips = spending.trips.map { TripKey(day: $0.completedAt.day, name: Name.key($0.name)) }
        history.trips = Set(trips)
        if !trips.isEmpty {
            let storeKeys = Dictionary(firstByKey: try repositories.allStores().map { ($0.id, Name.key($0.name)) })
            var nameKeys: [String: String] = [:]
            spending.forEachLine { line in
                let trip = trips[line.trip]
                let item = nameKeys[line.item] ?? Name.key(line.item)
                nameKeys[line.item] = item
                let store = line.store.flatMap { storeKeys[$0] } ?? ""
                let key = Fingerprint(date: trip.day, trip: trip.name, store: store, item: item, quantity: line.quantity.thousandths,
                                      unit: line.unit, basis: line.basis, price: line.price.minorUnits)
                history.purchases[key, default: 0] += 1
            }
        }
        stored = history
        return history
    }

    /// Whether history holds a trip of `day` named `name`, as names compare.
    mutating func holdsTrip(named name: String, on day: Day) throws -> Bool {
        try history().trips.contains(TripKey(day: day, name: Name.key(name)))
    }

    /// Whether every one of `rows` is in history already, each stored purchase standing for
    /// one row.
    mutating func holdsEvery(_ rows: [Purchase]) throws -> Bool {
        var needed: [Fingerprint: Int] = [:]
        for row in rows { needed[Fingerprint.of(row), default: 0] += 1 }
        let stored = try history().purchases
        return needed.allSatisfy { stored[$0.key, default: 0] >= $0.value }
    }

    /// The rows not yet in history, in the file's order; `skipped` counts the others.
    /// - Throws: `DomainError.importRow` for a row in another currency than the settings'.
    private mutating func newRows(_ purchases: [Purchase]) throws -> [Purchase] {
        if let foreign = purchases.first(where: { $0.price.currency != currency }) {
            throw DomainError.importRow(line: foreign.sourceLine ?? 0,
                                        reason: "\(DomainError.currencyMismatch(foreign.price.currency.code, currency.code))")
        }
        var stored = try history().purchases
        guard !stored.isEmpty else { return purchases }
        var keys: [String: String] = [:]
        func key(_ spelling: String) -> String {
            if let known = keys[spelling] { return known }
            let key = Name.key(spelling)
            keys[spelling] = key
            return key
        }
        var fresh: [Purchase] = []
        for row in purchases {
            let fingerprint = Fingerprint.of(row, key: key)
            // Each stored purchase stands for one row: two rows alike need two to be skipped.
            if let count = stored[fingerprint], count > 0 {
                stored[fingerprint] = count - 1
                skipped += 1
            } else {
                fresh.append(row)
            }
        }
        return fresh
    }

    mutating func run(_ all: [Purchase]) throws {
        let purchases = try newRows(all)
        let trips = Self.trips(of: purchases)
        var added = (stores: 0, categories: 0, items: 0)
        for rows in trips {
            guard let first = rows.first else { continue }
            // Noon local time keeps the trip on its day whatever the offset.
            let time = self.time.flatMap { $0.day == first.date ? $0 : nil }
                ?? Timestamp(clamping: Int64(first.date.daysSince1970) * 86_400 + 43_200 - Int64(offset), utcOffsetSeconds: offset)
            let cartID = CartID(ids.makeIdentifier())
            var lines: [CartItem] = []
            lines.reserveCapacity(rows.count)
            for row in rows { lines.append(try line(of: row, at: time, added: &added)) }
            let cart = Cart(id: cartID, name: first.trip.trimmingWhitespace(), budget: nil, currency: currency, status: .completed,
                            createdAt: time, startedAt: time, completedAt: time, lines: lines)
            try repositories.save(cart)
            madeCarts.append(cart)
        }
        for item in items.values where changedItems.contains(item.id) { try repositories.save(item) }
        summary = ImportPurchases.Summary(trips: trips.count, purchases: purchases.count, storesAdded: added.stores,
                                          categoriesAdded: added.categories, itemsAdded: added.items, skipped: skipped)
    }

    /// The rows as trips: rows of one date and one trip name (as names compare) are one
    /// trip, and trips come in the order their first row does.
    private static func trips(of purchases: [Purchase]) -> [[Purchase]] {
        var order: [String] = []
        var trips: [String: [Purchase]] = [:]
        var tripKeys: [String: String] = [:]
        for purchase in purchases {
            let tripKey: String
            if let known = tripKeys[purchase.trip] { tripKey = known } else {
                tripKey = Name.key(purchase.trip)
                tripKeys[purchase.trip] = tripKey
            }
            let key = "\(purchase.date)\u{0}\(tripKey)"
            if trips[key] == nil { order.append(key) }
            trips[key, default: []].append(purchase)
        }
        return order.compactMap { trips[$0] }
    }

    /// The completed line of `row` on a trip at `time`: its store, category and item found or
    /// added (`added` counts those added), its price recorded in the vault.
    /// - Throws: `DomainError.importRow` naming the row's line in the file and why.
    private mutating func line(of row: Purchase, at time: Timestamp,
                               added: inout (stores: Int, categories: Int, items: Int)) throws -> CartItem {
        do {
            _ = try Name.validated(row.trip, kind: "trip")
            let store = try store(named: row.store, at: time, added: &added.stores)
            try count(row)
            if row.category.trimmingWhitespace().isEmpty {
                return CartItem(itemID: ItemID(ids.makeIdentifier()), name: try Name.validated(row.item, kind: "item"), categoryName: nil,
                                quantity: row.quantity, unit: row.unit, priceUnit: row.basis, isFulfilled: true, actualStore: store.id,
                                actualPrice: row.price, isImpulse: true)
            }
            let category = try category(named: row.category, added: &added.categories)
            var item = try item(named: row.item, in: category, unit: row.basis.unit, added: &added.items)
            // An item on several rows of a trip (a receipt repeats items) is a line per
            // row: merged, their costs would be an average price times the quantity,
            // rounded once instead of row by row. Its last row sets the vault's price.
            if item.record(UnitPrice(row.price, per: row.basis), at: store.id, on: time, promotionUntil: nil, isPromotion: false) {
                items[itemKeyBySpelling[row.item] ?? Name.key(item.name)] = item
                changedItems.insert(item.id)
            }
            return CartItem(itemID: item.id, name: item.name, categoryName: category.name, quantity: row.quantity, unit: row.unit,
                            priceUnit: row.basis, isFulfilled: true, actualStore: store.id, actualPrice: row.price)
        } catch let error as DomainError {
            throw DomainError.importRow(line: row.sourceLine ?? 0, reason: "\(error)")
        }
    }

    private mutating func store(named spelling: String, at time: Timestamp, added: inout Int) throws -> Store {
        if let store = storeBySpelling[spelling] { return store }
        let name = try Name.validated(spelling, kind: "store")
        if let store = stores[Name.key(name)] {
            storeBySpelling[spelling] = store
            return store
        }
        let store = Store(id: StoreID(ids.makeIdentifier()), name: name, createdAt: time)
        try repositories.save(store)
        stores[Name.key(name)] = store
        added += 1
        return store
    }

    private mutating func category(named spelling: String, added: inout Int) throws -> Category {
        if let category = categoryBySpelling[spelling] { return category }
        let name = try Name.validated(spelling, kind: "category")
        if let category = categories[Name.key(name)] {
            categoryBySpelling[spelling] = category
            return category
        }
        let category = Category(id: CategoryID(ids.makeIdentifier()), name: name, sortOrder: nextSortOrder)
        nextSortOrder = Category.successor(of: nextSortOrder)
        try repositories.save(category)
        categories[Name.key(name)] = category
        added += 1
        return category
    }

    private mutating func item(named spelling: String, in category: Category, unit: MeasureUnit, added: inout Int) throws -> Item {
        if let key = itemKeyBySpelling[spelling], let item = items[key] { return item }
        let name = try Name.validated(spelling, kind: "item")
        itemKeyBySpelling[spelling] = Name.key(name)
        if let item = items[Name.key(name)] { return item }
        let item = Item(id: ItemID(ids.makeIdentifier()), name: name, categoryID: category.id, unit: unit)
        items[Name.key(name)] = item
        changedItems.insert(item.id)
        added += 1
        return item
    }
}
