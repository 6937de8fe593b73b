import Domain

/// How a working set reads the committed history of one state, within one transaction: whole,
/// as spending, one completed cart, or the prices seen by hand, each the cheapest way the
/// files allow (the spending cache where the history's seal vouches for it, else the
/// history file; schema 2's history whole).
final class HistoryAccess {
    private let storage: FileStorage
    private let record: StateRecord
    private let currency: Currency
    /// The keys (`HistoryCodec.tripKey`) of the carts history names, found once per transaction.
    private var cartKeys: Set<UInt64>?

    init(_ storage: FileStorage, record: StateRecord, currency: Currency) {
        self.storage = storage
        self.record = record
        self.currency = currency
    }

    /// The working set's view of it.
    var source: HistorySource {
        HistorySource(full: full, spending: spending, cart: cart, manual: manual)
    }

    /// Whether the state names history with anything in it.
    private var hasHistory: Bool { record.history != nil && record.historyBytes > 0 }

    private var cachePath: String { storage.path(SpendingCache.file) }

    func full() throws -> HistoryLog {
        try storage.loadHistory(record, currency: currency)
    }

    /// Spending, of every item or of one (`item`), with the prices seen by hand; or the trips
    /// alone (`tripsOnly`), without any item's lines or prices.
    func spending(tripsOnly: Bool, item: ItemID?) throws -> (SpendingColumns, [PriceObservation]) {
        guard hasHistory else { return (SpendingColumns(currency: currency), []) }
        let seal = try storage.verifyHistory(of: record)
        // One item, from a cache that the history's seal vouches for: history is not even read.
        if let item, !tripsOnly, let seal,
           let found = SpendingCache.read(cachePath, currency: currency, historyLength: record.historyBytes, seal: seal, history: nil,
                                          item: item) {
            return found
        }
        // Everything, from a cache that the history's seal vouches for whole: history is not
        // even read (the cache is checked again below when it turns out stale).
        if item == nil, let seal, let cached = SpendingCache.read(cachePath, currency: currency),
           cached.historyLength == record.historyBytes, cached.historySeal == seal {
            return tripsOnly ? (cached.data.tripsOnly, []) : (cached.data, cached.manual)
        }
        if let file = record.history, LegacyFiles.isHistory(file) {
            let log = try full()
            let spending = try log.spending(currency: currency)
            return (item.map(spending.lines(of:)) ?? spending, log.manual.filter { item == nil || $0.item == item })
        }
        guard let (data, manual) = try storage.withUncheckedHistory(record, {
            try SpendingCache.spending($0, seal: seal, cachePath: cachePath, currency: currency, item: tripsOnly ? nil : item)
        }) else { return (SpendingColumns(currency: currency), []) }
        return tripsOnly ? (data.tripsOnly, []) : (data, manual)
    }

    /// One completed cart; nil when history does not name it.
    func cart(_ id: CartID) throws -> Cart? {
        // The carts history names, found once (from the spending cache's trips when the seal
        // vouches for it, without reading history): a merge asks for carts new here.
        if cartKeys == nil, hasHistory, let seal = try storage.verifyHistory(of: record) {
            cartKeys = SpendingCache.readTripIDs(cachePath, historyLength: record.historyBytes, seal: seal)
        }
        let key = HistoryCodec.tripKey(id)
        if let cartKeys, !cartKeys.contains(key) { return nil }
        if let file = record.history, LegacyFiles.isHistory(file) { return try full().cart(id) }
        let found = try storage.withCommittedHistory(record) { history -> Cart? in
            let keys = cartKeys ?? HistoryCodec.cartIDs(in: history)
            cartKeys = keys
            guard keys.contains(key) else { return nil }
            return try HistoryCodec.decodeCart(id, from: history, currency: currency)
        }
        return found ?? nil
    }

    /// Every price seen by hand, from the spending cache when the history's seal vouches for
    /// it; nil when the cache cannot tell (ask `spending` item by item).
    func manual() throws -> [PriceObservation]? {
        guard let file = record.history, record.historyBytes > 0, !LegacyFiles.isHistory(file),
              let seal = try storage.verifyHistory(of: record) else { return nil }
        return SpendingCache.readManual(cachePath, currency: currency, historyLength: record.historyBytes, seal: seal)
    }
}
