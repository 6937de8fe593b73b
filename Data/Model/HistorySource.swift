import Domain

/// How a working set reads committed history: whole (carts with all their lines), or only
/// the spending (trips, bought lines, prices seen; `true` for trips alone; an item for that
/// item's lines and prices alone).
struct HistorySource {
    let full: () throws -> HistoryLog
    let spending: (_ tripsOnly: Bool, _ item: ItemID?) throws -> (SpendingColumns, [PriceObservation])
    /// One completed cart.
    let cart: (CartID) throws -> Cart?
    /// Every price seen by hand, when a storage can tell them without reading all spending
    /// (nil: it cannot; ask `spending` item by item).
    var manual: () throws -> [PriceObservation]? = { nil }
}

extension HistorySource {
    /// History kept as values: every answer is computed from `history`.
    init(_ history: HistoryLog, currency: Currency) {
        self.init(full: { history }, spending: { tripsOnly, item in
            let all = try history.spending(currency: currency)
            if tripsOnly { return (all.tripsOnly, []) }
            guard let item else { return (all, history.manual) }
            return (all.lines(of: item), history.manual.filter { $0.item == item })
        }, cart: { history.cart($0) }, manual: { history.manual })
    }
}
