/// Adds an item to the vault, optionally with its first price at a store.
public struct AddItem: Sendable {
    let storage: any Storage
    let clock: any Clock
    let ids: any IdentifierSource

    /// Usually reached as `UseCases.addItem`; `clock` dates the first price, `ids` names the item.
    public init(storage: any Storage, clock: any Clock, ids: any IdentifierSource) {
        self.storage = storage
        self.clock = clock
        self.ids = ids
    }

    /// Adds the item `name` to `category` (a name or id), with its first price when given.
    /// - Parameters:
    ///   - price: the price of one `unit` as typed, such as `3.49`; needs `store`.
    ///   - unit: how the item is sold; `each` when not given (`pack` with `pack`).
    ///   - pack: what one pack holds, for a price per pack.
    /// - Returns: the new item.
    /// - Throws: `DomainError.invalidName` for `name`; `.invalidPack` for a `pack` with a `unit`
    ///   other than `pack`; `.duplicateName` when an item has the name; `.notFound` or
    ///   `.ambiguous` for a category or `store` that matches none or several;
    ///   `.storeRequired` for a `price` without `store`; `.invalidAmount` or `.tooLarge` for
    ///   `price`.
    public func callAsFunction(name: String, category: String, price: String? = nil, store: String? = nil,
                               unit: MeasureUnit? = nil, pack: PackSize? = nil) async throws -> Item {
        try await checked(name: name, category: category, price: price, store: store, unit: unit, pack: pack).item
    }

    /// The same, with what looks wrong about the price (`PriceCheck`): recorded anyway.
    /// - Returns: the new item, and the cautions about its price (none without `price`).
    /// - Throws: as `callAsFunction(name:category:price:store:unit:pack:)`.
    public func checked(name: String, category: String, price: String? = nil, store: String? = nil,
                        unit: MeasureUnit? = nil, pack: PackSize? = nil) async throws -> (item: Item, cautions: [PriceCaution]) {
        let name = try Name.validated(name, kind: "item")
        if let unit, let pack, unit != .pack { throw DomainError.invalidPack("\(pack)", reason: "a pack size goes with a price per pack, not per \(unit)") }
        let basis = pack.map { PriceUnit(pack: $0) } ?? PriceUnit(unit ?? .each)
        return try await storage.write { repositories in
            let resolver = Resolver(repositories: repositories)
            try requireUnique(name, kind: "item", among: try repositories.itemNames().map(\.name))
            let category = try resolver.category(category)
            var item = Item(id: ItemID(ids.makeIdentifier()), name: name, categoryID: category.id, unit: basis.unit)
            var summary = "added \(name) to \(category.name)"
            var cautions: [PriceCaution] = []
            if let price {
                guard let storeReference = store else { throw DomainError.storeRequired(item: name) }
                let store = try resolver.store(storeReference)
                let money = try Money(parsing: price, currency: try resolver.settings().currency, as: "price")
                let now = clock.now()
                let unitPrice = UnitPrice(money, per: basis)
                cautions = try PriceCheck.cautions(for: unitPrice, of: item, at: store, on: now.day)
                item.record(unitPrice, at: store.id, on: now, promotionUntil: nil, isPromotion: false)
                try repositories.record([PriceObservation(item: item.id, store: store.id, price: unitPrice, observedAt: now, source: .manual)])
                summary += " at \(unitPrice) at \(store.name)"
            }
            try repositories.save(item)
            return Change((item, cautions), summary: summary)
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

    /// Usually reached as `UseCases.setPrice`; `clock` is the moment a price without `date` is seen.
    public init(storage: any Storage, clock: any Clock) {
        self.storage = storage
        self.clock = clock
    }

    /// Records `price` for the item `reference` names at the store `storeReference` names.
    /// - Parameters:
    ///   - unit: what the price is per; nil: as the store sold it before, else the item's unit.
    ///   - pack: what one pack holds, for a price per pack (`2.29` for `250 g`): the price is
    ///     then compared as 9.16/kg.
    ///   - date: when the price was seen, as typed (`Timestamp(happened:now:)`); it becomes the
    ///     vault's price at that store only if nothing newer is known there.
    /// - Returns: the item, with its prices as they now are.
    /// - Throws: `DomainError.notFound` or `.ambiguous` for an item or store that matches none
    ///   or several (a removed store matches none); `.invalidAmount` or `.tooLarge` for `price`;
    ///   `.invalidPack` for a `pack` with a `unit` other than `pack`; `.invalidDate`,
    ///   `.futureDate` or `.pastDate` for `date`, `.invalidDate` too for a `promotionUntil`
    ///   already past; `.cartTotalTooLarge` when a cart being planned, re-priced, would overflow.
    public func callAsFunction(item reference: String, store storeReference: String, price: String, unit: MeasureUnit? = nil,
                               pack: PackSize? = nil, isPromotion: Bool = false, promotionUntil: Day? = nil, date: String? = nil) async throws -> Item {
        try await checked(item: reference, store: storeReference, price: price, unit: unit, pack: pack, isPromotion: isPromotion,
                          promotionUntil: promotionUntil, date: date).item
    }

    /// The same, with what looks wrong about the price (`PriceCheck`): recorded anyway.
    /// - Returns: the item, the cautions about the price, and whether it became the store's
    ///   current price (false when a newer one is known there, or a trip paid one that moment).
    /// - Throws: as `callAsFunction(item:store:price:unit:pack:isPromotion:promotionUntil:date:)`.
    public func checked(item reference: String, store storeReference: String, price: String, unit: MeasureUnit? = nil, pack: PackSize? = nil,
                        isPromotion: Bool = false, promotionUntil: Day? = nil, date: String? = nil) async throws -> (item: Item, cautions: [PriceCaution], isCurrent: Bool) {
        try await storage.write { repositories in
            let resolver = Resolver(repositories: repositories)
            var item = try resolver.item(reference)
            let store = try resolver.store(storeReference)
            let money = try Money(parsing: price, currency: try resolver.settings().currency, as: "price")
            if let unit, let pack, unit != .pack { throw DomainError.invalidPack("\(pack)", reason: "a pack size goes with a price per pack, not per \(unit)") }
            let basis = pack.map { PriceUnit(pack: $0) } ?? unit.map(PriceUnit.init) ?? item.priceOption(at: store.id)?.basis ?? PriceUnit(item.unit)
            let now = clock.now()
            let seen = try date.map { try Timestamp(happened: $0, now: now) } ?? now
            if let promotionUntil, promotionUntil < now.day {
                throw DomainError.invalidDate("\(promotionUntil) (the promotion would already be over)")
            }
            let unitPrice = UnitPrice(money, per: basis)
            let cautions = try PriceCheck.cautions(for: unitPrice, of: item, at: store, on: seen.day)
            if item.prices.isEmpty { item.unit = basis.unit }
            // Of prices seen at one moment at a store (a day typed, which stands for its noon), one
            // is current, whatever order they were recorded or restored in: one recorded by hand
            // for a day typed corrects the one recorded by hand for it before, which leaves the
            // history; one paid on a trip stands (reopen the trip to correct it). docs/DOMAIN.md,
            // "The numbers". (A price seen now is the newest thing said: it needs no look at the
            // history, and nothing stands before it.)
            var paidThen = false
            if date != nil {
                for earlier in try repositories.manualObservations(of: item.id)
                where earlier.store == store.id && earlier.observedAt == seen && earlier.isPromotion == isPromotion {
                    try repositories.forget(earlier)
                }
                paidThen = try !isPromotion && item.priceOption(at: store.id)?.regular?.observedAt == seen
                    && repositories.spending(of: item.id).paidObservations(of: item.id).contains { $0.store == store.id && $0.observedAt == seen }
            }
            let isNewest = !paidThen && item.record(unitPrice, at: store.id, on: seen, promotionUntil: promotionUntil, isPromotion: isPromotion)
            if isNewest { try repositories.save(item) }
            try repositories.record([PriceObservation(item: item.id, store: store.id, price: unitPrice, observedAt: seen, source: .manual, isPromotion: isPromotion)])
            try LinePlanner.replanPlannedLines(of: item, at: store.id, keepingStore: true, in: repositories, on: now.day)
            let kind = isPromotion ? "promotion" : "price"
            guard isNewest else {
                return Change((item, cautions, false), summary: "recorded a \(kind) of \(item.name) at \(store.name), \(unitPrice) on \(seen.day), in its history "
                    + "(a newer one stays current)")
            }
            return Change((item, cautions, true), summary: "set the \(kind) of \(item.name) at \(store.name) to \(unitPrice)")
        }
    }
}

/// Renames a vault item; the lines of active carts follow, completed trips keep the old name.
public struct RenameItem: Sendable {
    let storage: any Storage

    /// Usually reached as `UseCases.renameItem`.
    public init(storage: any Storage) { self.storage = storage }

    /// Renames the item, and its lines on active carts.
    /// - Returns: the item, with the name it had before.
    /// - Throws: `DomainError.invalidName` for `newName`; `.notFound` or `.ambiguous` for a
    ///   reference that names no item or several; `.duplicateName` when another item has it.
    public func callAsFunction(_ reference: String, to newName: String) async throws -> Renamed<Item> {
        let newName = try Name.validated(newName, kind: "item")
        return try await storage.write { repositories in
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

/// Moves a vault item to another category; the lines of active carts follow.
public struct MoveItem: Sendable {
    let storage: any Storage

    /// Usually reached as `UseCases.moveItem`.
    public init(storage: any Storage) { self.storage = storage }

    /// Puts the item `reference` names in `category` (a name or id).
    /// - Throws: `DomainError.notFound` or `.ambiguous` for an item or category that matches none
    ///   or several.
    public func callAsFunction(_ reference: String, toCategory category: String) async throws -> Item {
        try await storage.write { repositories in
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
/// and its price history stays in history; the receipt names learned for it go.
public struct DeleteItem: Sendable {
    let storage: any Storage

    /// Usually reached as `UseCases.deleteItem`.
    public init(storage: any Storage) { self.storage = storage }

    /// Deletes the item `reference` names from the vault.
    /// - Returns: the item as it was.
    /// - Throws: `DomainError.notFound` or `.ambiguous` for a reference that names no item or
    ///   several.
    public func callAsFunction(_ reference: String) async throws -> Item {
        try await storage.write { repositories in
            let item = try Resolver(repositories: repositories).item(reference)
            try repositories.deleteItem(item.id)
            for var store in try repositories.allStores() where store.receiptNames.values.contains(item.id) {
                store.receiptNames = store.receiptNames.filter { $0.value != item.id }
                try repositories.save(store)
            }
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

/// Takes a wrong price out: the price recorded by hand that is current for an item at a store
/// (or every one recorded there on a day) leaves the price history, and when the vault's price there
/// was one of them, the newest price left (seen by hand or paid on a trip) becomes current, or
/// none. A wrong price paid on a trip is corrected by reopening the trip instead.
public struct ForgetPrice: Sendable {
    let storage: any Storage
    let clock: any Clock

    /// Usually reached as `UseCases.forgetPrice`; `clock` says which price is current.
    public init(storage: any Storage, clock: any Clock) {
        self.storage = storage
        self.clock = clock
    }

    /// Forgets the price of the item `reference` names at the store `storeReference` names.
    /// - Parameter day: the day the prices were seen (all of that day go); nil: the store's
    ///   current price.
    /// - Returns: the item, with the price current after it.
    /// - Throws: `DomainError.noPriceRecorded` when no price was recorded by hand that day.
    ///   Without `day`, `.pricePaidOnTrip` when the current price there was paid on a trip;
    ///   `.notFound` or `.ambiguous` for an item or store that matches none or several.
    public func callAsFunction(item reference: String, store storeReference: String, day: Day? = nil) async throws -> Item {
        try await storage.write { repositories in
            let resolver = Resolver(repositories: repositories)
            var item = try resolver.item(reference)
            let store = try resolver.store(storeReference)
            let atStore = try repositories.manualObservations(of: item.id).filter { $0.store == store.id }
            let option = item.priceOption(at: store.id)
            // By default the current price there (seen at that very moment), else every one of that day.
            let currentPrice = option?.currentPrice(on: clock.now().day)
            let forgotten = if let day { atStore.filter { $0.observedAt.day == day } } else {
                atStore.filter { $0.observedAt == currentPrice?.observedAt && $0.price == currentPrice?.unitPrice && $0.isPromotion == currentPrice?.isPromotion }
            }
            guard let wanted = forgotten.first?.observedAt.day else {
                if day == nil, let currentPrice, case .trip(let cart)? = try repositories.spending(of: item.id).paidObservations(of: item.id)
                    .last(where: { $0.store == store.id && $0.observedAt == currentPrice.observedAt })?.source {
                    let trip = try repositories.cart(cart)
                    throw DomainError.pricePaidOnTrip(item: item.name, store: store.name,
                                                      trip: trip.map { "\($0.name)@\(($0.completedAt ?? $0.createdAt).day)" } ?? cart.rawValue)
                }
                throw DomainError.noPriceRecorded(item: item.name, store: store.name, day: day?.description)
            }
            for observation in Set(forgotten) { try repositories.forget(observation) }
            func isForgotten(_ quote: PriceQuote?, promotion: Bool) -> Bool {
                guard let quote, let option else { return false }
                return forgotten.contains { $0.isPromotion == promotion && $0.observedAt == quote.observedAt && $0.price == UnitPrice(quote.price, per: option.basis) }
            }
            // Says what was taken out, not what is current after: undo shows this sentence too.
            let prices = Set(forgotten.map(\.price)).map(\.description).sorted().joined(separator: ", ")
            let summary = "forgot \(forgotten.count == 1 ? "the price" : "\(forgotten.count) prices") of \(item.name) at \(store.name) seen on \(wanted) (\(prices))"
            if var option, isForgotten(option.regular, promotion: false) || isForgotten(option.promotion?.quote, promotion: true) {
                if isForgotten(option.promotion?.quote, promotion: true) {
                    option.promotion = nil
                    item.prices.removeAll { $0.store == store.id }
                    if option.regular != nil {
                        item.prices.append(option)
                        item.prices.sort { $0.store < $1.store }
                    }
                }
                if isForgotten(option.regular, promotion: false) { item = try NewestPriceLeft.restore(item, at: store.id, in: repositories) }
                try repositories.save(item)
                // Carts being planned at that store follow, as they do a new price; with no price
                // left there, they go to the cheapest store.
                try LinePlanner.replanPlannedLines(of: item, at: store.id, keepingStore: item.priceOption(at: store.id)?.currentPrice(on: clock.now().day) != nil,
                                                   in: repositories, on: clock.now().day)
            }
            return Change(item, summary: summary)
        }
    }
}
