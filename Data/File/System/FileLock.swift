#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An advisory lock on a data directory (`flock` on its `lock` file), shared for reading,
/// exclusive for writing, released when the holder exits however it exits.
struct FileLock {
    enum Mode { case shared, exclusive }

    /// Runs `body` while holding the lock, waiting at most `timeout` for another process;
    /// then `StorageError.busy`. The wait suspends its caller rather than blocking a thread, and
    /// ends with `CancellationError` when the caller's task is cancelled (`pause`, between tries,
    /// must end so: `Task.sleep` does).
    static func holding<T>(_ path: String, _ mode: Mode, timeout: Duration, pause: (Duration) async throws -> Void,
                           _ body: () throws -> T) async throws -> T {
        let fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw FileSystem.failure(path) }
        defer { close(fd) }
        let operation = (mode == .shared ? LOCK_SH : LOCK_EX) | LOCK_NB
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var wait: Duration = .milliseconds(1)
        while flock(fd, operation) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else { throw FileSystem.failure(path) }
            guard clock.now < deadline else { throw StorageError.busy(path: FileSystem.parent(of: path)) }
            try await pause(wait)
            wait = min(wait * 2, .milliseconds(50))
        }
        return try body()
    }
}
