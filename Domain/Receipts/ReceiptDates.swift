/// Finds the date and time a receipt prints: `23.11.2026 14:05`, `23/11/2026`,
/// `11/23/2026 2:05 PM`, `2026-11-23`, `23.11.26`, `14h05`.
enum ReceiptDates {
    /// The first date among `words`, with the time printed beside it.
    ///
    /// Dotted dates are always day first (`23.11.2026`), year-first dates always year, month,
    /// day. With `/` or `-` a part above 12 says which is the day; when both could be,
    /// `dayFirst` decides.
    static func date(in words: [String], dayFirst: Bool) -> ReceiptDate? {
        for (index, word) in words.enumerated() {
            guard let day = day(labelled(word), dayFirst: dayFirst) else { continue }
            var minute: Int?
            for (other, text) in words.enumerated() where other != index {
                let following = other + 1 < words.count ? words[other + 1] : ""
                if let found = time(labelled(text), following: following) {
                    minute = found
                    break
                }
            }
            return ReceiptDate(day: day, minuteOfDay: minute)
        }
        return nil
    }

    /// The first time among `words` (`Uhrzeit: 17:31:06 Uhr`), in minutes after midnight.
    static func time(in words: [String]) -> Int? {
        for (index, word) in words.enumerated() {
            if let found = time(labelled(word), following: index + 1 < words.count ? words[index + 1] : "") { return found }
        }
        return nil
    }

    /// `Datum:23.11.2026` without its label.
    private static func labelled(_ word: String) -> String {
        guard let colon = word.firstIndex(of: ":"), word[..<colon].allSatisfy(\.isLetter), !word[..<colon].isEmpty else { return word }
        return String(word[word.index(after: colon)...])
    }

    /// Whether `words` hold a date in a receipt's shape whose day does not exist (`30.02.2026`):
    /// shown to the person, never dropped for today's date without a word.
    /// A date that does not exist (`30.02.2026`) or lies outside the years a receipt can be of
    /// (`24.11.1989`, `01.01.2189`: an OCR'd digit).
    static func hasImpossibleDate(in words: [String]) -> Bool {
        words.contains { word in
            guard let parts = parts(labelled(word), dayFirst: true) else { return false }
            return !years.contains(parts.year) || Day(year: parts.year, month: parts.month, day: parts.day) == nil
        }
    }

    /// The years a receipt's date can be of.
    static let years = 1990...2099

    private static func day(_ word: String, dayFirst: Bool) -> Day? {
        parts(word, dayFirst: dayFirst).flatMap { years.contains($0.year) ? Day(year: $0.year, month: $0.month, day: $0.day) : nil }
    }

    /// A date's year, month and day as printed, before the calendar is asked whether it exists.
    private static func parts(_ word: String, dayFirst: Bool) -> (year: Int, month: Int, day: Int)? {
        let trimmed = word.trimmingCharacters(",;")
        guard let separator = trimmed.first(where: { $0 == "." || $0 == "/" || $0 == "-" }) else { return nil }
        let parts = trimmed.split(separator: separator, omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.count <= 4 && $0.allSatisfy(\.isASCIIDigit) }),
              let a = Int(parts[0]), let b = Int(parts[1]), let c = Int(parts[2]) else { return nil }
        let year: Int, month: Int, dayOfMonth: Int
        if parts[0].count == 4 {
            (year, month, dayOfMonth) = (a, b, c)
        } else {
            guard parts[2].count == 4 || parts[2].count == 2, parts[0].count <= 2, parts[1].count <= 2 else { return nil }
            year = parts[2].count == 2 ? 2000 + c : c
            let isDayFirst = separator == "." || a > 12 || (b <= 12 && dayFirst)
            (month, dayOfMonth) = isDayFirst ? (b, a) : (a, b)
        }
        guard (1000...9999).contains(year), (1...12).contains(month), (1...31).contains(dayOfMonth) else { return nil }
        return (year, month, dayOfMonth)
    }

    /// `14:05`, `14:05:33`, `2:05 PM`, `2:05PM`, `14h05`: minutes after midnight.
    private static func time(_ word: String, following: String) -> Int? {
        var text = word.lowercased()
        var meridiem: String?
        for suffix in ["am", "pm"] where text.hasSuffix(suffix) {
            meridiem = suffix
            text.removeLast(2)
        }
        if meridiem == nil, ["am", "pm", "a.m.", "p.m."].contains(following.lowercased()) {
            meridiem = String(following.lowercased().prefix(1)) + "m"
        }
        let separator: Character = text.contains(":") ? ":" : "h"
        let parts = text.split(separator: separator, omittingEmptySubsequences: false)
        guard parts.count == 2 || (parts.count == 3 && separator == ":"),
              parts.allSatisfy({ (1...2).contains($0.count) && $0.allSatisfy(\.isASCIIDigit) }), parts[1].count == 2,
              var hour = Int(parts[0]), let minute = Int(parts[1]), minute < 60 else { return nil }
        if let meridiem {
            guard (1...12).contains(hour) else { return nil }
            hour = hour % 12 + (meridiem == "pm" ? 12 : 0)
        }
        guard hour < 24 else { return nil }
        return hour * 60 + minute
    }
}

extension String {
    /// The text without `characters` at either end.
    fileprivate func trimmingCharacters(_ characters: String) -> String {
        var text = Substring(self)
        while let first = text.first, characters.contains(first) { text = text.dropFirst() }
        while let last = text.last, characters.contains(last) { text = text.dropLast() }
        return String(text)
    }
}
