import Domain
import Synchronization

/// The subscribers to a storage's changes, and (for a directory others can change) the one
/// task that looks for their changes while anyone listens: a look is one `lstat` of the state
/// file, whose identity changes with every commit because commits replace it by rename.
final class ChangeFeed: Sendable {
    private struct Subscribers {
        var next = 0
        var continuations: [Int: AsyncStream<StorageChange>.Continuation] = [:]
        var watcher: Task<Void, Never>?
    }

    private let subscribers = Mutex(Subscribers())
    /// What the state file looked like after the last change seen (ours or anyone's): a new
    /// look differing from it is someone else's commit.
    private let lastSeen = Mutex<FileIdentity?>(nil)
    private let watchedPath: String?
    private let interval: Duration

    /// - Parameters:
    ///   - watching: the file whose replacement means a commit by someone else; nil when only
    ///     this process can change the data.
    ///   - interval: how often to look while someone listens.
    init(watching path: String? = nil, every interval: Duration = .seconds(1)) {
        watchedPath = path
        self.interval = interval
    }

    /// A new subscription; it ends when its consumer stops iterating.
    func subscribe() -> AsyncStream<StorageChange> {
        let (stream, continuation) = AsyncStream.makeStream(of: StorageChange.self, bufferingPolicy: .bufferingNewest(64))
        let key = subscribers.withLock { subscribers in
            defer { subscribers.next += 1 }
            subscribers.continuations[subscribers.next] = continuation
            return subscribers.next
        }
        continuation.onTermination = { [weak self] _ in self?.unsubscribe(key) }
        if let watchedPath { startWatching(watchedPath) }
        return stream
    }

    /// Tells every subscriber of a change committed here; `identity` is the state file it left.
    func committed(_ summary: String, leaving identity: FileIdentity? = nil) {
        if let identity { lastSeen.withLock { $0 = identity } }
        send(StorageChange(origin: .here, summary: summary))
    }

    private func send(_ change: StorageChange) {
        for continuation in subscribers.withLock({ Array($0.continuations.values) }) { continuation.yield(change) }
    }

    private func unsubscribe(_ key: Int) {
        let watcher = subscribers.withLock { subscribers -> Task<Void, Never>? in
            subscribers.continuations[key] = nil
            guard subscribers.continuations.isEmpty else { return nil }
            defer { subscribers.watcher = nil }
            return subscribers.watcher
        }
        watcher?.cancel()
    }

    private func startWatching(_ path: String) {
        subscribers.withLock { subscribers in
            guard subscribers.watcher == nil, !subscribers.continuations.isEmpty else { return }
            lastSeen.withLock { $0 = FileIdentity(of: path) }
            let interval = interval
            subscribers.watcher = Task.detached { [weak self] in
                while !Task.isCancelled {
                    try? await Task.sleep(for: interval)
                    guard let self, !Task.isCancelled else { return }
                    self.look(at: path)
                }
            }
        }
    }

    private func look(at path: String) {
        let now = FileIdentity(of: path)
        let changed = lastSeen.withLock { seen in
            defer { seen = now }
            return seen != now
        }
        if changed { send(StorageChange(origin: .elsewhere, summary: nil)) }
    }
}

