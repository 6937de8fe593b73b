import Domain

/// Settling what two devices could only do together, after a merge wrote its winners: two things
/// of one name, an item in a category deleted meanwhile, a store's aisles naming a deleted
/// category, a price at a store no device told of.
extension Materializer {
    /// Settles the data after a merge, as changes of this device's own (the caller captures
    /// them and tells the others, so every device ends with the same repair).
    /// - Parameter items: the items the merge wrote (nil: look at every item); only these can
    ///   be in a deleted category or share a name with another.
    /// - Parameter written: the winners the merge wrote (nil: none looked at): what may name a
    ///   store no device told of.
    func repair(items: Set<String>? = nil, written: [SyncKey: SyncPart]? = nil) throws {
        let categories = try repositories.allCategories()
        let known = Set(categories.map(\.id))
        // A category kept because an item is in it, though its deletion won: told again as kept.
        for category in categories where index.winner(SyncKey(.category, category.id.rawValue)).map({ $0.payload == nil }) ?? false {
            try (repositories as? ChangeCapture)?.assert(category)
        }
        // An item in a category deleted on another device meanwhile: the category stays.
        var missing = Set<CategoryID>()
        let named = try items.map { ids in
            try ids.compactMap { try repositories.item(ItemID($0)) }.map { ItemName(id: $0.id, name: $0.name, categoryID: $0.categoryID) }
        }
            ?? repositories.itemNames()
        for name in named where !known.contains(name.categoryID) { missing.insert(name.categoryID) }
        for id in missing.sorted(by: { $0.rawValue < $1.rawValue }) {
            let key = SyncKey(.category, id.rawValue)
            // A category no device told of (a segment damaged by hand) is made up, the same on
            // every device, rather than the merge refused for ever.
            let payload = try index.newestLive(key)?.payload
                ?? SyncParts.json(CategoryRecord(id: id.rawValue, name: "Category \(id.rawValue)", sortOrder: categories.count))
            try repositories.save(try parts.category(payload, key: key))
        }
        let present = Set(try repositories.allCategories().map(\.id))
        for store in try repositories.allStores() where store.aisleOrder.contains(where: { !present.contains($0) }) {
            var kept = store
            kept.aisleOrder.removeAll { !present.contains($0) }
            try repositories.save(kept)
        }
        if let written { try repairStores(written) }
        try renameClashes(items: named)
    }

    /// A price, a price seen or an active cart's line at a store no device told of (a forged or damaged
    /// segment): the store is made up, removed and the same on every device, rather than the
    /// merge refused for ever (the data would not load again).
    private func repairStores(_ written: [SyncKey: SyncPart]) throws {
        let known = Set(try repositories.allStores().map(\.id))
        var missing = Set<StoreID>()
        let owners = Set(written.keys.map(\.owner))
        for owner in owners where owner.kind == .item {
            for option in try repositories.item(ItemID(owner.ids[0]))?.prices ?? [] where !known.contains(option.store) {
                missing.insert(option.store)
            }
        }
        for (key, part) in written where key.kind == .seen {
            guard let payload = part.payload else { continue }
            let store = try parts.observation(payload, key: key).store
            if !known.contains(store) { missing.insert(store) }
        }
        // Only an active cart's stores are looked up (a join writes every completed trip).
        for cart in try repositories.activeCarts() where owners.contains(SyncKey(.cart, cart.id.rawValue)) {
            for line in cart.lines {
                for store in [line.plannedStore, line.actualStore].compactMap({ $0 }) where !known.contains(store) { missing.insert(store) }
            }
        }
        for id in missing.sorted(by: { $0.rawValue < $1.rawValue }) {
            let key = SyncKey(.store, id.rawValue)
            let payload = try index.newestLive(key)?.payload
                ?? SyncParts.json(StoreRecord(Store(id: id, name: "Store \(id.rawValue)", createdAt: Timestamp(clamping: 0),
                                                    isRemoved: true)))
            try repositories.save(try parts.store(payload, key: key))
        }
    }

    /// Two things of one kind and one name (made on two devices at once): the one of the
    /// smallest id keeps it, the others get " (2)", " (3)", ...
    private func renameClashes(items: [ItemName]) throws {
        try rename(try repositories.allCategories().map { ($0.id.rawValue, $0.name) }) { id, name in
            guard var category = try repositories.allCategories().first(where: { $0.id.rawValue == id }) else { return }
            category.name = name
            try repositories.save(category)
        }
        try rename(try repositories.allStores().filter { !$0.isRemoved }.map { ($0.id.rawValue, $0.name) }) { id, name in
            guard var store = try repositories.allStores().first(where: { $0.id.rawValue == id }) else { return }
            store.name = name
            try repositories.save(store)
        }
        // The items of the names the merge wrote, with every other item of those names.
        var clashing: [String: (id: String, name: String)] = [:]
        if items.count > 4 {
            // More than a few: one pass over every name (each look by name scans the vault).
            let keys = Set(items.map { Name.key($0.name) })
            for other in try repositories.itemNames() where keys.contains(Name.key(other.name)) {
                clashing[other.id.rawValue] = (other.id.rawValue, other.name)
            }
        } else {
            for item in items {
                for other in try repositories.itemNames(withKey: Name.key(item.name)) {
                    clashing[other.id.rawValue] = (other.id.rawValue, other.name)
                }
            }
        }
        // Every item's name counts as taken, not only those of the clash: for more than a few,
        // read once (each look by name scans the vault).
        let itemKeys = clashing.count > 4 ? Set(try repositories.itemNames().map { Name.key($0.name) }) : nil
        let isTaken: (String) throws -> Bool = { key in try itemKeys?.contains(key) ?? !repositories.itemNames(withKey: key).isEmpty }
        try rename(clashing.values.sorted { $0.id < $1.id }, taken: isTaken) { id, name in
            guard var item = try repositories.item(ItemID(id)) else { return }
            item.name = name
            try repositories.save(item)
        }
        try rename(try repositories.activeCarts().map { ($0.id.rawValue, $0.name) }) { id, name in
            guard let cart = try repositories.cart(CartID(id)) else { return }
            try repositories.save(Cart(id: cart.id, name: name, budget: cart.budget, currency: cart.currency, status: cart.status,
                                       createdAt: cart.createdAt, startedAt: cart.startedAt, completedAt: cart.completedAt,
                                       lines: cart.lines))
        }
    }

    /// - Parameter isTaken: whether a name key is taken beyond `named` (nil: `named` is every name).
    private func rename(_ named: [(id: String, name: String)], taken isTaken: ((String) throws -> Bool)? = nil,
                        _ save: (String, String) throws -> Void) throws {
        var groups: [String: [(id: String, name: String)]] = [:]
        for entry in named { groups[Name.key(entry.name), default: []].append(entry) }
        var taken = Set(groups.keys)
        func free(_ name: String) throws -> Bool { try !taken.contains(Name.key(name)) && !(isTaken?(Name.key(name)) ?? false) }
        for (_, group) in groups.sorted(by: { $0.key < $1.key }) where group.count > 1 {
            // Numbers go on from the last one given in the group, each tried once: a group of
            // thousands of one name (a forged segment) is renamed in linear time.
            var number = 2
            for entry in group.sorted(by: { $0.id < $1.id }).dropFirst() {
                var renamed = Self.numbered(entry.name, number)
                while try !free(renamed) {
                    number += 1
                    renamed = Self.numbered(entry.name, number)
                }
                number += 1
                taken.insert(Name.key(renamed))
                try save(entry.id, renamed)
            }
        }
    }

    /// `NAME (N)`, NAME cut so that the whole stays within a name's bounds: two names of the
    /// longest length alike would otherwise make one no device can store.
    static func numbered(_ name: String, _ number: Int) -> String {
        let suffix = " (\(number))"
        var kept = Name.prefix(of: name, reserving: suffix.utf8.count)
        while kept.last?.isWhitespace == true { kept.removeLast() }
        return kept + suffix
    }
}
