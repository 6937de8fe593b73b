import Domain
import Foundation
import Presentation
import Testing

/// Documents hold times, days and Domain's enums as values, yet write them in the JSON as the text
/// they held before (`--json` and `grock rpc` answer as they did).
@Suite struct DocumentValueTests {
    /// One field of each kind, as a document nests them.
    private struct Fields: Encodable {
        let created: DocumentTime
        let completed: DocumentTime?
        let seen: DocumentDay?
    }

    @Test func aTimeAndADayAreWrittenAsTheirText() throws {
        let time = try #require(Timestamp(rfc3339: "2026-03-01T23:30:00+01:00"))
        let fields = Fields(created: DocumentTime(time), completed: nil, seen: DocumentDay(time.day))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = String(decoding: try encoder.encode(fields), as: UTF8.self)
        #expect(json == #"{"created":"2026-03-01T23:30:00+01:00","seen":"2026-03-01"}"#)
        // The local day, not UTC's (22:30 Z is still the 1st, 23:30 local too).
        #expect(DocumentTime(time).day == Day(iso: "2026-03-01"))
    }
}
