/// Marks a line bought. The price defaults to the planned one, the store to the planned store,
/// the quantity to the planned quantity. Logging a bought line again with a price or a quantity
/// corrects it; without either (a tick from a second phone, or one queued offline) it keeps
/// what was recorded: the line is bought already, and nothing is stored.
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
    ///     as typed. For a line already bought, without `price`, `quantity` and `store`, the
    ///     price, quantity and store recorded stay; with some of them, the others default to
    ///     what was recorded.
    ///   - date: when the trip happened, as typed (`Timestamp(happened:now:)`), for a receipt
    ///     entered afterwards: the trip is recorded on that date.
    /// - Returns: the cart, with the line bought (a tick of a line bought already stores
    ///   nothing and leaves no undo step).
    /// - Throws: `DomainError.notFound` or `.ambiguous` for a cart, a line or a `store` that
    ///   matches none or several; `.notAllowed` unless the cart is shopping; `.invalidDate`,
    ///   `.futureDate` or `.pastDate` for `date`; `.invalidAmount` or `.tooLarge` for `price`;
    ///   `.priceRequired` without `price` when no price is planned for that store;
    ///   `.storeRequired` when neither `store`, the line's planned store nor the one store bought
    ///   at so far says where; `.cartTotalTooLarge` when the cart's totals would overflow.
    public func callAsFunction(cart reference: String, item: String, price: String? = nil, store: String? = nil,
                               quantity: Quantity? = nil, date: String? = nil) async throws -> Cart {
        try await withCautions(cart: reference, item: item, price: price, store: store, quantity: quantity, date: date).cart
    }

    /// The same, also answering what looks wrong about a price typed (`PriceCheck` against the
    /// vault's price at that store): the purchase is logged anyway, and a front shows them.
    /// - Returns: the cart; the cautions about `price` (none when no price was typed or the item
    ///   is an impulse buy); and whether anything changed: false for a tick of a line bought
    ///   already, which stores nothing.
    /// - Throws: as `callAsFunction(cart:item:price:store:quantity:date:)`.
    public func withCautions(cart reference: String, item: String, price: String? = nil, store: String? = nil,
                             quantity: Quantity? = nil,
                             date: String? = nil) async throws -> (cart: Cart, cautions: [PriceCaution], changed: Bool) {
        try await storage.write(unlessUnchanged: { repositories in
            let resolver = Resolver(repositories: repositories)
            let stored = try resolver.cart(reference)
            var cart = stored
            let line = try resolver.line(item, on: cart)
            try cart.check(.logPurchase)
            if let date { try cart.date(try Timestamp(happened: date, now: clock.now())) }
            // Decided here, on the line as stored, not on a front's possibly stale copy: a tick
            // says "bought", and overwriting what another phone paid with the plan loses it.
            if line.isFulfilled, price == nil, quantity == nil, store == nil {
                guard cart != stored else { return .unchanged((cart, [], false)) }
                try repositories.save(cart)
                return .changed(Change((cart, [], true), summary: "dated the trip of \(cart.name), \(line.name) kept as bought"))
            }
            let recordedStore = line.isFulfilled ? line.actualStore : nil
            let storeID = try store.map { try resolver.store($0).id } ?? recordedStore ?? line.plannedStore ?? cart.onlyStoreBoughtAt
            let vaultItem = line.isImpulse ? nil : try repositories.item(line.itemID)
            let day = (cart.completedAt ?? clock.now()).day
            // Bought at another store than planned: priced the way that store sells it (per kg
            // rather than per lb, a pack of 250 g rather than 500 g), at its price unless typed.
            var basis = line.priceUnit, storePrice: Money? = nil
            if let storeID, storeID != line.plannedStore, let option = vaultItem?.priceOption(at: storeID),
               line.measure(of: line.unit).converts(to: option.basis) {
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
            // A price corrected keeps the weight logged with it (in the same unit).
            let recordedQuantity = line.isFulfilled && basis == line.priceUnit ? line.purchasedQuantity : nil
            try cart.logPurchase(line.itemID, price: paid, store: storeID, quantity: quantity ?? recordedQuantity, priceUnit: basis)
            try repositories.save(cart)
            return .changed(Change((cart, cautions, true), summary: "logged \(line.name) on \(cart.name) at \(paid.amountText)/\(basis)"))
        })
    }
}
