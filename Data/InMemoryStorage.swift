import Domain
import Synchronization

/// Storage that keeps what the file store keeps, encoded the same way, in memory: for tests,
/// previews and `--in-memory` runs. Same rules, same errors, thread-safe, no disk.
public final class InMemoryStorage: Storage, @unchecked Sendable {
    private struct Snapshot {
        var state: StateRecord
        var vault: [UInt8]
        var historyBytes: Int
    }

    // Guarded by `lock`.
    private var current = Snapshot(state: .empty, vault: VaultCodec.encode([]), historyBytes: 0)
    private var history: [UInt8] = InMemoryStorage.header
    private var snapshots: [Int: Snapshot] = [:]
    private let lock = Mutex(())
    private let feed = ChangeFeed()

    public init() {}

    public func read<T>(_ body: sending (any Repositories) throws -> T) async throws -> sending T {
        try lock.withLock { _ in try body(try workingSet()) }
    }

    public func readWithHistory<T>(_ body: sending (any Repositories, any HistoryReader) throws -> T) async throws -> sending T {
        try lock.withLock { _ in
            let working = try workingSet()
            let records = RecordBytes(bytes: history[..<max(current.historyBytes, headerLength)], header: HistoryCodec.header, path: "memory")
            return try body(working, try HistoryStream(records, currency: working.settings().currency))
        }
    }

    public func write<T>(_ body: sending (any Repositories) throws -> Change<T>) async throws -> sending T {
        let (value, summary) = try lock.withLock { _ in
            let working = try workingSet()
            let change = try body(working)
            let sequence = current.state.undo.nextSequence
            snapshots[sequence] = current
            var undo = current.state.undo
            undo.nextSequence += 1
            undo.entries.append(UndoEntryRecord(sequence: sequence, summary: change.summary, hadState: true, vault: nil))
            for dropped in undo.entries.prefix(max(0, undo.entries.count - UndoPolicy.depth)) { snapshots[dropped.sequence] = nil }
            undo.entries = Array(undo.entries.suffix(UndoPolicy.depth))
            history.removeLast(history.count - max(current.historyBytes, headerLength))
            history += try HistoryCodec.encode(working.pending, header: false)
            if working.itemsChanged {
                current.vault = try working.vaultIndex.map { $0.rewritten(changed: working.changedItems, deleted: working.deletedItems, path: "vault").bytes }
                    ?? VaultCodec.encode(Array(try working.loadedState().items.values))
            }
            current.historyBytes = history.count
            current.state = working.state.record(vault: nil, history: nil, historyBytes: history.count, months: try working.monthsToStore(), undo: undo)
            return (change.value, change.summary)
        }
        feed.committed(summary)
        return value
    }

    public func undoLastChange() async throws -> String {
        let summary = try lock.withLock { _ in
            guard let entry = current.state.undo.entries.last, let snapshot = snapshots.removeValue(forKey: entry.sequence) else {
                throw DomainError.nothingToUndo
            }
            current = snapshot
            return entry.summary
        }
        feed.committed("undid \(summary)")
        return summary
    }

    public func eraseEverything() async throws {
        lock.withLock { _ in
            current = Snapshot(state: .empty, vault: VaultCodec.encode([]), historyBytes: 0)
            history = InMemoryStorage.header
            snapshots = [:]
        }
        feed.committed("erased everything")
    }

    public func changes() -> AsyncStream<StorageChange> { feed.subscribe() }

    private static let header = Array((HistoryCodec.header + "\n").utf8)
    private var headerLength: Int { InMemoryStorage.header.count }

    private func workingSet() throws -> WorkingSet {
        let currency = try RecordMapper(settings: current.state.settings).currency
        let vault = current.vault
        let committed = history[..<max(current.historyBytes, headerLength)]
        return WorkingSet(state: try ActiveState(current.state), vault: { try VaultIndex(vault, path: "memory") }, history: HistorySource(
            full: { try committed.withUnsafeBufferPointer { try HistoryCodec.decode($0, currency: currency, path: "memory") } },
            spending: { tripsOnly, item in
                try committed.withUnsafeBufferPointer { try HistoryCodec.decodeSpending($0, currency: currency, path: "memory", tripsOnly: tripsOnly, item: item) }
            },
            cart: { id in try committed.withUnsafeBufferPointer { try HistoryCodec.decodeCart(id, from: $0, currency: currency, path: "memory") } }),
            months: current.state.months)
    }
}

/// How many changes can be undone.
enum UndoPolicy {
    static let depth = 50
}
