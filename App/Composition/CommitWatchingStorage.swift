import Domain
import Synchronization

/// A storage that notes whether a change was committed through it, so that the command line
/// (any front) knows when a failure can no longer mean "nothing changed" (see `GrockCLI.main`).
public final class CommitWatchingStorage: Storage {
    private let base: any Storage
    private let committed = Atomic<Bool>(false)

    /// Watches the changes committed through `base`; nothing has been committed yet.
    public init(_ base: any Storage) { self.base = base }

    /// Whether a change (a write, an undo, an erase) has been committed.
    public var hasCommitted: Bool { committed.load(ordering: .acquiring) }

    /// `base.read(_:)`; a read commits nothing, so `hasCommitted` is left alone.
    public func read<T>(_ body: sending (any Repositories) throws -> T) async throws -> sending T { try await base.read(body) }

    /// `base.readWithHistory(_:)`, passed on so that a backup streams history; commits nothing.
    public func readWithHistory<T>(_ body: sending (any Repositories, any HistoryReader) throws -> T) async throws -> sending T {
        try await base.readWithHistory(body)
    }

    /// `base.write(_:)`; once it returns, `hasCommitted` is true. A write that throws stored
    /// nothing and leaves it as it was.
    public func write<T>(_ body: sending (any Repositories) throws -> Change<T>) async throws -> sending T {
        let value = try await base.write(body)
        committed.store(true, ordering: .releasing)
        return value
    }

    /// `base.undoLastChange()`; once it returns, `hasCommitted` is true (an undo is a change too).
    /// - Returns: the summary of the change taken back.
    /// - Throws: whatever `base` throws (`DomainError.nothingToUndo`), leaving `hasCommitted` as it was.
    public func undoLastChange() async throws -> String {
        let summary = try await base.undoLastChange()
        committed.store(true, ordering: .releasing)
        return summary
    }

    /// `base.eraseEverything()`; once it returns, `hasCommitted` is true.
    public func eraseEverything() async throws {
        try await base.eraseEverything()
        committed.store(true, ordering: .releasing)
    }

    /// `base.changes()`: every committed change, including those made elsewhere, which
    /// `hasCommitted` does not count.
    public func changes() -> AsyncStream<StorageChange> { base.changes() }
}
