/// The day and, when printed, the time of a receipt, as local time where it was printed.
public struct ReceiptDate: Sendable, Hashable, CustomStringConvertible {
    /// The day printed.
    public var day: Day
    /// Minutes after midnight, when the receipt prints a time.
    public var minuteOfDay: Int?

    /// A date as printed; `minuteOfDay` is 0 through 1439.
    public init(day: Day, minuteOfDay: Int? = nil) {
        self.day = day
        self.minuteOfDay = minuteOfDay
    }

    /// The instant in a place `utcOffsetSeconds` ahead of UTC: at the printed time, or at noon
    /// of the day without one (as `Timestamp(happened:now:)` takes a bare day).
    public func timestamp(utcOffsetSeconds: Int32) -> Timestamp {
        let local = Int64(day.daysSince1970) * 86_400 + Int64((minuteOfDay ?? 12 * 60) * 60)
        return Timestamp(clamping: local - Int64(utcOffsetSeconds), utcOffsetSeconds: utcOffsetSeconds)
    }

    /// `14:05`, the time printed; nil without one.
    public var timeText: String? {
        guard let minuteOfDay else { return nil }
        let hour = minuteOfDay / 60, minute = minuteOfDay % 60
        return "\(hour < 10 ? "0" : "")\(hour):\(minute < 10 ? "0" : "")\(minute)"
    }

    /// `2026-11-23 14:05`, or `2026-11-23` without a time.
    public var description: String { timeText.map { "\(day) \($0)" } ?? day.description }
}
