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

/// Identifiers `00000001`, `00000002`, ... in order.
public final class SequentialIdentifiers: IdentifierSource {
    private let counter = Mutex(0)

    public init() {}

    public func makeIdentifier() -> String {
        let next = counter.withLock { value -> Int in
            value += 1
            return value
        }
        let digits = String(next, radix: 16)
        return String(repeating: "0", count: max(0, 8 - digits.count)) + digits
    }
}

/// Identifiers of one device of a household, `device` in the high bits so that devices never
/// share one: `100000001`, `100000002`, ... for device 0.
public final class CountingIdentifiers: IdentifierSource {
    private let next: Mutex<UInt64>

    public init(_ device: Int) { next = Mutex(UInt64(device + 1) << 32) }

    public func makeIdentifier() -> String { String(next.withLock { $0 += 1; return $0 }, radix: 16) }
}
