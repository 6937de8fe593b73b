/// The port to wherever the data lives: a file store, memory, or a server some day.
///
/// Every call is `async`: a storage may wait for another process without holding its caller
/// (the wait ends early, throwing `CancellationError`, when the caller's task is cancelled),
/// and may do its work off the caller's actor. The bodies run synchronously inside one call,
/// over repositories that live only as long as it.
public protocol Storage: Sendable {
    /// Runs `body` over a consistent view of the data. What `body` saves through the
    /// repositories it sees itself, and nothing stores it (a dry run relies on this).
    func read<T>(_ body: sending (any Repositories) throws -> T) async throws -> sending T

    /// Runs `body` as one atomic, durable, undoable change. When `body` throws, nothing is stored.
    func write<T>(_ body: sending (any Repositories) throws -> Change<T>) async throws -> sending T

    /// Takes back the most recent change that has not been undone.
    /// - Returns: the summary of the change taken back.
    /// - Throws: `DomainError.nothingToUndo` when there is none.
    func undoLastChange() async throws -> String

    /// Deletes all data, history and undo included. Cannot be undone.
    func eraseEverything() async throws

    /// Runs `body` like `read`, with a reader that hands over history one record at a time, so
    /// that a backup of any size is written without holding history in memory. A storage
    /// checks history whole before `body` runs, so damage stops the read before `body` has
    /// done anything.
    ///
    /// Deliberately without a default: a storage that wraps another must pass this on, or a
    /// backup would quietly read history whole. One that holds history in memory anyway may
    /// answer with `RepositoryHistory`.
    func readWithHistory<T>(_ body: sending (any Repositories, any HistoryReader) throws -> T) async throws -> sending T

    /// The changes committed from now on, as they happen: through this storage, and (for a
    /// storage others can change, such as a shared directory) by anyone else, noticed within
    /// the storage's polling interval. Each call is a new subscription; it ends when the
    /// consumer stops iterating.
    func changes() -> AsyncStream<StorageChange>
}
