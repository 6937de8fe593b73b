import Domain
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Everything Grock keeps of the schemas before `state.tsv` and `history.tsv`, in one place:
/// schemas 1 to 3 kept the state in `state.json` (its undo snapshots as `undo/N.json`),
/// schema 2 kept the items inside it and history as JSON Lines (`history.jsonl`). Such a
/// directory is read as it is; its first change writes today's files (the vault out of the
/// state, history rewritten as `history.tsv`), and undoing that change puts the old files
/// back. Nothing else in the store knows these names.
struct LegacyFiles {
    /// The data directory.
    let directory: String

    /// The state file of schemas 1 to 3.
    var statePath: String { directory + "/state.json" }

    func undoPath(_ sequence: Int) -> String { directory + "/undo/\(sequence).json" }

    /// Whether a history file is schema 2's JSON Lines.
    static func isHistory(_ file: String) -> Bool { file.hasSuffix(".jsonl") }

    /// The items of a schema 2 state, kept inside it; nil for a state whose items are in a vault file.
    func items(of stored: RecordCodec.StoredState) throws -> [Item]? {
        guard let legacy = stored.legacyItems else { return nil }
        do {
            let mapper = try RecordMapper(settings: stored.record.settings)
            return try legacy.map(mapper.item)
        } catch { throw StorageError.unreadable(path: stored.path ?? statePath, reason: "\(error)") }
    }

    /// Schema 2's history, whole, from its committed bytes.
    static func history(_ history: ByteReader, currency: Currency) throws -> HistoryLog {
        let events = try RecordCodec.decodeHistory(ArraySlice(history.whole), path: history.path)
        do { return try HistoryLog(legacy: events, currency: currency) } catch {
            throw StorageError.unreadable(path: history.path, reason: "\(error)")
        }
    }

    /// Writes schema 2's history, with what a change adds, as `history.tsv` at `path`: the
    /// first change to such a directory.
    static func rewriteHistory(_ working: WorkingSet, to path: String) throws -> (String?, Int, HistorySeal?) {
        let log = try working.history()
        let events = log.completedCarts.map(HistoryCodec.Event.completed) + [.observed(log.manual)]
        let bytes = try HistoryCodec.encode(events, header: true)
        try FileSystem.writeAtomically(bytes, to: path)
        return (FileStorage.historyFile, bytes.count, HistorySeal(checksum: Checksum.lines(bytes, continuing: 0), stamp: nil))
    }

    /// Undoes the change that moved the state from `state.json` to `current` (`state.tsv`).
    /// Each step leaves a readable directory: until `current` goes, it is the state and the
    /// snapshot is still there to undo again.
    func restoreState(from snapshot: String, replacing current: String) throws {
        unlink(statePath)
        guard link(snapshot, statePath) == 0 else { throw FileSystem.failure(statePath) }
        try FileSystem.syncDirectory(of: statePath)
        guard unlink(current) == 0 || errno == ENOENT else { throw FileSystem.failure(current) }
        try FileSystem.syncDirectory(of: current)
        unlink(snapshot)
    }
}

// MARK: - History of schema 2

extension HistoryLog {
    /// History from the JSON Lines events of schema 1 (`history.jsonl`). Prices paid on trips
    /// recorded there as observations are left out: the carts' lines say the same.
    init(legacy events: [HistoryEventRecord], currency: Currency) throws {
        self.init()
        let mapper = try RecordMapper(settings: SettingsRecord(currency: currency.code, isSetUp: true))
        for event in events {
            switch event.event {
            case .completed:
                guard let record = event.cart else { throw RecordError("a completed event has no cart") }
                try complete(try mapper.cart(record))
            case .removed:
                guard let id = event.cartId else { throw RecordError("a removed event has no cart id") }
                remove(CartID(id))
            case .prices:
                guard let records = event.observations else { throw RecordError("a prices event has no observations") }
                record(try records.filter { $0.source == "manual" }.map(mapper.observation))
            case .retracted:
                break
            }
        }
    }
}
