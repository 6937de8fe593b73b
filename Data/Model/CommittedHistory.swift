import Domain

// Committed history as one transaction reads it: the storage's ways of reading it
// (`HistorySource`: the files' `HistoryAccess`, or a `HistoryLog` in memory) and what the
// transaction has read through them, each read once (`CommittedHistoryReads`). Used by
// `WorkingSet` for every question about completed trips, spending and prices seen.

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

// MARK: - What one transaction has read

/// Caches what one transaction has read of committed history through its `HistorySource`,
/// each read once: all spending with every price seen by hand, the trips alone, one item's
/// spending and prices, or every item's prices seen by hand. Never invalidated: committed
/// history cannot change while the transaction holds the lock. Once the transaction adds
/// events of its own, `WorkingSet` reads history whole instead (as far as these cannot answer).
struct CommittedHistoryReads {
    let source: HistorySource
    /// All spending and prices seen by hand, once read.
    private(set) var all: (data: SpendingColumns, manual: [PriceObservation])?
    private var trips: [TripSummary]?
    /// Items' spending and prices seen, as read (a merge asks for many items).
    private var items: [ItemID: (data: SpendingColumns, manual: [PriceObservation])] = [:]
    /// Every item's prices seen by hand, once read whole (`preloadManual`).
    private var manualByItem: [ItemID: [PriceObservation]]?

    init(_ source: HistorySource) { self.source = source }

    mutating func allSpending() throws -> (data: SpendingColumns, manual: [PriceObservation]) {
        if let all { return all }
        let loaded = try source.spending(false, nil)
        all = (loaded.0, loaded.1)
        return (loaded.0, loaded.1)
    }

    mutating func completedTrips() throws -> [TripSummary] {
        if let trips { return trips }
        let read = try all?.data.trips ?? source.spending(true, nil).0.trips
        trips = read
        return read
    }

    /// One item's spending and prices seen by hand, read once for both.
    mutating func spending(of item: ItemID) throws -> (data: SpendingColumns, manual: [PriceObservation]) {
        if let cached = items[item] { return cached }
        let (data, manual) = try source.spending(false, item)
        items[item] = (data, manual)
        return (data, manual)
    }

    /// One item's prices seen by hand: from every item's, when preloaded.
    mutating func manual(of item: ItemID) throws -> [PriceObservation] {
        try manualByItem.map { $0[item] ?? [] } ?? spending(of: item).manual
    }

    /// Reads every item's prices seen by hand at once; nothing when the source cannot.
    mutating func preloadManual() throws {
        guard manualByItem == nil, let all = try source.manual() else { return }
        manualByItem = Dictionary(grouping: all, by: \.item)
    }
}
