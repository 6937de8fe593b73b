/// A calendar day (proleptic Gregorian), such as the last day a promotion is valid.
public struct Day: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The year, such as 2026.
    public let year: Int
    /// The month, 1 through 12.
    public let month: Int
    /// The day of the month, 1 through 31.
    public let day: Int

    /// - Returns: nil for an impossible date such as 2026-02-30.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), (1...Day.length(ofMonth: month, year: year)).contains(day),
              (1...9999).contains(year) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `YYYY-MM-DD`.
    public init?(iso text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]) else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// Parses `YYYY-MM-DD` as a person types it, for every front alike.
    /// - Throws: `DomainError.invalidDate` for text that is not one.
    public init(parsing text: String) throws {
        guard let day = Day(iso: text) else { throw DomainError.invalidDate(text) }
        self = day
    }

    /// The day `days` after 1970-01-01 (Howard Hinnant's civil-from-days).
    public init(daysSince1970 days: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.year = yoe + era * 400 + (m <= 2 ? 1 : 0)
        self.month = m
        self.day = d
    }

    /// How many days after 1970-01-01 it is; negative before.
    public var daysSince1970: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// `YYYY-MM`, the month this day is in.
    public var monthText: String { "\(yearText)-\(twoDigits(month))" }

    /// The year in four digits (`0026`), so that every date reads back as it was written.
    private var yearText: String {
        guard (0...999).contains(year) else { return String(year) }
        let digits = String(year)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }

    /// The month this day is in as one number that orders like `monthText` (year × 12 +
    /// month − 1): cheaper than the text when grouping thousands of days.
    public var monthNumber: Int { year * 12 + month - 1 }

    /// `YYYY-MM-DD`, as `init(iso:)` reads it.
    public var description: String { "\(yearText)-\(twoDigits(month))-\(twoDigits(day))" }

    /// The earlier day first.
    public static func < (lhs: Day, rhs: Day) -> Bool { (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day) }

    static func length(ofMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}

/// `value` (0 to 99) in two digits, `07`: how a day and a time of day are written.
func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
