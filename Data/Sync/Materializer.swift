import Domain

/// Writes the winning versions of parts into the data: each thing touched is put together from
/// what the data holds and the winners (`SyncParts`), and saved only when it differs. Then
/// `repair` (Materializer+Repair.swift) settles what two devices could only do together.
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
}
