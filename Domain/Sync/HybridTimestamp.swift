/// A moment on a hybrid logical clock: wall time in milliseconds, a counter for changes within
/// one millisecond (or while the wall clock lags behind a time already seen), and the device
/// that made it. Ordered by all three, so two devices never make equal timestamps and every
/// device orders every pair the same way, whatever their clocks say.
///
/// Its text, `0001700000000000.0000.laptop-3f2a`, sorts like the timestamps it stands for: a
/// sync segment holds it so, and DataLayer reads it back (`HybridTimestamp+Text.swift`).
public struct HybridTimestamp: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Wall time, in milliseconds since 1970, as the device's clock (or a later stamp seen) had it.
    public let milliseconds: Int64
    /// Orders stamps of one millisecond; at most `largestCounter`.
    public let counter: Int32
    /// The id of the device that made it; empty only for `zero`.
    public let device: String

    /// Before every timestamp a device makes: what a household's first snapshot is stamped with.
    public static let zero = HybridTimestamp(milliseconds: 0, counter: 0, device: "")

    /// The largest counter its text can hold (four digits): a clock whose counter would pass it
    /// moves on a millisecond instead, so every stamp made can be read back.
    public static let largestCounter: Int32 = 9999
    /// The largest wall time its text can hold (sixteen digits).
    public static let largestMilliseconds: Int64 = 9_999_999_999_999_999

    /// A stamp as given, unchecked against the largest values its text holds.
    public init(milliseconds: Int64, counter: Int32, device: String) {
        self.milliseconds = milliseconds
        self.counter = counter
        self.device = device
    }

    /// By wall time, then counter, then device: a total order every device agrees on.
    public static func < (lhs: HybridTimestamp, rhs: HybridTimestamp) -> Bool {
        (lhs.milliseconds, lhs.counter, lhs.device) < (rhs.milliseconds, rhs.counter, rhs.device)
    }

    /// `0` for `zero`; else sixteen digits of milliseconds, four of counter, and the device.
    public var description: String {
        guard self != .zero else { return "0" }
        return Self.padded(milliseconds, 16) + "." + Self.padded(Int64(counter), 4) + "." + device
    }

    private static func padded(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
