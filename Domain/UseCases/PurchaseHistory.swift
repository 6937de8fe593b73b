/// One purchased line of a completed trip: what is exported as CSV and imported back.
public struct Purchase: Sendable, Hashable {
    public let date: Day
    public let trip: String
    public let store: String
    /// Empty for an impulse buy, which never enters the vault.
    public let category: String
    public let item: String
    public let quantity: Quantity
    public let unit: MeasureUnit
    /// The price of one `unit`.
    public let price: Money
    /// Where it came from (a line number of a file), for error messages.
    public let sourceLine: Int?

    public init(date: Day, trip: String, store: String, category: String, item: String, quantity: Quantity, unit: MeasureUnit,
                price: Money, sourceLine: Int? = nil) {
        self.date = date
        self.trip = trip
        self.store = store
        self.category = category
        self.item = item
        self.quantity = quantity
        self.unit = unit
        self.price = price
        self.sourceLine = sourceLine
    }
}

/// Every purchased line of every completed trip, oldest trip first.
public struct ListPurchases: Sendable {
    let storage: any Storage

    public init(storage: any Storage) { self.storage = storage }

    public func callAsFunction() async throws -> [Purchase] {
        try storage.read { repositories in
            let stores = Dictionary(uniqueKeysWithValues: try repositories.allStores().map { ($0.id, $0.name) })
            let spending = try repositories.spending()
            return spending.lines.map { line in
                let trip = spending.trips[line.trip]
                return Purchase(date: trip.completedAt.day, trip: trip.name, store: line.store.flatMap { stores[$0] } ?? "",
                                category: line.category ?? "", item: line.item, quantity: line.quantity, unit: line.unit, price: line.price)
            }
        }
    }
}

/// Imports a purchase history: rows with the same date and trip become one completed cart;
/// unknown stores, categories and items are created; the vault takes the latest price per
/// item and store; every purchase joins the price history (as its trip's line). All or nothing.
public struct ImportPurchases: Sendable {
    public struct Summary: Sendable, Hashable {
        public let trips: Int
        public let purchases: Int
        public let storesAdded: Int
        public let categoriesAdded: Int
        public let itemsAdded: Int
    }

    let storage: any Storage
    let clock: any Clock
    let ids: any IdentifierSource

    public init(storage: any Storage, clock: any Clock, ids: any IdentifierSource) {
        self.storage = storage
        self.clock = clock
        self.ids = ids
    }

    /// - Throws: `DomainError.importRow` naming the line and the reason; nothing is stored.
    public func callAsFunction(_ purchases: [Purchase]) async throws -> Summary {
        try storage.write { repositories in
            let now = clock.now()
            // A purchase cannot have happened later than now: a row dated in the future would
            // stand as the newest price of its item for as long as that date is ahead.
            if let future = purchases.first(where: { $0.date > now.day }) {
                throw DomainError.importRow(line: future.sourceLine ?? 0, reason: "\(future.date) is in the future; a purchase says when it happened")
            }
            // A first import sets Grock up as `init` would, in the currency of the rows.
            if try !repositories.settings().isSetUp {
                _ = try SetUpFirstRun.setUp(repositories, ids: ids, currency: purchases.first?.price.currency ?? repositories.settings().currency)
            }
            var importer = try Importer(repositories, ids: ids, offset: now.utcOffsetSeconds)
            try importer.run(purchases)
            let summary = importer.summary
            return Change(summary, summary: "imported \(summary.trips) trips with \(summary.purchases) purchases")
        }
    }

    private struct Importer {
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
        var summary = Summary(trips: 0, purchases: 0, storesAdded: 0, categoriesAdded: 0, itemsAdded: 0)
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
            nextSortOrder = (categories.map(\.sortOrder).max() ?? -1) + 1
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
            do { cost = try row.price.times(row.quantity) } catch {
                throw DomainError.invalidAmount(row.price.amountText, reason: "\(row.quantity) \(row.unit) at this price cost more than Grock can count")
            }
            let (sum, overflow) = spent.addingReportingOverflow(cost.minorUnits)
            guard !overflow else {
                throw DomainError.invalidAmount(row.price.amountText, reason: "with the purchases before it, spending adds up to more than Grock can count")
            }
            spent = sum
        }

        mutating func run(_ purchases: [Purchase]) throws {
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
            var added = (stores: 0, categories: 0, items: 0)
            for key in order {
                let rows = trips[key]!
                let first = rows[0]
                // Noon local time keeps the trip on its day whatever the offset.
                let time = Timestamp(secondsSince1970: Int64(first.date.daysSince1970) * 86_400 + 43_200 - Int64(offset), utcOffsetSeconds: offset)
                let cartID = CartID(ids.makeIdentifier())
                var lines: [CartItem] = []
                lines.reserveCapacity(rows.count)
                // A set, not a scan of `lines`: a trip of n rows costs n look-ups, not n²/2.
                var itemsOnTrip: Set<ItemID> = []
                for row in rows {
                    do {
                        guard row.price.currency == currency else {
                            throw DomainError.currencyMismatch(row.price.currency.code, currency.code)
                        }
                        _ = try Name.validated(row.trip, kind: "trip")
                        let store = try store(named: row.store, at: time, added: &added.stores)
                        let quantity = row.quantity
                        try count(row)
                        if row.category.trimmingWhitespace().isEmpty {
                            lines.append(CartItem(itemID: ItemID(ids.makeIdentifier()), name: try Name.validated(row.item, kind: "item"),
                                                  categoryName: nil, quantity: quantity, unit: row.unit, isFulfilled: true,
                                                  actualStore: store.id, actualPrice: row.price, isImpulse: true))
                            continue
                        }
                        let category = try category(named: row.category, added: &added.categories)
                        var item = try item(named: row.item, in: category, unit: row.unit, added: &added.items)
                        if !itemsOnTrip.insert(item.id).inserted {
                            throw DomainError.invalidName(kind: "item", name: row.item, reason: "it appears twice in this trip")
                        }
                        if item.record(UnitPrice(row.price, per: row.unit), at: store.id, on: time, promotionUntil: nil, isPromotion: false) {
                            items[itemKeyBySpelling[row.item] ?? Name.key(item.name)] = item
                            changedItems.insert(item.id)
                        }
                        lines.append(CartItem(itemID: item.id, name: item.name, categoryName: category.name, quantity: quantity, unit: row.unit,
                                              isFulfilled: true, actualStore: store.id, actualPrice: row.price))
                    } catch let error as DomainError {
                        throw DomainError.importRow(line: row.sourceLine ?? 0, reason: "\(error)")
                    }
                }
                let cart = Cart(id: cartID, name: first.trip.trimmingWhitespace(), budget: nil, currency: currency, status: .completed,
                                createdAt: time, startedAt: time, completedAt: time, lines: lines)
                try repositories.save(cart)
            }
            for item in items.values where changedItems.contains(item.id) { try repositories.save(item) }
            summary = Summary(trips: order.count, purchases: purchases.count, storesAdded: added.stores,
                              categoriesAdded: added.categories, itemsAdded: added.items)
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
            nextSortOrder += 1
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
}
