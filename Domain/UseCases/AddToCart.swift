/// Puts vault items on a cart; an item already there gets the quantity added to its line.
public struct AddToCart: Sendable {
    let storage: any Storage
    let clock: any Clock

    /// Usually reached as `UseCases.addToCart`; `clock` gives the day whose prices are planned.
    public init(storage: any Storage, clock: any Clock) {
        self.storage = storage
        self.clock = clock
    }

    /// Adds `quantity` of each of `items` (vault names or ids) to the cart `reference` names.
    /// - Parameters:
    ///   - unit: what `quantity` counts or weighs; nil: each item's own unit. An item already on
    ///     the cart in another unit gets the quantity converted into its line's unit.
    ///   - store: where to buy them; nil plans each at its cheapest store.
    /// - Throws: `DomainError.notFound` or `.ambiguous` for a cart, item or `store` that matches
    ///   none or several; `.notAllowed` for a completed cart; `.incompatibleUnits` when `unit`
    ///   and an item's line on the cart measure different things; `.inexactConversion` when the
    ///   quantity has no exact equivalent in the line's unit; `.unitMismatch` when no store
    ///   (or not `store`) prices the item in something `unit` converts to; `.tooLarge` when a
    ///   line's quantity would pass the maximum; `.cartTotalTooLarge` when the totals would
    ///   overflow.
    public func callAsFunction(cart reference: String, items: [String], quantity: Quantity = .one, unit: MeasureUnit? = nil,
                               store: String? = nil) async throws -> Cart {
        try await storage.write { repositories in
            let resolver = Resolver(repositories: repositories)
            var cart = try resolver.cart(reference)
            let storeID = try store.map { try resolver.store($0).id }
            let factory = try CartLineFactory(repositories, day: clock.now().day)
            var names: [String] = []
            for reference in items {
                let item = try resolver.item(reference)
                if let existing = cart.line(for: item.id), let unit,
                   !existing.measure(of: unit).converts(to: existing.measure(of: existing.unit)) {
                    throw DomainError.incompatibleUnits(item: item.name, unit: unit.rawValue, lineUnit: existing.unit.rawValue)
                }
                if let existing = cart.line(for: item.id), let storeID, existing.plannedStore != storeID {
                    try cart.update(try factory.replan(existing, item: item, store: storeID))
                }
                try cart.add(try factory.line(for: item, quantity: quantity, unit: unit, store: storeID))
                names.append(item.name)
            }
            try repositories.save(cart)
            let amount = quantity == .one && unit == nil ? "" : "\(quantity) \(unit.map { "\($0) " } ?? "")"
            return Change(cart, summary: "added \(amount)\(names.joined(separator: ", ")) to \(cart.name)")
        }
    }
}
