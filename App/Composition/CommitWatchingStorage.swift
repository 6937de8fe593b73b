import Domain
import Synchronization

/// A storage that counts the changes committed through it, so that a front knows what a failure
/// can still mean (see `GrockCLI.main`), and holds a run to the changes its configuration allows:
/// a command that commits one change and then fails has saved what it set out to, one that
/// committed two of three would have saved part; so a second change in a run limited to one is a
/// bug, refused before it is stored (`ChangeLimitExceeded`), where tests find it.
public final class CommitWatchingStorage: Storage {
    private let base: any Storage
    private let limit: Configuration.ChangeLimit
    private let committed = Atomic<Int>(0)

    /// Watches the changes committed through `base`, holding them to `limit`; none has been
    /// committed yet.
    public init(_ base: any Storage, limit: Configuration.ChangeLimit = .unlimited) {
        self.base = base
        self.limit = limit
    }

    /// How many changes (writes, undos, erases) have been committed through this storage.
    public var committedChanges: Int { committed.load(ordering: .acquiring) }

    /// `base.read(_:)`; a read commits nothing.
    public func read<T>(_ body: sending (any Repositories) throws -> T) async throws -> sending T { try await base.read(body) }

    /// `base.readWithHistory(_:)`, passed on so that a backup streams history; commits nothing.
    public func readWithHistory<T>(_ body: sending (any Repositories, any HistoryReader) throws -> T) async throws -> sending T {
        try await base.readWithHistory(body)
    }

    /// `base.write(_:)`, counted once it returns. A write that throws stored nothing.
    /// - Throws: `ChangeLimitExceeded` (storing nothing) for a second change where one is allowed.
    public func write<T>(_ body: sending (any Repositories) throws -> Change<T>) async throws -> sending T {
        try checkLimit()
        let value = try await base.write(body)
        committed.add(1, ordering: .releasing)
        return value
    }

    /// `base.undoLastChange()`, counted once it returns (an undo is a change too).
    /// - Returns: the summary of the change taken back.
    /// - Throws: whatever `base` throws (`DomainError.nothingToUndo`); `ChangeLimitExceeded`.
    public func undoLastChange() async throws -> String {
        try checkLimit()
        let summary = try await base.undoLastChange()
        committed.add(1, ordering: .releasing)
        return summary
    }

    /// `base.eraseEverything()`, counted once it returns.
    /// - Throws: whatever `base` throws; `ChangeLimitExceeded`.
    public func eraseEverything() async throws {
        try checkLimit()
        try await base.eraseEverything()
        committed.add(1, ordering: .releasing)
    }

    /// `base.changes()`: every committed change, including those made elsewhere, which
    /// `committedChanges` does not count.
    public func changes() -> AsyncStream<StorageChange> { base.changes() }

    private func checkLimit() throws(ChangeLimitExceeded) {
        if limit == .one && committedChanges > 0 { throw ChangeLimitExceeded() }
    }
}

/// A second change in a run allowed one (`Configuration.ChangeLimit.one`): a bug of the front
/// that asked for it, not of the input; the first change is saved, the second was not stored.
public struct ChangeLimitExceeded: Error, ClassifiedError, Sendable, CustomStringConvertible {
    /// The refusal of a second change.
    public init() {}

    /// A storage problem: the data is not as the command meant to leave it.
    public var kind: ErrorKind { .storage }
    public var description: String {
        "a second change in one command was refused, which is a bug (please report it): the first change was saved, the second was not"
    }
}
