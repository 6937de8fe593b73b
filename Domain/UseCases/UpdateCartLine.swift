/// Changes a line's quantity or store; the planned price follows the store.
public struct UpdateCartLine: Sendable {
    let storage: any Storage
    let clock: any Clock

    /// Usually reached as `UseCases.updateCartLine`; `clock` gives the day whose prices are planned.
    public init(storage: any Storage, clock: any Clock) {
        self.storage = storage
        self.clock = clock
    }

    /// Changes the quantity, unit or store of the line for `item` on the cart `reference` names.
    /// - Parameters:
    ///   - unit: the line's new unit; without `quantity` the quantity is converted into it
    ///     (1.2 kg becomes 1200 g), refused when that is not exact (1 lb in kg).
    ///   - store: the line's new store; the line keeps its quantity and unit, and the store's
    ///     price is converted to them (refused when they measure different things).
    /// - Throws: `DomainError.notFound` or `.ambiguous` for a cart, line or `store` that matches
    ///   none or several; `.incompatibleUnits` for a `unit` of another kind without `quantity`;
    ///   `.inexactConversion` or `.tooLarge` when the quantity converted into `unit` is not exact
    ///   or passes the maximum; `.unitMismatch` when the store prices the item in something the
    ///   line's unit does not convert to; `.notAllowed` for a completed cart;
    ///   `.cartTotalTooLarge` when the totals would overflow.
    /// - Returns: the cart; a line left as it was stores nothing and leaves no undo step.
    public func callAsFunction(cart reference: String, item: String, quantity: Quantity? = nil, unit: MeasureUnit? = nil,
                               store: String? = nil) async throws -> Cart {
        try await storage.write(unlessUnchanged: { repositories in
            let resolver = Resolver(repositories: repositories)
            let stored = try resolver.cart(reference)
            var cart = stored
            var line = try resolver.line(item, on: cart)
            var changes: [String] = []
            if let unit, unit != line.unit {
                let from = line.measure(of: line.unit), to = line.measure(of: unit)
                guard quantity != nil || from.converts(to: to) else {
                    throw DomainError.incompatibleUnits(item: line.name, unit: unit.rawValue, lineUnit: line.unit.rawValue)
                }
                guard let converted = quantity ?? line.quantity.converted(from: from, to: to) else {
                    throw DomainError.inexactConversion(quantity: line.quantity.description, from: line.unit.rawValue, to: unit.rawValue)
                }
                guard converted <= Quantity.maximum else {
                    throw DomainError.tooLarge("\(converted) \(unit)", kind: "quantity", maximum: Quantity.maximum.description)
                }
                line.quantity = converted
                line.unit = unit
            } else if let quantity {
                line.quantity = quantity
            }
            if quantity != nil || unit != nil { changes.append("set \(line.name) on \(cart.name) to \(line.quantity) \(line.unit)") }
            let factory = try CartLineFactory(repositories, day: clock.now().day)
            if let store {
                let store = try resolver.store(store)
                line = try factory.replan(line, item: try repositories.item(line.itemID), store: store.id)
                changes.append("planned \(line.name) on \(cart.name) at \(store.name)")
            } else if unit != nil {
                line = try factory.replan(line, item: try repositories.item(line.itemID), store: line.plannedStore)
            }
            try cart.update(line)
            guard cart != stored else { return .unchanged(cart) }
            try repositories.save(cart)
            return .changed(Change(cart,
                                   summary: changes.isEmpty ? "re-planned \(line.name) on \(cart.name)"
                                                            : changes.joined(separator: " and ")))
        })
    }
}
