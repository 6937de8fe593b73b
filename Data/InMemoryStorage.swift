import Domain
import Foundation

/// Storage that keeps the same records as the file store, in memory: for tests, previews and
/// `--in-memory` runs. Same rules, same errors, thread-safe, no disk.
public final class InMemoryStorage: Storage, @unchecked Sendable {
    // Guarded by `lock`.
    private var state = StateRecord.empty
    private var history: [HistoryEventRecord] = []
    private var snapshots: [Int: (state: StateRecord, historyCount: Int)] = [:]
    private let lock = NSLock()

    public init() {}

    public func read<T>(_ body: (any Repositories) throws -> T) throws -> T {
        try lock.withLock {
            try body(try workingSet())
        }
    }

    public func write<T>(_ body: (any Repositories) throws -> Change<T>) throws -> T {
        try lock.withLock {
            let working = try workingSet()
            let change = try body(working)
            let sequence = state.undo.nextSequence
            snapshots[sequence] = (state, history.count)
            var undo = state.undo
            undo.nextSequence += 1
            undo.entries.append(UndoEntryRecord(sequence: sequence, summary: change.summary, hadState: true))
            for dropped in undo.entries.prefix(max(0, undo.entries.count - UndoPolicy.depth)) { snapshots[dropped.sequence] = nil }
            undo.entries = Array(undo.entries.suffix(UndoPolicy.depth))
            history += working.pending
            state = working.state.record(historyBytes: history.count, undo: undo)
            return change.value
        }
    }

    public func undoLastChange() throws -> String {
        try lock.withLock {
            guard let entry = state.undo.entries.last, let snapshot = snapshots.removeValue(forKey: entry.sequence) else {
                throw DomainError.nothingToUndo
            }
            state = snapshot.state
            history.removeLast(history.count - snapshot.historyCount)
            return entry.summary
        }
    }

    public func eraseEverything() throws {
        lock.withLock {
            state = .empty
            history = []
            snapshots = [:]
        }
    }

    private func workingSet() throws -> WorkingSet {
        let history = self.history
        return WorkingSet(state: try ActiveState(state), loadHistory: { history })
    }
}

/// How many changes can be undone.
enum UndoPolicy {
    static let depth = 50
}
