/// Adds an item to the vault, optionally with its first price at a store.
public struct AddItem: Sendable {
    let storage: any Storage
    let clock: any Clock
    let ids: any IdentifierSource

    public init(storage: any Storage, clock: any Clock, ids: any IdentifierSource) {
        self.storage = storage
        self.clock = clock
        self.ids = ids
    }

    /// - Parameters:
    ///   - price: the price of one `unit` as typed, such as `3.49`; needs `store`.
    ///   - unit: how the item is sold; `each` when not given.
    public func callAsFunction(name: String, category: String, price: String? = nil, store: String? = nil,
                               unit: MeasureUnit? = nil) async throws -> Item {
        let name = try Name.validated(name, kind: "item")
        return try storage.write { repositories in
            let resolver = Resolver(repositories: repositories)
            try requireUnique(name, kind: "item", among: try repositories.itemNames().map(\.name))
            let category = try resolver.category(category)
            var item = Item(id: ItemID(ids.makeIdentifier()), name: name, categoryID: category.id, unit: unit ?? .each)
            var summary = "added \(name) to \(category.name)"
            if let price {
                guard let storeReference = store else { throw DomainError.storeRequired(item: name) }
                let store = try resolver.store(storeReference)
                let money = try Money(parsing: price, currency: try resolver.settings().currency, as: "price")
                let now = clock.now()
                item.record(UnitPrice(money, per: item.unit), at: store.id, on: now, promotionUntil: nil, isPromotion: false)
                try repositories.record([PriceObservation(item: item.id, store: store.id, price: UnitPrice(money, per: item.unit),
                                                          observedAt: now, source: .manual)])
                summary += " at \(money.amountText)/\(item.unit) at \(store.name)"
            }
            try repositories.save(item)
            return Change(item, summary: summary)
        }
    }
}

/// Records a price seen at a store, from the shelf or a flyer, without buying.
///
/// It becomes the store's current price (a promotion only until it expires), joins the price
/// history, and re-prices the item on carts still being planned at that store.
public struct SetPrice: Sendable {
    let storage: any Storage
    let clock: any Clock

    public init(storage: any Storage, clock: any Clock) {
        self.storage = storage
        self.clock = clock
    }

    /// - Parameter date: when the price was seen, as typed (`Timestamp(happened:now:)`); it
    ///   becomes the vault's price at that store only if nothing newer is known there.
    public func callAsFunction(item reference: String, store storeReference: String, price: String, unit: MeasureUnit? = nil,
                               isPromotion: Bool = false, promotionUntil: Day? = nil, date: String? = nil) async throws -> Item {
        try storage.write { repositories in
            let resolver = Resolver(repositories: repositories)
            var item = try resolver.item(reference)
            let store = try resolver.store(storeReference)
            let money = try Money(parsing: price, currency: try resolver.settings().currency, as: "price")
            let unit = unit ?? item.priceOption(at: store.id)?.unit ?? item.unit
            let now = clock.now()
            let seen = try date.map { try Timestamp(happened: $0, now: now) } ?? now
            if let promotionUntil, promotionUntil < now.day {
                throw DomainError.invalidDate("\(promotionUntil) (the promotion would already be over)")
            }
            if item.prices.isEmpty { item.unit = unit }
            let isNewest = item.record(UnitPrice(money, per: unit), at: store.id, on: seen, promotionUntil: promotionUntil, isPromotion: isPromotion)
            if isNewest { try repositories.save(item) }
            try repositories.record([PriceObservation(item: item.id, store: store.id, price: UnitPrice(money, per: unit),
                                                      observedAt: seen, source: .manual, isPromotion: isPromotion)])
            let stores = Set(try repositories.allStores().filter { !$0.isRemoved }.map(\.id))
            for var cart in try repositories.activeCarts() where cart.status == .planning {
                guard let line = cart.line(for: item.id), line.plannedStore == store.id else { continue }
                try cart.update(try LinePlanner.replan(line, item: item, store: store.id, among: stores, on: now.day, storeNames: nil))
                try repositories.save(cart)
            }
            let kind = isPromotion ? "promotion" : "price"
            guard isNewest else {
                return Change(item, summary: "recorded a \(kind) of \(item.name) at \(store.name), \(money.amountText)/\(unit) on \(seen.day), in its history "
                    + "(a newer one stays current)")
            }
            return Change(item, summary: "set the \(kind) of \(item.name) at \(store.name) to \(money.amountText)/\(unit)")
        }
    }
}

public struct RenameItem: Sendable {
    let storage: any Storage

    public init(storage: any Storage) { self.storage = storage }

    /// Renames the item, and its lines on active carts.
    public func callAsFunction(_ reference: String, to newName: String) async throws -> Renamed<Item> {
        let newName = try Name.validated(newName, kind: "item")
        return try storage.write { repositories in
            var item = try Resolver(repositories: repositories).item(reference)
            try requireUnique(newName, kind: "item", among: try repositories.itemNames().filter { $0.id != item.id }.map(\.name))
            let oldName = item.name
            item.name = newName
            try repositories.save(item)
            try updateActiveLines(of: item.id, in: repositories) { $0.name = newName }
            return Change(Renamed(value: item, oldName: oldName), summary: "renamed item \(oldName) to \(newName)")
        }
    }
}

public struct MoveItem: Sendable {
    let storage: any Storage

    public init(storage: any Storage) { self.storage = storage }

    public func callAsFunction(_ reference: String, toCategory category: String) async throws -> Item {
        try storage.write { repositories in
            let resolver = Resolver(repositories: repositories)
            var item = try resolver.item(reference)
            let category = try resolver.category(category)
            item.categoryID = category.id
            try repositories.save(item)
            try updateActiveLines(of: item.id, in: repositories) { $0.categoryName = category.name }
            return Change(item, summary: "moved \(item.name) to \(category.name)")
        }
    }
}

/// Deletes an item from the vault. Its lines on carts stay (by name, without a vault price),
/// and its price history stays in history.
public struct DeleteItem: Sendable {
    let storage: any Storage

    public init(storage: any Storage) { self.storage = storage }

    public func callAsFunction(_ reference: String) async throws -> Item {
        try storage.write { repositories in
            let item = try Resolver(repositories: repositories).item(reference)
            try repositories.deleteItem(item.id)
            return Change(item, summary: "removed \(item.name) from the vault")
        }
    }
}

/// Changes the line of `item` on every active cart that has one.
func updateActiveLines(of item: ItemID, in repositories: any Repositories, _ change: (inout CartItem) -> Void) throws {
    for var cart in try repositories.activeCarts() {
        guard var line = cart.line(for: item) else { continue }
        change(&line)
        try cart.update(line)
        try repositories.save(cart)
    }
}
