import Domain

/// A household's start taken whole by a device joining it, which holds nothing yet: the
/// snapshot's things as the boundary decoded them (`CheckedPart`), put together and written
/// into the data. Nothing is held as a part (`SyncPart`) on the way: a join of 100,000
/// purchases decodes each line once and keeps it once.
struct StartAssembly {
    private var settings: Settings?
    private var stores: [StoreID: Store] = [:]
    private var categories: [CategoryID: Category] = [:]
    private var items: [ItemID: Item] = [:]
    private var prices: [ItemID: [StoreID: PriceOption]] = [:]
    private var carts: [CartID: Cart] = [:]
    private var orders: [CartID: [String]] = [:]
    /// Each cart's line parts as read (a later part of an item replaces an earlier one when written).
    private var lines: [CartID: LineParts] = [:]
    private var seen: [SyncKey: PriceObservation] = [:]
    /// The texts lines share (`sharing`).
    private var texts: Set<String> = []
    /// The parts written that the rest of a merge looks at again: every item and price (a line
    /// being planned follows its price; names and categories are repaired), the active carts
    /// and the prices seen (what may name a store no device told of).
    private(set) var written: [SyncKey: SyncPart] = [:]

    /// Takes one version of the start; a later version of one part replaces an earlier one.
    mutating func add(_ part: CheckedPart?, of version: SyncVersion) {
        let key = version.key
        let stored = SyncPart(payload: version.payload, isBought: version.isBought, seen: version.seen)
        guard let part else { return remove(key) }
        switch part {
        case .settings(let value): settings = value
        case .store(let store): stores[store.id] = store
        case .category(let category): categories[category.id] = category
        case .item(let item):
            items[item.id] = item
            written[key] = stored
        case .price(let option):
            prices[ItemID(key.ids[0]), default: [:]][option.store] = option
            written[key] = stored
        case .cart(let cart):
            carts[cart.id] = cart
            written[key] = cart.status.isActive ? stored : nil
        case .order(let ids): orders[CartID(key.ids[0])] = ids
        case .line(let held):
            let cart = CartID(key.ids[0])
            lines[cart, default: LineParts()].startPart()
            for line in held {
                let shared = sharing(line)
                lines[cart, default: LineParts()].add(shared)
            }
        case .seen(let observation):
            seen[key] = observation
            written[key] = stored
        }
    }

    /// The line with the texts it repeats (its item's id and name, its category, its stores'
    /// ids) held once for all lines: a start's 100,000 lines name a few thousand things, and
    /// each of those texts longer than 15 bytes is an allocation of its own.
    private mutating func sharing(_ line: CartItem) -> CartItem {
        func shared(_ text: String) -> String { text.utf8.count > 15 ? texts.insert(text).memberAfterInsert : text }
        return CartItem(itemID: ItemID(shared(line.itemID.rawValue)), name: shared(line.name), categoryName: line.categoryName.map(shared),
                        quantity: line.quantity, unit: line.unit, priceUnit: line.priceUnit,
                        plannedStore: line.plannedStore.map { StoreID(shared($0.rawValue)) }, plannedPrice: line.plannedPrice,
                        isFulfilled: line.isFulfilled, actualStore: line.actualStore.map { StoreID(shared($0.rawValue)) },
                        actualPrice: line.actualPrice, purchasedQuantity: line.purchasedQuantity, isImpulse: line.isImpulse)
    }

    /// A deletion in the start: it deletes what an earlier version of the start said (the data
    /// holds nothing else yet).
    private mutating func remove(_ key: SyncKey) {
        written[key] = nil
        switch key.kind {
        case .settings: break  // refused at the boundary
        case .store: stores[StoreID(key.ids[0])] = nil
        case .category: categories[CategoryID(key.ids[0])] = nil
        case .item: items[ItemID(key.ids[0])] = nil
        case .price: prices[ItemID(key.ids[0])]?[StoreID(key.ids[1])] = nil
        case .cart: carts[CartID(key.ids[0])] = nil
        case .order: orders[CartID(key.ids[0])] = nil
        case .line: lines[CartID(key.ids[0])]?.remove(item: key.ids[1])
        case .seen: seen[key] = nil
        }
    }

    /// Writes the start into `repositories`, in the order `Materializer` writes (so a join
    /// ends as a merge of the same parts would).
    /// - Returns: the parts of things the start holds no header of (a price of an item, a line
    ///   of a cart, whose header only a stamped version of the same snapshot holds): the merge
    ///   puts them together with it, as it puts any thing together from its winners; and the
    ///   carts left out because spending cannot count them (`Materializer.save(counting:in:)`).
    consuming func write(into repositories: any Repositories) throws -> (orphans: [SyncKey: SyncPart], uncounted: [SyncKey]) {
        if let settings { try repositories.save(settings) }
        for (_, category) in categories.sorted(by: { $0.key.rawValue < $1.key.rawValue }) { try repositories.save(category) }
        for (_, store) in stores.sorted(by: { $0.key.rawValue < $1.key.rawValue }) { try repositories.save(store) }
        for (id, read) in items.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            var item = read
            item.prices = (prices.removeValue(forKey: id) ?? [:]).values.sorted { $0.store < $1.store }
            try repositories.save(item)
        }
        items = [:]
        var uncounted: [SyncKey] = []
        for (id, header) in carts.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            let cart = Cart(id: header.id, name: header.name, budget: header.budget, currency: header.currency, status: header.status,
                            createdAt: header.createdAt, startedAt: header.startedAt, completedAt: header.completedAt,
                            lines: (lines.removeValue(forKey: id) ?? LineParts()).arranged(order: orders.removeValue(forKey: id) ?? []))
            if try !Materializer.save(counting: cart, in: repositories) { uncounted.append(SyncKey(.cart, id.rawValue)) }
        }
        carts = [:]
        let recorded = seen.sorted { $0.key < $1.key }.map(\.value)
        if !recorded.isEmpty { try repositories.record(recorded) }
        // Told again as the parts they were (`SyncParts` writes a part as every device reads it).
        var orphans: [SyncKey: SyncPart] = [:]
        for (item, options) in prices {
            for (store, option) in options {
                let key = SyncKey(.price, item.rawValue, store.rawValue)
                orphans[key] = try SyncParts.part(key, of: Item(id: item, name: "", categoryID: CategoryID(""), prices: [option]))
            }
        }
        for (cart, ids) in orders { orphans[SyncKey(.order, cart.rawValue)] = SyncPart(payload: try SyncParts.json(ids)) }
        for (cart, held) in lines {
            for (item, part) in held.latest { orphans[SyncKey(.line, cart.rawValue, item)] = try SyncParts.linePart(Array(part)) }
        }
        return (orphans, uncounted)
    }

}

/// A cart's line parts as a start gives them, kept in one array with where each part begins
/// (an array per part would be an allocation per line of a join of 100,000 purchases).
private struct LineParts {
    private var lines: [CartItem] = []
    private var starts: [Int] = []

    /// Starts a part: the lines of one item, added next.
    mutating func startPart() { starts.append(lines.count) }

    mutating func add(_ line: CartItem) { lines.append(line) }

    /// Removes every part of `item` (a deletion in the start).
    mutating func remove(item: String) {
        var kept = LineParts()
        for part in parts where part.first?.itemID.rawValue != item {
            kept.startPart()
            kept.lines += part
        }
        self = kept
    }

    /// Each part, in the order read.
    private var parts: [ArraySlice<CartItem>] {
        starts.indices.map { lines[starts[$0]..<($0 + 1 < starts.count ? starts[$0 + 1] : lines.count)] }
    }

    /// Each item's last part read.
    var latest: [String: ArraySlice<CartItem>] {
        var byItem: [String: ArraySlice<CartItem>] = [:]
        byItem.reserveCapacity(starts.count)
        for part in parts { if let item = part.first?.itemID { byItem[item.rawValue] = part } }
        return byItem
    }

    /// The cart's lines: each item's last part, in the order its order part lists them; lines no
    /// order lists (added on two devices at once) follow by item id, as a merge puts lines of
    /// the household's start (all stamped alike).
    func arranged(order: [String]) -> [CartItem] {
        SyncParts.arranged(latest, order: order) { $0.sorted() }
    }
}
