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

    /// Amounts and changes as a document holds them.
    private struct Figures: Encodable {
        let total: Money
        let budget: Money?
        let change: PercentChange
    }

    @Test(arguments: [
        (736, "EUR", 1835, #"{"change":"+18.35%","total":"7.36"}"#),
        (-100, "EUR", -310, #"{"change":"-3.10%","total":"-1.00"}"#),
        (349, "JPY", -5, #"{"change":"-0.05%","total":"349"}"#),
        (0, "EUR", 0, #"{"change":"0.00%","total":"0.00"}"#),
    ])
    func anAmountAndAChangeAreWrittenAsTheirText(minorUnits: Int64, currency: String, basisPoints: Int, json expected: String) throws {
        let figures = Figures(total: Money(minorUnits: minorUnits, currency: try Currency(code: currency)), budget: nil,
                              change: PercentChange(basisPoints: basisPoints))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        #expect(String(decoding: try encoder.encode(figures), as: UTF8.self) == expected)
    }

    @Test func aChangeComparesAsItsNumber() {
        #expect(PercentChange(basisPoints: -310) < PercentChange(basisPoints: 5))
        #expect(PercentChange(basisPoints: Int.min).description == "-92233720368547758.08%")
    }
}
