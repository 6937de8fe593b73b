import Domain

/// Writes the winning versions of parts into the data: each thing touched is put together from
/// what the data holds and the winners (`SyncParts`), and saved only when it differs. Then
/// `repair` settles what two devices could only do together: two things of one name, an item
/// in a category deleted meanwhile, a store's aisles naming a deleted category.
struct Materializer {
    let repositories: any Repositories
    let index: SyncIndex
    let parts: SyncParts

    /// Writes the winners (by key; an absent payload deletes).
    /// - Returns: the carts left as they were because spending cannot count them
    ///   (`save(counting:in:)`), by their key.
    func apply(_ winners: [SyncKey: SyncPart]) throws -> [SyncKey] {
        var grouped: [SyncKey: [SyncKey: SyncPart]] = [:]
        for (key, part) in winners { grouped[key.owner, default: [:]][key] = part }
        let owners = Dictionary(grouping: grouped.keys, by: \.kind)
        // The parts the index knows of each thing, for a thing brought back whole.
        var known: [SyncKey: [SyncKey]] = [:]
        for key in index.versions.keys where key.owner != key { known[key.owner, default: []].append(key) }
        if let settings = winners[SyncKey(.settings)]?.payload { try repositories.save(try parts.settings(settings)) }
        for key in (owners[.category] ?? []).sorted() {
            if let payload = winners[key]?.payload { try repositories.save(try parts.category(payload, key: key)) }
        }
        // A store's record is never deleted (trips name it); an absent one, an added store taken
        // back by an undo, is removed as `store remove` removes it, so every device agrees.
        let gone = (owners[.store] ?? []).filter { winners[$0]?.payload == nil }.map { $0.ids[0] }
        let stores = gone.isEmpty ? [] : try repositories.allStores()
        for key in (owners[.store] ?? []).sorted() {
            if let payload = winners[key]?.payload {
                try repositories.save(try parts.store(payload, key: key))
            } else if var store = stores.first(where: { $0.id.rawValue == key.ids[0] }), !store.isRemoved {
                store.isRemoved = true
                try repositories.save(store)
            }
        }
        // Each thing with its parts, in key order.
        let things = grouped.sorted { $0.key < $1.key }
        for (key, group) in things where key.kind == .item { try applyItem(key, group, known: known[key] ?? []) }
        var uncounted: [SyncKey] = []
        for (key, group) in things where key.kind == .cart {
            if try !applyCart(key, group, known: known[key] ?? []) { uncounted.append(key) }
        }
        for (key, group) in things where key.kind == .seen { if let part = group[key] { try applySeen(key, part) } }
        // Deleted last, and only when empty: an item saved above, or one put in the category
        // on another device meanwhile, keeps it (`repair` tells the others).
        let deletions = (owners[.category] ?? []).filter { winners[$0]?.payload == nil }
        let used = deletions.isEmpty ? [] : Set(try repositories.itemNames().map(\.categoryID.rawValue))
        for key in deletions.sorted() where !used.contains(key.ids[0]) {
            if try repositories.allCategories().contains(where: { $0.id.rawValue == key.ids[0] }) {
                try repositories.deleteCategory(CategoryID(key.ids[0]))
            }
        }
        return uncounted
    }

    /// Saves `cart` unless Grock cannot count it: each of its parts passed the boundary alone,
    /// but together, or with the trips before them, they can add up past 64 bits (a thousand
    /// lines of 100,000 kg at the largest price per g). Such a cart, which no device could have
    /// made (`Cart.requireTotals`, spending's bound), is left out rather than stopping the merge
    /// of everything else; one being planned or shopped too, which every screen would fail to show.
    /// - Returns: whether it was saved.
    static func save(counting cart: Cart, in repositories: any Repositories) throws -> Bool {
        do {
            try cart.requireTotals()
            try repositories.save(cart)
            return true
        } catch DomainError.amountOverflow {
            return false
        } catch DomainError.cartTotalTooLarge {
            return false
        }
    }

    /// The thing's parts as the data holds them, overridden by the winners; when the data no
    /// longer holds it (brought back), its other parts as the household last said of them.
    private func merged(_ local: [SyncKey: SyncPart]?, _ winners: [SyncKey: SyncPart], known: [SyncKey]) -> [SyncKey: SyncPart] {
        var merged = local ?? [:]
        if local == nil {
            for key in known { merged[key] = index.winner(key).map { SyncPart(payload: $0.payload) } }
        }
        merged.merge(winners) { $1 }
        return merged
    }

    private func applyItem(_ owner: SyncKey, _ winners: [SyncKey: SyncPart], known: [SyncKey]) throws {
        let id = ItemID(owner.ids[0])
        let local = try repositories.item(id)
        if let local {
            // The common case, changed in place: only the winners are decoded.
            var item = local
            if let header = winners[owner] {
                guard let payload = header.payload else { return try repositories.deleteItem(id) }
                let changed = try parts.item(payload, prices: [], key: owner)
                item.name = changed.name
                item.categoryID = changed.categoryID
                item.unit = changed.unit
            }
            for (key, part) in winners where key.kind == .price {
                item.prices.removeAll { $0.store.rawValue == key.ids[1] }
                if let payload = part.payload { item.prices.append(try parts.option(payload, key: key)) }
            }
            item.prices.sort { $0.store < $1.store }
            if item != local { try repositories.save(item) }
            return
        }
        let all = merged(nil, winners, known: known)
        guard let header = all[owner]?.payload else {
            if local != nil { try repositories.deleteItem(id) }
            return
        }
        let prices = all.filter { $0.key.kind == .price }.compactMap(\.value.payload)
        let item = try parts.item(header, prices: prices, key: owner)
        if item != local { try repositories.save(item) }
    }

    /// - Returns: false when spending cannot count the cart put together (it is left as it was).
    private func applyCart(_ owner: SyncKey, _ winners: [SyncKey: SyncPart], known: [SyncKey]) throws -> Bool {
        let id = CartID(owner.ids[0])
        let local = try repositories.cart(id)
        let header: Cart
        // Each item's lines on the cart (several when a trip bought it twice).
        var lines: [String: ItemLines] = [:]
        let order: [String]
        let orderKey = SyncKey(.order, owner.ids[0])
        if let local {
            // Only the winners are decoded; the rest is the cart as held.
            if let part = winners[owner] {
                guard let payload = part.payload else {
                    try repositories.deleteCart(id)
                    return true
                }
                header = try parts.cart(payload, key: owner)
            } else {
                header = local
            }
            for line in local.lines {
                let item = line.itemID.rawValue
                if lines[item] == nil { lines[item] = ItemLines(line) } else { lines[item]?.append(line) }
            }
            order = try winners[orderKey].map { try $0.payload.map { try parts.order($0, key: owner) } ?? [] }
                ?? local.lines.map(\.itemID.rawValue)
            for (key, part) in winners where key.kind == .line {
                lines[key.ids[1]] = try part.payload.map { try parts.lines($0, key: key) }
            }
        } else {
            // New here (a join brings every cart): put together from every part.
            let all = merged(nil, winners, known: known)
            guard let payload = all[owner]?.payload else { return true }
            header = try parts.cart(payload, key: owner)
            for (key, part) in all where key.kind == .line {
                if let payload = part.payload { lines[key.ids[1]] = try parts.lines(payload, key: key) }
            }
            order = try all[orderKey]?.payload.map { try parts.order($0, key: owner) } ?? []
        }
        // Lines no order lists (added on two devices at once) follow, oldest first.
        let arranged = SyncParts.arranged(lines, order: order) { rest in
            rest.sorted { (index.stamp(SyncKey(.line, owner.ids[0], $0)), $0) < (index.stamp(SyncKey(.line, owner.ids[0], $1)), $1) }
        }
        let cart = Cart(id: header.id, name: header.name, budget: header.budget, currency: header.currency, status: header.status,
                        createdAt: header.createdAt, startedAt: header.startedAt, completedAt: header.completedAt, lines: arranged)
        return try cart == local || Materializer.save(counting: cart, in: repositories)
    }

    private func applySeen(_ key: SyncKey, _ winner: SyncPart) throws {
        // A price forgotten that this device never had is nothing to forget.
        guard let payload = try winner.payload ?? index.newestLive(key)?.payload ?? Materializer.seenPayload(key, in: repositories) else {
            return
        }
        let observation = try parts.observation(payload, key: key)
        let known = try repositories.manualObservations(of: observation.item).contains(observation)
        if winner.payload != nil && !known { try repositories.record([observation]) }
        if winner.payload == nil && known { try repositories.forget(observation) }
    }

    /// The record of a price seen by hand that the data holds under `key`, if any.
    static func seenPayload(_ key: SyncKey, in repositories: any Repositories) throws -> String? {
        try repositories.manualObservations(of: ItemID(key.ids[0])).lazy.map(SyncParts.key).first { $0.0 == key }?.1
    }

    // MARK: - Repairs

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
