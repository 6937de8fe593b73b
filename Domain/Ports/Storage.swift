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

/// The result of a change and the sentence that describes it for undo ("removed Milk from Weekly").
public struct Change<Value> {
    /// What the change gives back to its caller.
    public let value: Value
    /// The sentence undo shows for it, in the past tense.
    public let summary: String

    /// The change's result `value`, and what undo will say took it back.
    public init(_ value: Value, summary: String) {
        self.value = value
        self.summary = summary
    }
}

/// A change to the data that a live screen should show: the new state is read afresh.
public struct StorageChange: Sendable, Hashable {
    /// Who made it.
    public enum Origin: String, Sendable, Hashable {
        /// A change committed through this very storage object (this front, this process).
        case here
        /// A change found in the data that someone else committed (another process of Grock).
        case elsewhere
    }

    /// Whether it was made here or seen made elsewhere.
    public let origin: Origin
    /// The undo summary of a change made here ("added Milk to Weekly", "undid …"); nil for one
    /// made elsewhere, which is only seen to have happened.
    public let summary: String?

    /// A change made here (with its summary) or elsewhere (without one).
    public init(origin: Origin, summary: String?) {
        self.origin = origin
        self.summary = summary
    }
}
