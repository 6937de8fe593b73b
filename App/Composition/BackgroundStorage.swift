import Domain

/// A storage whose work (file I/O and decoding, which block the thread they run on) runs on the
/// global concurrent executor, off its caller's actor: a front with a main actor that draws
/// (a GUI, a server answering several clients) stays responsive while a change is written.
/// The command line has nothing else to do meanwhile and runs its storage in place
/// (`Configuration.storageWork`), sparing a thread hop and a worker thread.
public struct BackgroundStorage: Storage {
    private let base: any Storage

    /// Runs `base`'s work off the caller's actor; `AppContainer` wraps its storage in one unless
    /// `Configuration.storageWork` is `.inPlace`.
    public init(_ base: any Storage) { self.base = base }

    /// `base.read(_:)`, on the global concurrent executor.
    @concurrent
    public func read<T>(_ body: sending (any Repositories) throws -> T) async throws -> sending T { try await base.read(body) }

    /// `base.readWithHistory(_:)`, on the global concurrent executor: passed on, so a backup still
    /// streams history rather than reading it whole.
    @concurrent
    public func readWithHistory<T>(_ body: sending (any Repositories, any HistoryReader) throws -> T) async throws -> sending T {
        try await base.readWithHistory(body)
    }

    /// `base.write(_:)`, on the global concurrent executor, where the change's reads, writes,
    /// flushes and rename block a worker thread rather than the caller's actor. A wait for another
    /// process's lock blocks neither: `FileLock` tries a non-blocking `flock` and suspends in
    /// `Task.sleep` between tries.
    @concurrent
    public func write<T>(_ body: sending (any Repositories) throws -> Change<T>) async throws -> sending T { try await base.write(body) }

    /// `base.undoLastChange()`, on the global concurrent executor.
    /// - Returns: the summary of the change taken back.
    /// - Throws: whatever `base` throws (`DomainError.nothingToUndo` when there is nothing to undo).
    @concurrent
    public func undoLastChange() async throws -> String { try await base.undoLastChange() }

    /// `base.eraseEverything()`, on the global concurrent executor.
    @concurrent
    public func eraseEverything() async throws { try await base.eraseEverything() }

    /// `base.changes()`, unchanged: a subscription does no work of its own to move off the actor.
    public func changes() -> AsyncStream<StorageChange> { base.changes() }
}
