import Domain
import Synchronization

/// A storage that notes whether a change was committed through it, so that the command line
/// (any front) knows when a failure can no longer mean "nothing changed" (see `GrockCLI.main`).
public final class CommitWatchingStorage: Storage {
    private let base: any Storage
    private let committed = Atomic<Bool>(false)

    public init(_ base: any Storage) { self.base = base }

    /// Whether a change (a write, an undo, an erase) has been committed.
    public var hasCommitted: Bool { committed.load(ordering: .acquiring) }

    public func read<T>(_ body: sending (any Repositories) throws -> T) async throws -> sending T { try await base.read(body) }

    public func readWithHistory<T>(_ body: sending (any Repositories, any HistoryReader) throws -> T) async throws -> sending T {
        try await base.readWithHistory(body)
    }

    public func write<T>(_ body: sending (any Repositories) throws -> Change<T>) async throws -> sending T {
        let value = try await base.write(body)
        committed.store(true, ordering: .releasing)
        return value
    }

    public func undoLastChange() async throws -> String {
        let summary = try await base.undoLastChange()
        committed.store(true, ordering: .releasing)
        return summary
    }

    public func eraseEverything() async throws {
        try await base.eraseEverything()
        committed.store(true, ordering: .releasing)
    }

    public func changes() -> AsyncStream<StorageChange> { base.changes() }
}
