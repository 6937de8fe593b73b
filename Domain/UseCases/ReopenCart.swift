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
    ///   several of its lines (an imported receipt's repeated rows); `.cartTotalTooLarge` when
    ///   the totals of a cart replanned at the prices left would overflow.
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
                guard let completedAt, let price = line.actualPrice, let store = line.actualStore,
                      let item = try repositories.item(line.itemID),
                      let option = item.priceOption(at: store), option.basis == line.priceUnit,
                      option.regular == PriceQuote(price: price, observedAt: completedAt) else { continue }
                let restored = try NewestPriceLeft.restore(item, at: store, in: repositories)
                try repositories.save(restored)
                let today = clock.now().day
                try LinePlanner.replanPlannedLines(of: restored, at: store,
                                                   keepingStore: restored.priceOption(at: store)?.currentPrice(on: today) != nil,
                                                   in: repositories, on: today)
            }
            return Change(cart, summary: "reopened cart \(cart.name)")
        }
    }
}
