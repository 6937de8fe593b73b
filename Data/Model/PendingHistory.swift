import Domain

/// Caches the history events one transaction adds, in order, and indexes them by cart and by
/// item, so that a change that completes one cart (or records prices for many items, as a
/// merge does) finds its own events without reading committed history. Lives as long as the
/// transaction and is never invalidated: it only grows.
struct PendingHistory {
    /// The events, in the order they were added: what a commit appends to history.
    private(set) var events: [HistoryCodec.Event] = []
    /// What the events say of each cart they name: completed as this, or removed.
    private var carts: [CartID: Cart?] = [:]
    /// The prices seen and forgotten, item by item, in order (true: seen).
    private var manual: [ItemID: [(seen: Bool, observation: PriceObservation)]] = [:]

    var isEmpty: Bool { events.isEmpty }

    mutating func add(_ event: HistoryCodec.Event) {
        events.append(event)
        switch event {
        case .completed(let cart): carts[cart.id] = .some(cart)
        case .removed(let id): carts[id] = .some(nil)
        case .observed(let list): for observation in list { manual[observation.item, default: []].append((true, observation)) }
        case .forgotten(let observation): manual[observation.item, default: []].append((false, observation))
        }
    }

    /// What the events say of a cart: `.some(nil)` when they removed it, nil when they do not name it.
    func cart(_ id: CartID) -> Cart?? { carts[id] }

    /// `committed`, one item's prices seen by hand as committed, with the events' seen and
    /// forgotten prices of that item applied after them.
    func manual(of item: ItemID, after committed: [PriceObservation]) -> [PriceObservation] {
        var result = committed
        for (seen, observation) in manual[item] ?? [] {
            if seen { result.append(observation) } else { result.removeAll { $0 == observation } }
        }
        return result
    }
}
