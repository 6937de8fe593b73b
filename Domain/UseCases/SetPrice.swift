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
                               pack: PackSize? = nil, isPromotion: Bool = false, promotionUntil: Day? = nil,
                               date: String? = nil) async throws -> Item {
        try await withCautions(item: reference, store: storeReference, price: price, unit: unit, pack: pack, isPromotion: isPromotion,
                               promotionUntil: promotionUntil, date: date).item
    }

    /// The same, with what looks wrong about the price (`PriceCheck`): recorded anyway.
    /// - Returns: the item, the cautions about the price, and whether it became the store's
    ///   current price (false when a newer one is known there, or a trip paid one that moment).
    /// - Throws: as `callAsFunction(item:store:price:unit:pack:isPromotion:promotionUntil:date:)`.
    public func withCautions(item reference: String, store storeReference: String, price: String, unit: MeasureUnit? = nil,
                             pack: PackSize? = nil,
                             isPromotion: Bool = false, promotionUntil: Day? = nil,
                             date: String? = nil) async throws -> (item: Item, cautions: [PriceCaution], isCurrent: Bool) {
        try await storage.write { repositories in
            let resolver = Resolver(repositories: repositories)
            var item = try resolver.item(reference)
            let store = try resolver.store(storeReference)
            let money = try Money(parsing: price, currency: try resolver.settings().currency, as: "price")
            if let unit, let pack, unit != .pack {
                throw DomainError.invalidPack("\(pack)", reason: "a pack size goes with a price per pack, not per \(unit)")
            }
            let basis = pack.map { PriceUnit(pack: $0) } ?? unit.map(PriceUnit.init)
                ?? item.priceOption(at: store.id)?.basis ?? PriceUnit(item.unit)
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
                    && repositories.spending(of: item.id).paidObservations(of: item.id)
                        .contains { $0.store == store.id && $0.observedAt == seen }
            }
            let isNewest = !paidThen && item.record(unitPrice, at: store.id, on: seen, promotionUntil: promotionUntil,
                                                    isPromotion: isPromotion)
            if isNewest { try repositories.save(item) }
            try repositories.record([PriceObservation(item: item.id, store: store.id, price: unitPrice, observedAt: seen, source: .manual,
                                                      isPromotion: isPromotion)])
            try LinePlanner.replanPlannedLines(of: item, at: store.id, keepingStore: true, in: repositories, on: now.day)
            let kind = isPromotion ? "promotion" : "price"
            guard isNewest else {
                return Change((item, cautions, false),
                              summary: "recorded a \(kind) of \(item.name) at \(store.name), \(unitPrice) on \(seen.day), in its history "
                    + "(a newer one stays current)")
            }
            return Change((item, cautions, true), summary: "set the \(kind) of \(item.name) at \(store.name) to \(unitPrice)")
        }
    }
}
