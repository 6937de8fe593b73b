import Domain
import Synchronization

/// Storage that keeps what the file store keeps in memory: for tests, previews and
/// `--in-memory` runs. Same rules, same errors, thread-safe, no disk.
///
/// History is kept as values (a `HistoryLog`), which answer every question of history
/// themselves. The state and the vault stay encoded as the file store keeps them: the working
/// set reads items lazily through a `VaultIndex` and a change rewrites it with the file store's
/// own code, so keeping items as values would take a second copy of those rules.
public final class InMemoryStorage: Storage, Sendable {
    private struct Snapshot {
        var state: StateRecord
        var vault: [UInt8]
        var history = HistoryLog()
    }

    /// Everything stored, behind one lock: a command reads and writes it whole.
    private struct State {
        var current = Snapshot(state: .empty, vault: VaultCodec.encode([]))
        var snapshots: [Int: Snapshot] = [:]
    }

    private let state = Mutex(State())
    private let feed = ChangeFeed()

    /// An empty store, as a new data directory reads: no settings made, nothing to undo.
    public init() {}

    /// Runs `body` under the store's one lock, over the data decoded from the bytes kept, so a
    /// read sees no change half made and decoding faults show as they would on disk.
    public func read<T>(_ body: sending (any Repositories) throws -> T) async throws -> sending T {
        try state.withLock { state in try body(try InMemoryStorage.workingSet(state)) }
    }

    /// Runs `body` like `read`, with the committed history.
    public func readWithHistory<T>(_ body: sending (any Repositories, any HistoryReader) throws -> T) async throws -> sending T {
        try state.withLock { state in try body(try InMemoryStorage.workingSet(state), state.current.history) }
    }

    /// Runs `body` under the lock and keeps what it changed, with a snapshot of the state before
    /// for undo (the last 50 are kept). When `body` throws, nothing is kept.
    public func write<T>(_ body: sending (any Repositories) throws -> Change<T>) async throws -> sending T {
        let (value, summary) = try state.withLock { state in
            let working = try InMemoryStorage.workingSet(state)
            let change = try body(working)
            let sequence = state.current.state.undo.nextSequence
            state.snapshots[sequence] = state.current
            var undo = state.current.state.undo
            undo.nextSequence += 1
            undo.entries.append(UndoEntryRecord(sequence: sequence, summary: change.summary, hadState: true, vault: nil))
            for dropped in undo.entries.prefix(max(0, undo.entries.count - UndoPolicy.depth)) { state.snapshots[dropped.sequence] = nil }
            undo.entries = Array(undo.entries.suffix(UndoPolicy.depth))
            if !working.itemChanges.isEmpty {
                state.current.vault = try working.vault.index.map {
                    $0.rewritten(changed: working.itemChanges.saved, deleted: working.itemChanges.deleted, path: "vault").bytes
                } ?? VaultCodec.encode(Array(try working.loadedState().items.values))
            }
            if !working.pending.isEmpty { state.current.history = try working.history() }
            state.current.state = working.state.record(vault: nil, history: nil, historyBytes: 0, months: try working.monthsToStore(),
                                                       undo: undo)
            return (change.value, change.summary)
        }
        feed.committed(summary)
        return value
    }

    /// Puts back the snapshot taken before the latest change not undone yet.
    /// - Returns: that change's summary.
    /// - Throws: `DomainError.nothingToUndo` when no change is left to undo.
    public func undoLastChange() async throws -> String {
        let summary = try state.withLock { state in
            guard let entry = state.current.state.undo.entries.last,
                  let snapshot = state.snapshots.removeValue(forKey: entry.sequence) else {
                throw DomainError.nothingToUndo
            }
            state.current = snapshot
            return entry.summary
        }
        feed.committed("undid \(summary)")
        return summary
    }

    /// Empties the store, undo snapshots included: it cannot be undone.
    public func eraseEverything() async throws {
        state.withLock { $0 = State() }
        feed.committed("erased everything")
    }

    /// The changes committed through this object; nothing else can change memory it owns.
    public func changes() -> AsyncStream<StorageChange> { feed.subscribe() }

    private static func workingSet(_ state: State) throws -> WorkingSet {
        let current = state.current
        let currency = try RecordMapper(settings: current.state.settings).currency
        let vault = current.vault
        return WorkingSet(state: try ActiveState(current.state), vault: { try VaultIndex(vault, path: "memory") },
                          history: HistorySource(current.history, currency: currency), months: current.state.months)
    }
}

/// How many changes can be undone.
enum UndoPolicy {
    static let depth = 50
}
