import Domain

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
