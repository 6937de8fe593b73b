import Domain

// MARK: - Intents: making and planning the cart

extension CartDetailViewModel {
    /// Creates a planning cart with the name this model was made with, and shows it.
    /// - Parameters:
    ///   - budget: as typed (`120.00`); nil: no budget.
    ///   - items: vault items (names or ids) to put on it, one of each at its cheapest store.
    /// - Returns: false, with nothing made, for a name taken or invalid, a malformed budget or an
    ///   item not in the vault.
    @discardableResult
    public func create(budget: String?, items: [String] = []) async -> Bool {
        // The name this model was made with: after a create, `reference` is the new cart's id.
        await change { try await useCases.createCart(name: name, budget: budget, items: items) } notice: { .cartCreated(cart: $0.name) }
    }

    /// Puts vault items (names or ids) on the cart, `quantity` of each; an item already there
    /// gets the quantity added to its line. Refused once the cart is completed.
    /// - Parameters:
    ///   - unit: what `quantity` counts or weighs; nil: each item's own unit.
    ///   - store: where to buy them; nil plans each at its cheapest store.
    @discardableResult
    public func add(_ items: [String], quantity: Quantity = .one, unit: MeasureUnit? = nil, store: String? = nil) async -> Bool {
        await change {
            try await useCases.addToCart(cart: reference, items: items, quantity: quantity, unit: unit, store: store)
        } notice: { .linesAdded(cart: $0.name, items: items) }
    }

    /// Changes the line of `item`: its quantity, unit or store (nil keeps each); the planned
    /// price follows the store.
    /// - Parameter unit: the line's new unit (its quantity converted when `quantity` is nil).
    @discardableResult
    public func setLine(_ item: String, quantity: Quantity?, unit: MeasureUnit? = nil, store: String?) async -> Bool {
        await change {
            try await useCases.updateCartLine(cart: reference, item: item, quantity: quantity, unit: unit, store: store)
        } notice: { .lineUpdated(cart: $0.name, item: item) }
    }

    /// Takes the line of `item` (a name or id) off the cart; refused once the cart is completed.
    @discardableResult
    public func remove(_ item: String) async -> Bool {
        await change { try await useCases.removeFromCart(cart: reference, item: item) } notice: { .lineRemoved(cart: $0.name, item: item) }
    }

    /// Renames the cart and changes its budget, while planning or shopping.
    /// - Parameters:
    ///   - name: the new name; nil keeps it.
    ///   - budget: the new budget as typed; `.some(nil)` removes it, nil keeps it.
    @discardableResult
    public func edit(name: String?, budget: String??) async -> Bool {
        var oldName = ""
        return await change {
            let edited = try await useCases.editCart(reference, name: name, budget: budget)
            oldName = edited.oldName
            return edited.value
        } notice: { cart in
            .cartEdited(cart: cart.name, renamedFrom: name == nil ? nil : oldName,
                        budget: budget == nil ? nil : cart.budget.map(Notice.BudgetEdit.set) ?? .removed)
        }
    }

    /// Deletes the cart, whatever its status; afterwards the model shows nothing and `notice`
    /// names the cart deleted.
    @discardableResult
    public func delete() async -> Bool {
        await perform {
            let cart = try await useCases.deleteCart(reference)
            clear()
            lastNotice = .cartDeleted(cart: cart.name)
        }
    }
}
