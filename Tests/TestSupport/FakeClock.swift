import Domain
import Synchronization

/// A clock that stands still until told to move.
public final class FakeClock: Clock {
    private let current: Mutex<Timestamp>

    /// Starts at 2026-03-02 10:00 UTC+01:00 unless told otherwise.
    public init(_ start: Timestamp = Timestamp(rfc3339: "2026-03-02T10:00:00+01:00")!) {
        current = Mutex(start)
    }

    public func now() -> Timestamp { current.withLock { $0 } }

    public func advance(days: Int = 0, seconds: Int64 = 0) {
        current.withLock {
            $0 = Timestamp(clamping: $0.secondsSince1970 + Int64(days) * 86_400 + seconds, utcOffsetSeconds: $0.utcOffsetSeconds)
        }
    }
}
