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
            let (forgotten, seen) = try recordedPrices(of: item, at: store, on: day, in: repositories)
            for observation in Set(forgotten) { try repositories.forget(observation) }
            // Says what was taken out, not what is current after: undo shows this sentence too.
            let prices = Set(forgotten.map(\.price)).map(\.description).sorted().joined(separator: ", ")
            let summary = "forgot \(forgotten.count == 1 ? "the price" : "\(forgotten.count) prices") of \(item.name) at \(store.name) "
                              + "seen on \(seen) (\(prices))"
            if let current = try ForgetPrice.withoutForgotten(forgotten, item, at: store.id, in: repositories) {
                item = current
                try repositories.save(item)
                // Carts being planned at that store follow, as they do a new price; with no price
                // left there, they go to the cheapest store.
                try LinePlanner.replanPlannedLines(of: item, at: store.id,
                                                   keepingStore: item.priceOption(at: store.id)?.currentPrice(on: clock.now().day) != nil,
                                                   in: repositories, on: clock.now().day)
            }
            return Change(item, summary: summary)
        }
    }

    /// The prices of `item` recorded by hand at `store` to forget, and the day they were seen:
    /// every one of `day`, or without a day the current price there (seen at that very moment).
    /// - Throws: `DomainError.pricePaidOnTrip` when the current price was paid on a trip;
    ///   `.noPriceRecorded` when there is none to forget.
    private func recordedPrices(of item: Item, at store: Store, on day: Day?,
                                in repositories: any Repositories) throws -> ([PriceObservation], Day) {
        let atStore = try repositories.manualObservations(of: item.id).filter { $0.store == store.id }
        let currentPrice = item.priceOption(at: store.id)?.currentPrice(on: clock.now().day)
        let forgotten = if let day { atStore.filter { $0.observedAt.day == day } } else {
            atStore.filter {
                $0.observedAt == currentPrice?.observedAt && $0.price == currentPrice?.unitPrice
                    && $0.isPromotion == currentPrice?.isPromotion
            }
        }
        if let seen = forgotten.first?.observedAt.day { return (forgotten, seen) }
        if day == nil, let currentPrice, case .trip(let cart)? = try repositories.spending(of: item.id).paidObservations(of: item.id)
            .last(where: { $0.store == store.id && $0.observedAt == currentPrice.observedAt })?.source {
            let trip = try repositories.cart(cart)
            throw DomainError.pricePaidOnTrip(item: item.name, store: store.name,
                                              trip: trip.map { "\($0.name)@\(($0.completedAt ?? $0.createdAt).day)" } ?? cart.rawValue)
        }
        throw DomainError.noPriceRecorded(item: item.name, store: store.name, day: day?.description)
    }

    /// `item` once `forgotten` is gone, when its price at `store` was among them: the promotion
    /// dropped, the regular price the newest left (`NewestPriceLeft`); nil when neither was.
    private static func withoutForgotten(_ forgotten: [PriceObservation], _ item: Item, at store: StoreID,
                                         in repositories: any Repositories) throws -> Item? {
        guard var option = item.priceOption(at: store) else { return nil }
        func isForgotten(_ quote: PriceQuote?, promotion: Bool) -> Bool {
            guard let quote else { return false }
            return forgotten.contains {
                $0.isPromotion == promotion && $0.observedAt == quote.observedAt && $0.price == UnitPrice(quote.price, per: option.basis)
            }
        }
        let promotionForgotten = isForgotten(option.promotion?.quote, promotion: true),
            regularForgotten = isForgotten(option.regular, promotion: false)
        guard promotionForgotten || regularForgotten else { return nil }
        var item = item
        if promotionForgotten {
            option.promotion = nil
            item.prices.removeAll { $0.store == store }
            if option.regular != nil {
                item.prices.append(option)
                item.prices.sort { $0.store < $1.store }
            }
        }
        return regularForgotten ? try NewestPriceLeft.restore(item, at: store, in: repositories) : item
    }
}
