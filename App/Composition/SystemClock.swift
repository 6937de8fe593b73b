import Domain
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The machine's clock, with the local time zone's offset; `Configuration.fixedNow`
/// (`GROCK_NOW`) fixes it for reproducible examples and tests.
public struct SystemClock: Clock {
    private let fixed: Timestamp?

    /// The machine's clock, whatever the environment says.
    public init() { fixed = nil }

    /// A clock that stays at `time` (nil: the machine's clock).
    public init(fixedAt time: Timestamp?) { fixed = time }

    /// The fixed time, when there is one; otherwise the current second with the local time
    /// zone's offset at this moment, so that a change is dated as the person sees it.
    public func now() -> Timestamp {
        if let fixed { return fixed }
        var seconds = time(nil)
        var local = tm()
        localtime_r(&seconds, &local)
        return Timestamp(clamping: Int64(seconds), utcOffsetSeconds: Int32(local.tm_gmtoff))
    }

    /// Milliseconds since 1970, for sync's hybrid clock (a fixed clock's time, to the second).
    public func milliseconds() -> Int64 {
        if let fixed { return fixed.secondsSince1970 * 1000 }
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
    }
}
