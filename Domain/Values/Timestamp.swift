/// An instant, with the UTC offset of the place it was recorded so that its calendar day is the
/// one the person lived (a purchase at 23:30 in Berlin belongs to that day, not the next).
public struct Timestamp: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The instant, in seconds since 1970-01-01T00:00:00Z; what instants are compared by.
    public let secondsSince1970: Int64
    /// The offset from UTC where it was recorded (3600 in Berlin in winter), which decides its
    /// local `day` and how it is written; never how instants compare.
    public let utcOffsetSeconds: Int32

    /// The instants a timestamp can be: about 316,000 years either side of 1970, every second a
    /// sync stamp can name (`HybridTimestamp.largestMilliseconds`), and far enough from `Int64`'s
    /// ends that no local time, day or text derived from one can overflow.
    public static let secondsRange: ClosedRange<Int64> = -9_999_999_999_999...9_999_999_999_999
    /// The UTC offsets a timestamp can have: less than a day either way.
    public static let utcOffsetRange: ClosedRange<Int32> = -86_399...86_399

    /// An instant as stored; nil when either part is outside `secondsRange` or `utcOffsetRange`.
    public init?(secondsSince1970: Int64, utcOffsetSeconds: Int32 = 0) {
        guard Timestamp.secondsRange.contains(secondsSince1970), Timestamp.utcOffsetRange.contains(utcOffsetSeconds) else { return nil }
        self.secondsSince1970 = secondsSince1970
        self.utcOffsetSeconds = utcOffsetSeconds
    }

    /// The nearest timestamp to the parts given, each clamped into its range: for instants that
    /// are only shown or come from the machine's clock, where there is no way to fail.
    public init(clamping secondsSince1970: Int64, utcOffsetSeconds: Int32 = 0) {
        self.secondsSince1970 = min(max(secondsSince1970, Timestamp.secondsRange.lowerBound), Timestamp.secondsRange.upperBound)
        self.utcOffsetSeconds = min(max(utcOffsetSeconds, Timestamp.utcOffsetRange.lowerBound), Timestamp.utcOffsetRange.upperBound)
    }

    /// The local calendar day.
    public var day: Day {
        // Both parts are bounded by every initializer, so the sum is far from wrapping.
        let local = secondsSince1970 &+ Int64(utcOffsetSeconds)
        return Day(daysSince1970: Int(local >= 0 ? local / 86_400 : (local - 86_399) / 86_400))
    }

    /// Earlier instant first, whatever the offsets.
    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.secondsSince1970 < rhs.secondsSince1970 }

    /// RFC 3339 with the local offset: `2026-11-21T23:46:00+01:00`.
    public var description: String {
        let local = secondsSince1970 &+ Int64(utcOffsetSeconds)
        let secondOfDay = Int(((local % 86_400) + 86_400) % 86_400)
        let offset = Int(utcOffsetSeconds)
        let day = self.day
        // Written digit by digit: histories hold many thousands of these.
        var bytes = [UInt8](repeating: 0x30, count: 25)
        func put(_ value: Int, at index: Int, width: Int) {
            var value = value
            for position in stride(from: index + width - 1, through: index, by: -1) {
                bytes[position] = UInt8(0x30 + value % 10)
                value /= 10
            }
        }
        guard (0...9999).contains(day.year) else {
            return "\(day)T\(twoDigits(secondOfDay / 3600)):\(twoDigits(secondOfDay / 60 % 60)):\(twoDigits(secondOfDay % 60))"
                + "\(offset < 0 ? "-" : "+")\(twoDigits(abs(offset) / 3600)):\(twoDigits(abs(offset) / 60 % 60))"
        }
        put(day.year, at: 0, width: 4)
        bytes[4] = 0x2D
        put(day.month, at: 5, width: 2)
        bytes[7] = 0x2D
        put(day.day, at: 8, width: 2)
        bytes[10] = 0x54
        put(secondOfDay / 3600, at: 11, width: 2)
        bytes[13] = 0x3A
        put(secondOfDay / 60 % 60, at: 14, width: 2)
        bytes[16] = 0x3A
        put(secondOfDay % 60, at: 17, width: 2)
        bytes[19] = offset < 0 ? 0x2D : 0x2B
        put(abs(offset) / 3600, at: 20, width: 2)
        bytes[22] = 0x3A
        put(abs(offset) / 60 % 60, at: 23, width: 2)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Parses the text `description` writes (a `Z` offset is accepted too): `YYYY-MM-DDTHH:MM:SS`
    /// then `Z` or `±HH:MM`. The file readers parse the same from bytes, in the data layer.
    public init?(rfc3339 text: String) {
        let characters = Array(text.unicodeScalars)
        func number(_ start: Int, _ count: Int) -> Int? {
            var value = 0
            for character in characters[start..<start + count] {
                guard ("0"..."9").contains(character) else { return nil }
                value = value * 10 + Int(character.value - 48)
            }
            return value
        }
        guard characters.count == 20 || characters.count == 25, characters[4] == "-", characters[7] == "-", characters[10] == "T",
              characters[13] == ":", characters[16] == ":",
              let year = number(0, 4), let month = number(5, 2), let dayOfMonth = number(8, 2),
              let day = Day(year: year, month: month, day: dayOfMonth),
              let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2) else { return nil }
        var offset: (hours: Int, minutes: Int, sign: Int) = (0, 0, 1)
        if characters.count == 20 {
            guard characters[19] == "Z" else { return nil }
        } else {
            guard characters[19] == "+" || characters[19] == "-", characters[22] == ":",
                  let hours = number(20, 2), let minutes = number(23, 2) else { return nil }
            offset = (hours, minutes, characters[19] == "-" ? -1 : 1)
        }
        self.init(day: day, hour: hour, minute: minute, second: second, offset: offset)
    }

    /// The instant of a local time given by its parts; nil when a part is out of range.
    /// - Parameter offset: the UTC offset, `sign` 1 or -1.
    public init?(day: Day, hour: Int, minute: Int, second: Int, offset: (hours: Int, minutes: Int, sign: Int)) {
        guard (0..<24).contains(hour), (0..<60).contains(minute), (0..<61).contains(second),
              (0..<24).contains(offset.hours), (0..<60).contains(offset.minutes) else { return nil }
        let offsetSeconds = (offset.hours * 3600 + offset.minutes * 60) * offset.sign
        let local = Int64(day.daysSince1970) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        self.init(secondsSince1970: local - Int64(offsetSeconds), utcOffsetSeconds: Int32(offsetSeconds))
    }

    /// When something happened, as a person writes it: `YYYY-MM-DD` (that day at noon, or now
    /// when it is today), `YYYY-MM-DD HH:MM` or `YYYY-MM-DDTHH:MM` (in the offset of `now`), or
    /// RFC 3339.
    /// - Throws: `DomainError.invalidDate` for anything else, `.futureDate` for a time after `now`.
    public init(happened text: String, now: Timestamp) throws {
        let trimmed = text.trimmingWhitespace()
        if let exact = Timestamp(rfc3339: trimmed) {
            self = exact
        } else if let day = Day(iso: trimmed) {
            self = day == now.day ? now : Timestamp(local: day, secondOfDay: 12 * 3600, offset: now.utcOffsetSeconds)
        } else {
            let parts = trimmed.split(whereSeparator: { $0 == " " || $0 == "T" })
            let clock = parts.count == 2 ? parts[1].split(separator: ":") : []
            guard parts.count == 2, let day = Day(iso: String(parts[0])), clock.count == 2, clock.allSatisfy({ $0.count == 2 }),
                  let hour = Int(clock[0]), let minute = Int(clock[1]), (0..<24).contains(hour), (0..<60).contains(minute) else {
                throw DomainError.invalidDate(text)
            }
            self = Timestamp(local: day, secondOfDay: hour * 3600 + minute * 60, offset: now.utcOffsetSeconds)
        }
        guard self <= now else { throw DomainError.futureDate(text) }
        // `1900-01-01` is a slip, as a receipt's year before 1990 is.
        guard day >= Timestamp.earliestHappened else { throw DomainError.pastDate(text) }
    }

    /// The earliest day something can have happened on in Grock: 1990-01-01.
    public static let earliestHappened = Day(daysSince1970: 7305)

    private init(local day: Day, secondOfDay: Int, offset: Int32) {
        self.init(clamping: Int64(day.daysSince1970) * 86_400 + Int64(secondOfDay) - Int64(offset), utcOffsetSeconds: offset)
    }
}
