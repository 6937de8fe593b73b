/// Planning → Shopping.
public struct StartTrip: Sendable {
    let storage: any Storage
    let clock: any Clock

    /// Usually reached as `UseCases.startTrip`; `clock` stamps when the trip started.
    public init(storage: any Storage, clock: any Clock) {
        self.storage = storage
        self.clock = clock
    }

    /// Starts shopping the cart `reference` names (its name, id or a unique id prefix).
    /// - Returns: the cart, now shopping.
    /// - Throws: `DomainError.notFound` or `.ambiguous` for a reference that names no cart or
    ///   several; `.notAllowed` unless the cart is being planned.
    public func callAsFunction(_ reference: String) async throws -> Cart {
        try await storage.changeCart(reference) { cart, _ in
            try cart.startTrip(at: clock.now())
            return "started the trip for \(cart.name)"
        }
    }
}

/// Marks a line bought. The price defaults to the planned one, the store to the planned store,
/// the quantity to the planned quantity. Logging a bought line again corrects it.
public struct LogPurchase: Sendable {
    let storage: any Storage
    let clock: any Clock

    /// Usually reached as `UseCases.logPurchase`; `clock` gives today, for the price at a store
    /// not planned and for the cautions.
    public init(storage: any Storage, clock: any Clock) {
        self.storage = storage
        self.clock = clock
    }

    /// Logs `item` (a line of the cart: its name or id) as bought on the trip `reference` names.
    /// - Parameters:
    ///   - price: the price of one unit of what the line is priced per (`CartItem.priceUnit`),
    ///     as typed.
    ///   - date: when the trip happened, as typed (`Timestamp(happened:now:)`), for a receipt
    ///     entered afterwards: the trip is recorded on that date.
    /// - Returns: the cart, with the line bought.
    /// - Throws: `DomainError.notFound` or `.ambiguous` for a cart, a line or a `store` that
    ///   matches none or several; `.notAllowed` unless the cart is shopping; `.invalidDate`,
    ///   `.futureDate` or `.pastDate` for `date`; `.invalidAmount` or `.tooLarge` for `price`;
    ///   `.priceRequired` without `price` when no price is planned for that store;
    ///   `.storeRequired` when neither `store`, the line's planned store nor the one store bought
    ///   at so far says where; `.cartTotalTooLarge` when the cart's totals would overflow.
    public func callAsFunction(cart reference: String, item: String, price: String? = nil, store: String? = nil,
                               quantity: Quantity? = nil, date: String? = nil) async throws -> Cart {
        try await checked(cart: reference, item: item, price: price, store: store, quantity: quantity, date: date).cart
    }

    /// The same, with what looks wrong about a price typed (`PriceCheck` against the vault's
    /// price at that store): logged anyway.
    /// - Returns: the cart, and the cautions about `price` (none when no price was typed or
    ///   the item is an impulse buy).
    /// - Throws: as `callAsFunction(cart:item:price:store:quantity:date:)`.
    public func checked(cart reference: String, item: String, price: String? = nil, store: String? = nil,
                        quantity: Quantity? = nil, date: String? = nil) async throws -> (cart: Cart, cautions: [PriceCaution]) {
        try await storage.write { repositories in
            let resolver = Resolver(repositories: repositories)
            var cart = try resolver.cart(reference)
            let line = try resolver.line(item, on: cart)
            try cart.check(.logPurchase)
            if let date { try cart.date(try Timestamp(happened: date, now: clock.now())) }
            let storeID = try store.map { try resolver.store($0).id } ?? line.plannedStore ?? cart.onlyStoreBoughtAt
            let vaultItem = line.isImpulse ? nil : try repositories.item(line.itemID)
            let day = (cart.completedAt ?? clock.now()).day
            // Bought at another store than planned: priced the way that store sells it (per kg
            // rather than per lb, a pack of 250 g rather than 500 g), at its price unless typed.
            var basis = line.priceUnit, storePrice: Money? = nil
            if let storeID, storeID != line.plannedStore, let option = vaultItem?.priceOption(at: storeID), line.measure(of: line.unit).converts(to: option.basis) {
                basis = option.basis
                storePrice = option.currentPrice(on: day)?.unitPrice.price
            }
            let planned = basis == line.priceUnit ? line.plannedPrice : storePrice
            guard let paid = try price.map({ try Money(parsing: $0, currency: cart.currency, as: "price") }) ?? planned else {
                throw DomainError.priceRequired(item: line.name)
            }
            guard let storeID else { throw DomainError.storeRequired(item: line.name) }
            var cautions: [PriceCaution] = []
            if price != nil, let vaultItem, let shop = try repositories.allStores().first(where: { $0.id == storeID }) {
                cautions = try PriceCheck.cautions(for: UnitPrice(paid, per: basis), of: vaultItem, at: shop, on: day)
            }
            try cart.logPurchase(line.itemID, price: paid, store: storeID, quantity: quantity, priceUnit: basis)
            try repositories.save(cart)
            return Change((cart, cautions), summary: "logged \(line.name) on \(cart.name) at \(paid.amountText)/\(basis)")
        }
    }
}

/// Takes back a logged purchase (an impulse line disappears).
public struct UnlogPurchase: Sendable {
    let storage: any Storage

    /// Usually reached as `UseCases.unlogPurchase`.
    public init(storage: any Storage) { self.storage = storage }

    /// Marks the line for `item` not bought again; an impulse buy is taken off the cart.
    /// - Throws: `DomainError.notFound` or `.ambiguous` for a cart or line that matches none or
    ///   several; `.notAllowed` unless the cart is shopping; `.notBought` for a line not logged.
    public func callAsFunction(cart reference: String, item: String) async throws -> Cart {
        try await storage.changeCart(reference) { cart, resolver in
            let line = try resolver.line(item, on: cart)
            try cart.unlogPurchase(line.itemID)
            return "un-logged \(line.name) on \(cart.name)"
        }
    }
}

/// Adds something bought on impulse: it is on this cart only and never enters the vault.
public struct AddImpulseItem: Sendable {
    let storage: any Storage
    let clock: any Clock
    let ids: any IdentifierSource

    /// Usually reached as `UseCases.addImpulseItem`; `ids` names the line's own item.
    public init(storage: any Storage, clock: any Clock, ids: any IdentifierSource) {
        self.storage = storage
        self.clock = clock
        self.ids = ids
    }

    /// Adds `name`, bought at `price` per `unit`, to the trip `reference` names.
    /// - Parameters:
    ///   - store: defaults to the one store the trip has bought at so far, else the cart's only
    ///     planned store.
    /// - Throws: `DomainError.storeUnclear` without `store` when the trip has bought at several.
    ///   It is thrown too when nothing is bought yet and the lines are planned at several
    ///   stores; `.storeRequired` when no line is planned at any store. Also
    ///   `DomainError.invalidName` for `name`; `.notFound` or `.ambiguous` for the cart or
    ///   `store`; `.notAllowed` unless the cart is shopping; `.invalidDate`, `.futureDate` or
    ///   `.pastDate` for `date`; `.invalidAmount` or `.tooLarge` for `price`;
    ///   `.cartTotalTooLarge` when the cart's totals would overflow.
    public func callAsFunction(cart reference: String, name: String, price: String, quantity: Quantity = .one,
                               unit: MeasureUnit = .each, store: String? = nil, date: String? = nil) async throws -> Cart {
        let name = try Name.validated(name, kind: "item")
        return try await storage.write { repositories in
            let resolver = Resolver(repositories: repositories)
            var cart = try resolver.cart(reference)
            if let date { try cart.date(try Timestamp(happened: date, now: clock.now())) }
            let paid = try Money(parsing: price, currency: cart.currency, as: "price")
            let bought = Set(cart.lines.filter(\.isFulfilled).compactMap(\.actualStore))
            // Lines keep no time of purchase, so "the store of the last purchase" cannot be known:
            // with purchases at several stores, the shopper says which.
            if store == nil, bought.count > 1 {
                let names = Dictionary(firstByKey: try repositories.allStores().map { ($0.id, $0.name) })
                throw DomainError.storeUnclear(item: name, stores: bought.map { names[$0] ?? $0.rawValue }.sorted(), bought: true)
            }
            guard let storeID = try store.map({ try resolver.store($0).id }) ?? bought.first ?? cart.onlyPlannedStore else {
                // Nothing says where: the shopper does (a row without a store could not be read back).
                let names = Dictionary(firstByKey: try repositories.allStores().map { ($0.id, $0.name) })
                let planned = Set(cart.lines.compactMap(\.plannedStore)).map { names[$0] ?? $0.rawValue }.sorted()
                if planned.isEmpty { throw DomainError.storeRequired(item: name) }
                throw DomainError.storeUnclear(item: name, stores: planned, bought: false)
            }
            let line = CartItem(itemID: ItemID(ids.makeIdentifier()), name: name, categoryName: nil, quantity: quantity, unit: unit,
                                isFulfilled: true, actualStore: storeID, actualPrice: paid, isImpulse: true)
            try cart.addImpulse(line)
            try repositories.save(cart)
            return Change(cart, summary: "added impulse buy \(name) to \(cart.name)")
        }
    }
}

/// Shopping → Completed. Each vault item bought gets the price paid as its current price at
/// the store it was bought at, seen on the trip's day (unless a newer price is known there);
/// the purchases join the price history as the completed cart's own lines. Impulse buys stay
/// out of the vault.
public struct FinishTrip: Sendable {
    let storage: any Storage
    let clock: any Clock
    let ids: any IdentifierSource

    /// Usually reached as `UseCases.finishTrip`; `ids` names a carry-over cart it creates.
    public init(storage: any Storage, clock: any Clock, ids: any IdentifierSource) {
        self.storage = storage
        self.clock = clock
        self.ids = ids
    }

    /// Completes the trip `reference` names and records its prices in the vault.
    /// - Parameters:
    ///   - date: when the trip happened, as typed (`Timestamp(happened:now:)`); without it, a
    ///     trip dated by a purchase or a reopened trip keeps its date, else it is now.
    ///   - carryOver: a planning cart (created when there is none of that name) that gets the
    ///     lines not bought; the completed cart keeps them, not bought, as they were.
    /// - Returns: the completed cart.
    /// - Throws: `DomainError.notFound` or `.ambiguous` for a reference that names no cart or
    ///   several; `.notAllowed` unless the cart is shopping; `.invalidDate`, `.futureDate` or
    ///   `.pastDate` for `date`; `.nothingBought` when no line is bought; `.cannotCarryOver`
    ///   when `carryOver` names this cart or an active cart not being planned; `.invalidName`
    ///   for a new carry-over cart's name; `.incompatibleUnits`, `.inexactConversion` or
    ///   `.cartTotalTooLarge` when a carried line cannot join that item's line on the target.
    public func callAsFunction(_ reference: String, date: String? = nil, carryOver: String? = nil) async throws -> Cart {
        try await storage.write { repositories in
            let resolver = Resolver(repositories: repositories)
            var cart = try resolver.cart(reference)
            if let date { try cart.date(try Timestamp(happened: date, now: clock.now())) }
            try cart.finishTrip(at: clock.now())
            if let carryOver { try carry(cart.lines.filter { !$0.isFulfilled && !$0.isImpulse }, to: carryOver, from: cart, resolver, repositories) }
            let tripTime = cart.completedAt ?? clock.now()
            let categories = Dictionary(firstByKey: try repositories.allCategories().map { ($0.id, $0.name) })
            for line in cart.lines where line.isFulfilled && !line.isImpulse {
                guard let price = line.actualPrice, let store = line.actualStore, var item = try repositories.item(line.itemID) else { continue }
                if item.record(UnitPrice(price, per: line.priceUnit), at: store, on: tripTime, promotionUntil: nil, isPromotion: false) {
                    try repositories.save(item)
                }
                var refreshed = line
                refreshed.name = item.name
                refreshed.categoryName = categories[item.categoryID] ?? line.categoryName
                try cart.refreshSnapshot(refreshed)
            }
            try repositories.save(cart)
            let total = try cart.actualTotal()
            let left = cart.lines.count { !$0.isFulfilled && !$0.isImpulse }
            let carried = left > 0 ? carryOver.map { ", \(left) not bought carried over to \($0)" } ?? ", \(left) not bought" : ""
            return Change(cart, summary: "finished the trip for \(cart.name) (\(total.amountText) spent\(carried))")
        }
    }

    /// Adds `lines` (as planned, not bought) to the planning cart named `name`, made when missing.
    private func carry(_ lines: [CartItem], to name: String, from cart: Cart, _ resolver: Resolver, _ repositories: any Repositories) throws {
        guard !lines.isEmpty else { return }
        var target: Cart
        if let existing = try repositories.activeCarts().first(where: { Name.key($0.name) == Name.key(name) }) {
            target = existing
            guard target.id != cart.id else { throw DomainError.cannotCarryOver(to: target.name, reason: "it is the cart being finished") }
            guard target.status == .planning else {
                throw DomainError.cannotCarryOver(to: target.name, reason: "it is \(target.status.rawValue); lines not bought go to a cart being planned")
            }
        } else {
            target = Cart(id: CartID(ids.makeIdentifier()), name: try Name.validated(name, kind: "cart"), budget: nil, currency: cart.currency,
                          createdAt: clock.now())
        }
        guard target.id != cart.id else { throw DomainError.invalidName(kind: "cart", name: name, reason: "it is the cart being finished") }
        for line in lines {
            var planned = line
            planned.isFulfilled = false
            planned.actualPrice = nil
            planned.actualStore = nil
            planned.purchasedQuantity = nil
            try target.add(planned)
        }
        try repositories.save(target)
    }
}

/// Shopping → Planning: the trip did not happen; logged purchases and impulse buys are dropped.
public struct AbortTrip: Sendable {
    let storage: any Storage

    /// Usually reached as `UseCases.abortTrip`.
    public init(storage: any Storage) { self.storage = storage }

    /// Takes the cart `reference` names back to planning, dropping what was logged on the trip.
    /// - Returns: the cart, being planned again.
    /// - Throws: `DomainError.notFound` or `.ambiguous` for a reference that names no cart or
    ///   several; `.notAllowed` unless the cart is shopping.
    public func callAsFunction(_ reference: String) async throws -> Cart {
        try await storage.changeCart(reference) { cart, _ in
            try cart.abortTrip()
            return "aborted the trip for \(cart.name)"
        }
    }
}

/// Completed → Shopping, to correct a finished trip. The prices that trip paid leave the price
/// history with it (finishing again brings them back); the vault keeps its prices.
public struct ReopenCart: Sendable {
    let storage: any Storage
    let clock: any Clock

    /// Usually reached as `UseCases.reopenCart`; `clock` gives the day lines are re-planned on.
    public init(storage: any Storage, clock: any Clock) {
        self.storage = storage
        self.clock = clock
    }

    /// Reopens the completed trip `reference` names for correction; planned lines on carts
    /// being planned follow the prices its leaving makes current again.
    /// - Returns: the cart, shopping again.
    /// - Throws: `DomainError.notFound` or `.ambiguous` for a reference that names no cart or
    ///   several; `.notAllowed` unless the cart is completed; `.repeatedItem` when an item is on
    ///   several of its lines (an imported receipt's repeated rows).
    public func callAsFunction(_ reference: String) async throws -> Cart {
        try await storage.write { repositories in
            var cart = try Resolver(repositories: repositories).cart(reference)
            let completedAt = cart.completedAt
            try cart.reopen()
            try repositories.save(cart)
            // The prices the trip made current leave with it: the newest price left at each store
            // is current again (one seen by hand since, an earlier trip's), so finishing it again
            // on an earlier date does not leave them current.
            for line in cart.lines where line.isFulfilled && !line.isImpulse {
                guard let completedAt, let price = line.actualPrice, let store = line.actualStore, let item = try repositories.item(line.itemID),
                      let option = item.priceOption(at: store), option.basis == line.priceUnit,
                      option.regular == PriceQuote(price: price, observedAt: completedAt) else { continue }
                let restored = try NewestPriceLeft.restore(item, at: store, in: repositories)
                try repositories.save(restored)
                let today = clock.now().day
                try LinePlanner.replanPlannedLines(of: restored, at: store, keepingStore: restored.priceOption(at: store)?.currentPrice(on: today) != nil,
                                                   in: repositories, on: today)
            }
            return Change(cart, summary: "reopened cart \(cart.name)")
        }
    }
}

extension Cart {
    /// The store the trip has bought at, when it has bought at exactly one.
    var onlyStoreBoughtAt: StoreID? {
        let stores = Set(lines.filter(\.isFulfilled).compactMap(\.actualStore))
        return stores.count == 1 ? stores.first : nil
    }

    /// The store every planned line is planned at, when there is exactly one.
    var onlyPlannedStore: StoreID? {
        let stores = Set(lines.compactMap(\.plannedStore))
        return stores.count == 1 ? stores.first : nil
    }
}
