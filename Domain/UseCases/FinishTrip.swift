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
            if let carryOver {
                try carry(cart.lines.filter { !$0.isFulfilled && !$0.isImpulse }, to: carryOver, from: cart, resolver, repositories)
            }
            let tripTime = cart.completedAt ?? clock.now()
            let categories = Dictionary(firstByKey: try repositories.allCategories().map { ($0.id, $0.name) })
            for line in cart.lines where line.isFulfilled && !line.isImpulse {
                guard let price = line.actualPrice, let store = line.actualStore,
                      var item = try repositories.item(line.itemID) else { continue }
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
    private func carry(_ lines: [CartItem], to name: String, from cart: Cart, _ resolver: Resolver,
                       _ repositories: any Repositories) throws {
        guard !lines.isEmpty else { return }
        var target: Cart
        if let existing = try repositories.activeCarts().first(where: { Name.key($0.name) == Name.key(name) }) {
            target = existing
            guard target.id != cart.id else { throw DomainError.cannotCarryOver(to: target.name, reason: "it is the cart being finished") }
            guard target.status == .planning else {
                throw DomainError.cannotCarryOver(to: target.name,
                                                  reason: "it is \(target.status.rawValue); lines not bought go to a cart being planned")
            }
        } else {
            target = Cart(id: CartID(ids.makeIdentifier()), name: try Name.validated(name, kind: "cart"), budget: nil,
                          currency: cart.currency, createdAt: clock.now())
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
