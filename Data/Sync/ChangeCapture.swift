import Domain

/// The repositories of one local change, passed through to the real ones, noting the parts
/// (`SyncKey`) of everything saved or deleted as they were before and are after: what this
/// device tells the others, and what its undo puts back.
final class ChangeCapture: Repositories {
    /// One part that the change made different.
    struct Difference: Hashable {
        let key: SyncKey
        let before: SyncPart
        let after: SyncPart
    }

    private let inner: any Repositories
    /// Each thing touched, by its owner key, as it was before its first save: its parts.
    private var before: [SyncKey: [SyncKey: SyncPart]] = [:]
    private var observations: [Difference] = []

    init(_ inner: any Repositories) { self.inner = inner }

    /// Notes the thing as it is, before its first save or deletion in this change.
    private func touch(_ kind: SyncKey.Kind, _ id: String = "") throws {
        let owner = kind == .settings ? SyncKey(.settings) : SyncKey(kind, id)
        if before[owner] == nil { before[owner] = try parts(of: owner) }
    }

    /// Parts told as they are, though unchanged here: a merge kept them against a winner that
    /// deleted them, and every other device must keep them too.
    private var asserted: [Difference] = []

    /// Tells `category` as it is (`differences` includes it even when nothing changed).
    func assert(_ category: Category) throws {
        for (key, part) in try SyncParts.parts(of: category) { asserted.append(Difference(key: key, before: .absent, after: part)) }
    }

    /// What the change made different, in key order.
    func differences() throws -> [Difference] {
        var result = observations
        for (owner, old) in before {
            let new = try parts(of: owner)
            // A deleted item or cart is its header's deletion: its prices or lines stay as they
            // were, so that undoing the deletion elsewhere brings them back with it.
            if new.isEmpty && !old.isEmpty {
                // Its parts are told as they stay, so that every device keeps them for an undo.
                for (key, part) in old { result.append(Difference(key: key, before: part, after: key == owner ? .absent : part)) }
                continue
            }
            for key in Set(old.keys).union(new.keys) {
                let was = old[key] ?? .absent, now = new[key] ?? .absent
                if was != now { result.append(Difference(key: key, before: was, after: now)) }
            }
        }
        for difference in asserted where !result.contains(where: { $0.key == difference.key }) { result.append(difference) }
        return result.sorted { $0.key < $1.key }
    }

    /// The parts of a thing as the repositories hold it now.
    func parts(of owner: SyncKey) throws -> [SyncKey: SyncPart] {
        switch owner.kind {
        case .settings: return try SyncParts.parts(of: inner.settings())
        case .store: return try inner.allStores().first { $0.id.rawValue == owner.ids[0] }.map(SyncParts.parts) ?? [:]
        case .category: return try inner.allCategories().first { $0.id.rawValue == owner.ids[0] }.map(SyncParts.parts) ?? [:]
        case .item: return try inner.item(ItemID(owner.ids[0])).map(SyncParts.parts) ?? [:]
        case .cart: return try inner.cart(CartID(owner.ids[0])).map(SyncParts.parts) ?? [:]
        case .price, .order, .line, .seen: return [:]
        }
    }

    // MARK: - Stores

    func allStores() throws -> [Store] { try inner.allStores() }
    func save(_ store: Store) throws {
        try touch(.store, store.id.rawValue)
        try inner.save(store)
    }

    // MARK: - Categories

    func allCategories() throws -> [Category] { try inner.allCategories() }
    func save(_ category: Category) throws {
        try touch(.category, category.id.rawValue)
        try inner.save(category)
    }
    func deleteCategory(_ id: CategoryID) throws {
        try touch(.category, id.rawValue)
        try inner.deleteCategory(id)
    }

    // MARK: - Items

    func allItems() throws -> [Item] { try inner.allItems() }
    func itemNames() throws -> [ItemName] { try inner.itemNames() }
    func itemNames(withKey key: String) throws -> [ItemName] { try inner.itemNames(withKey: key) }
    func item(_ id: ItemID) throws -> Item? { try inner.item(id) }
    func save(_ item: Item) throws {
        try touch(.item, item.id.rawValue)
        try inner.save(item)
    }
    func deleteItem(_ id: ItemID) throws {
        try touch(.item, id.rawValue)
        try inner.deleteItem(id)
    }

    // MARK: - Carts

    func activeCarts() throws -> [Cart] { try inner.activeCarts() }
    func completedCarts() throws -> [Cart] { try inner.completedCarts() }
    func completedTrips() throws -> [TripSummary] { try inner.completedTrips() }
    func spendingByMonth() throws -> [MonthSpending] { try inner.spendingByMonth() }
    func spending() throws -> any Spending { try inner.spending() }
    func spending(of item: ItemID) throws -> any Spending { try inner.spending(of: item) }
    func cart(_ id: CartID) throws -> Cart? { try inner.cart(id) }
    func save(_ cart: Cart) throws {
        try touch(.cart, cart.id.rawValue)
        try inner.save(cart)
    }
    func deleteCart(_ id: CartID) throws {
        try touch(.cart, id.rawValue)
        try inner.deleteCart(id)
    }

    // MARK: - Price history

    func manualObservations(of item: ItemID?) throws -> [PriceObservation] { try inner.manualObservations(of: item) }
    func record(_ observations: [PriceObservation]) throws {
        try inner.record(observations)
        for observation in observations {
            let (key, payload) = try SyncParts.key(of: observation)
            self.observations.removeAll { $0.key == key }
            self.observations.append(Difference(key: key, before: .absent, after: SyncPart(payload: payload)))
        }
    }
    func forget(_ observation: PriceObservation) throws {
        try inner.forget(observation)
        let (key, payload) = try SyncParts.key(of: observation)
        observations.removeAll { $0.key == key }
        observations.append(Difference(key: key, before: SyncPart(payload: payload), after: .absent))
    }

    // MARK: - Settings

    func settings() throws -> Settings { try inner.settings() }
    func save(_ settings: Settings) throws {
        try touch(.settings)
        try inner.save(settings)
    }
}
