/// Creates a cart being planned, optionally with a budget and items from the vault.
public struct CreateCart: Sendable {
    let storage: any Storage
    let clock: any Clock
    let ids: any IdentifierSource

    /// Usually reached as `UseCases.createCart`; `clock` stamps its creation and the day whose
    /// prices are planned, `ids` names it.
    public init(storage: any Storage, clock: any Clock, ids: any IdentifierSource) {
        self.storage = storage
        self.clock = clock
        self.ids = ids
    }

    /// Creates the cart `name`, being planned, in the settings' currency.
    /// - Parameters:
    ///   - budget: as typed, such as `120.00`.
    ///   - items: vault items (names or ids) to put on it, one of each at the cheapest store.
    /// - Returns: the new cart.
    /// - Throws: `DomainError.invalidName` for `name`; `.duplicateName` when an active cart has
    ///   it; `.invalidAmount` or `.tooLarge` for `budget`; `.notFound` or `.ambiguous` for an
    ///   item that matches none or several; `.cartTotalTooLarge` when the totals would overflow.
    public func callAsFunction(name: String, budget: String? = nil, items: [String] = []) async throws -> Cart {
        let name = try Name.validated(name, kind: "cart")
        return try await storage.write { repositories in
            let resolver = Resolver(repositories: repositories)
            try requireUnique(name, kind: "active cart", among: try repositories.activeCarts().map(\.name))
            let currency = try resolver.settings().currency
            let now = clock.now()
            var cart = Cart(id: CartID(ids.makeIdentifier()), name: name, budget: nil, currency: currency, createdAt: now)
            try cart.setBudget(try budget.map { try Money(parsing: $0, currency: currency, as: "budget") })
            let planner = try CartLineFactory(repositories, day: now.day)
            for reference in items {
                try cart.add(try planner.line(for: try resolver.item(reference), quantity: .one, store: nil))
            }
            try repositories.save(cart)
            let suffix = items.isEmpty ? "" : " with \(cart.lines.count) item\(cart.lines.count == 1 ? "" : "s")"
            return Change(cart, summary: "created cart \(name)\(suffix)")
        }
    }
}

/// Makes cart lines from vault items with the vault's stores and categories at hand.
struct CartLineFactory {
    let categories: [CategoryID: String]
    let stores: Set<StoreID>
    let storeNames: [StoreID: String]
    let day: Day

    init(_ repositories: any Repositories, day: Day) throws {
        categories = Dictionary(firstByKey: try repositories.allCategories().map { ($0.id, $0.name) })
        let all = try repositories.allStores()
        stores = Set(all.filter { !$0.isRemoved }.map(\.id))
        storeNames = Dictionary(firstByKey: all.map { ($0.id, $0.name) })
        self.day = day
    }

    /// - Parameter unit: the line's unit; nil: the item's own unit.
    func line(for item: Item, quantity: Quantity, unit: MeasureUnit? = nil, store: StoreID?) throws -> CartItem {
        try LinePlanner.plan(item, categoryName: categories[item.categoryID], quantity: quantity, unit: unit, store: store, among: stores, on: day,
                             storeNames: storeNames)
    }

    func replan(_ line: CartItem, item: Item?, store: StoreID?) throws -> CartItem {
        var line = try LinePlanner.replan(line, item: item, store: store, among: stores, on: day, storeNames: storeNames)
        if let item { line.categoryName = categories[item.categoryID] }
        return line
    }
}

/// Renames a cart and changes its budget (nil removes it); only while planning or shopping.
public struct EditCart: Sendable {
    let storage: any Storage

    /// Usually reached as `UseCases.editCart`.
    public init(storage: any Storage) { self.storage = storage }

    /// Renames the cart `reference` names and sets or removes its budget.
    /// - Parameters:
    ///   - budget: `.some(nil)` removes the budget; nil leaves it.
    /// - Returns: the cart, with the name it had before.
    /// - Throws: `DomainError.notFound` or `.ambiguous` for a reference that names no cart or
    ///   several; `.notAllowed` for a completed cart; `.invalidName` for `name`;
    ///   `.duplicateName` when another active cart has it; `.invalidAmount` or `.tooLarge` for
    ///   `budget`.
    public func callAsFunction(_ reference: String, name newName: String? = nil, budget: String?? = nil) async throws -> Renamed<Cart> {
        try await storage.write { repositories in
            let resolver = Resolver(repositories: repositories)
            var cart = try resolver.cart(reference)
            let oldName = cart.name
            var changes: [String] = []
            if let newName {
                try cart.rename(to: newName)
                let others = try repositories.activeCarts().filter { $0.id != cart.id }.map(\.name)
                try requireUnique(cart.name, kind: "active cart", among: others)
                changes.append("renamed cart \(oldName) to \(cart.name)")
            }
            if let budget {
                try cart.setBudget(try budget.map { try Money(parsing: $0, currency: cart.currency, as: "budget") })
                changes.append(cart.budget.map { "set the budget of \(cart.name) to \($0.amountText)" } ?? "removed the budget of \(cart.name)")
            }
            try repositories.save(cart)
            return Change(Renamed(value: cart, oldName: oldName), summary: changes.isEmpty ? "changed nothing on \(cart.name)" : changes.joined(separator: " and "))
        }
    }
}

/// Deletes a cart, whatever its status.
public struct DeleteCart: Sendable {
    let storage: any Storage

    /// Usually reached as `UseCases.deleteCart`.
    public init(storage: any Storage) { self.storage = storage }

    /// Deletes the cart `reference` names; a completed one leaves the spending history with it.
    /// - Returns: the cart as it was.
    /// - Throws: `DomainError.notFound` or `.ambiguous` for a reference that names no cart or
    ///   several.
    public func callAsFunction(_ reference: String) async throws -> Cart {
        try await storage.write { repositories in
            let cart = try Resolver(repositories: repositories).cart(reference)
            try repositories.deleteCart(cart.id)
            return Change(cart, summary: "deleted cart \(cart.name)")
        }
    }
}

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
                if let existing = cart.line(for: item.id), let unit, !existing.measure(of: unit).converts(to: existing.measure(of: existing.unit)) {
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
    public func callAsFunction(cart reference: String, item: String, quantity: Quantity? = nil, unit: MeasureUnit? = nil,
                               store: String? = nil) async throws -> Cart {
        try await storage.write { repositories in
            let resolver = Resolver(repositories: repositories)
            var cart = try resolver.cart(reference)
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
            try repositories.save(cart)
            return Change(cart, summary: changes.isEmpty ? "changed nothing on \(cart.name)" : changes.joined(separator: " and "))
        }
    }
}

/// Takes a line off a cart being planned or shopped.
public struct RemoveFromCart: Sendable {
    let storage: any Storage

    /// Usually reached as `UseCases.removeFromCart`.
    public init(storage: any Storage) { self.storage = storage }

    /// Removes the line for `item` (its name or id) from the cart `reference` names.
    /// - Throws: `DomainError.notFound` or `.ambiguous` for a cart or line that matches none or
    ///   several; `.notAllowed` for a completed cart.
    public func callAsFunction(cart reference: String, item: String) async throws -> Cart {
        try await storage.changeCart(reference) { cart, resolver in
            let line = try resolver.line(item, on: cart)
            try cart.removeLine(line.itemID)
            return "removed \(line.name) from \(cart.name)"
        }
    }
}
