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
    /// look differing from it is someone else's commit. While this process commits, the file
    /// changes under the watcher's eyes: it does not look then.
    private let watch = Mutex<(lastSeen: FileIdentity?, committing: Bool)>((nil, false))
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

    /// Tells every subscriber of a change committed here (a storage without other writers).
    func committed(_ summary: String) {
        send(StorageChange(origin: .here, summary: summary))
    }

    /// Runs `body`, which commits a change to the watched file under the storage's exclusive
    /// lock, and tells every subscriber of it: first of a change someone else committed since
    /// the watcher last looked (the file `body` replaces is not the one it saw), which `body`
    /// would otherwise hide, then of this one with its summary.
    func commit<T>(_ body: () throws -> (value: T, summary: String)) rethrows -> T {
        let path = watchedPath ?? ""
        let before = FileIdentity(of: path)
        let missed = watch.withLock { watch in
            defer { watch.committing = true }
            return watch.lastSeen != nil && watch.lastSeen != before
        }
        defer { watch.withLock { $0.committing = false } }
        if missed { send(StorageChange(origin: .elsewhere, summary: nil)) }
        let (value, summary) = try body()
        let after = FileIdentity(of: path)
        watch.withLock { $0.lastSeen = after }
        send(StorageChange(origin: .here, summary: summary))
        return value
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
            watch.withLock { $0.lastSeen = FileIdentity(of: path) }
            let interval = interval
            subscribers.watcher = Task.detached { [weak self] in
                while !Task.isCancelled {
                    // Thrown only when cancelled, which the loop checks next.
                    try? await Task.sleep(for: interval)
                    guard let self, !Task.isCancelled else { return }
                    self.look(at: path)
                }
            }
        }
    }

    private func look(at path: String) {
        // Looked at under the lock: a look taken before a commit of ours and compared after it
        // would take our own change for someone else's.
        let changed = watch.withLock { watch in
            guard !watch.committing else { return false }
            let now = FileIdentity(of: path)
            defer { watch.lastSeen = now }
            return watch.lastSeen != now
        }
        if changed { send(StorageChange(origin: .elsewhere, summary: nil)) }
    }
}

