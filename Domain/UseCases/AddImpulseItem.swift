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
