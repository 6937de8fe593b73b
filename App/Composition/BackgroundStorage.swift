import Domain

/// A storage whose work (file I/O, decoding, the wait for another process's lock) runs on the
/// global concurrent executor, off its caller's actor: a front with a main actor that draws
/// (a GUI, a server answering several clients) stays responsive while a change is written.
/// The command line has nothing else to do meanwhile and runs its storage in place
/// (`Configuration.storageWork`), sparing a thread hop and a worker thread.
public struct BackgroundStorage: Storage {
    private let base: any Storage

    public init(_ base: any Storage) { self.base = base }

    @concurrent
    public func read<T>(_ body: sending (any Repositories) throws -> T) async throws -> sending T { try await base.read(body) }

    @concurrent
    public func readWithHistory<T>(_ body: sending (any Repositories, any HistoryReader) throws -> T) async throws -> sending T {
        try await base.readWithHistory(body)
    }

    @concurrent
    public func write<T>(_ body: sending (any Repositories) throws -> Change<T>) async throws -> sending T { try await base.write(body) }

    @concurrent
    public func undoLastChange() async throws -> String { try await base.undoLastChange() }

    @concurrent
    public func eraseEverything() async throws { try await base.eraseEverything() }

    public func changes() -> AsyncStream<StorageChange> { base.changes() }
}
