/// Removes a store: its prices leave the vault and active carts stop planning to buy there
/// (those lines move to the cheapest other store). History keeps naming it. Refused while an
/// active trip has a purchase logged at it.
public struct RemoveStore: Sendable {
    let storage: any Storage
    let clock: any Clock

    /// Usually reached as `UseCases.removeStore`; `clock` gives the day lines are re-planned on.
    public init(storage: any Storage, clock: any Clock) {
        self.storage = storage
        self.clock = clock
    }

    /// Removes the store `reference` names.
    /// - Returns: the store, marked removed.
    /// - Throws: `DomainError.notFound` or `.ambiguous` for a reference that names no store or
    ///   several; `.storeInUse` while an active trip has a purchase logged at it.
    public func callAsFunction(_ reference: String) async throws -> Store {
        try await storage.write { repositories in
            var store = try Resolver(repositories: repositories).store(reference)
            let carts = try repositories.activeCarts()
            if let cart = carts.first(where: { $0.lines.contains { $0.isFulfilled && $0.actualStore == store.id } }) {
                throw DomainError.storeInUse(store: store.name, cart: cart.name)
            }
            for var item in try repositories.allItems() where item.priceOption(at: store.id) != nil {
                item.prices.removeAll { $0.store == store.id }
                try repositories.save(item)
            }
            let day = clock.now().day
            let remaining = Set(try repositories.allStores().filter { !$0.isRemoved && $0.id != store.id }.map(\.id))
            for var cart in carts where cart.lines.contains(where: { $0.plannedStore == store.id }) {
                for line in cart.lines where line.plannedStore == store.id {
                    let item = try repositories.item(line.itemID)
                    try cart.update(try LinePlanner.replan(line, item: item, store: nil, among: remaining, on: day, storeNames: nil))
                }
                try repositories.save(cart)
            }
            store.isRemoved = true
            try repositories.save(store)
            return Change(store, summary: "removed store \(store.name)")
        }
    }
}
