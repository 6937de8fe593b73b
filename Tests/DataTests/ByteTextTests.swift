@testable import DataLayer
import Domain
import Testing

/// The file readers' byte parsers (`ByteText.swift`) answer what Domain's own rules answer for
/// the same text.
@Suite struct ByteTextTests {
    static let times = ["2026-03-01T23:30:00+01:00", "2026-03-01T22:30:00Z", "2026-03-01T17:30:00-05:00", "0001-01-01T00:00:00Z",
                        "9999-12-31T23:59:59+23:59", "2026-06-30T23:59:60Z", "2024-02-29T12:00:00-00:30", "yesterday", "",
                            "2026-03-01T23:30:00",
                        "2026-03-01T23:30:00+01", "2026-03-01 23:30:00Z", "2026-02-30T10:00:00Z", "2026-03-01T24:00:00Z",
                        "2026-03-01T23:60:00Z", "2026-03-01T23:30:61Z", "2026-3-01T23:30:00+01:00", "2026-03-01T+1:30:00Z",
                        "2026-03-01T23:30:00+01:00 ", "２026-03-01T23:30:00Z", "2026-03-01T23:30:00X", "2026-03-01T23:30:00+24:00",
                        "2026-03-01T23:30:00+01:60", "2026-03-01T23:30:00+01-00", "2026-03-01t23:30:00Z", "2026-03-01T23:30:00z",
                        "0000-01-01T00:00:00Z", "2026-00-01T00:00:00Z", "2026-03-01T23:30:0éZ"]

    @Test(arguments: times)
    func theByteParserOfTimesAgreesWithTheTextOne(text: String) {
        let bytes = Timestamp(rfc3339: Array(text.utf8))
        #expect(bytes == Timestamp(rfc3339: text), "\(text)")
        if let bytes { #expect(Timestamp(rfc3339: bytes.description) == bytes) }
    }

    /// Every time written, one a minute over a day and one a day over four centuries, reads
    /// back the same both ways.
    @Test func everyTimeWrittenReadsBackBothWays() {
        let starts = stride(from: Int64(0), to: 86_400, by: 61).map { Timestamp(clamping: 1_772_000_000 + $0, utcOffsetSeconds: 3600) }
            + stride(from: Int64(-62_135_596_800 + 86_400), to: 253_402_300_799, by: 86_400 * 97 + 13).map {
                Timestamp(clamping: $0, utcOffsetSeconds: -19_800) }
        for time in starts {
            let text = time.description
            #expect(Timestamp(rfc3339: Array(text.utf8)) == time, "\(text)")
            #expect(Timestamp(rfc3339: text) == time, "\(text)")
        }
    }

    /// The in-place comparison a storage uses to find a name agrees with `key` whenever it
    /// answers, and always answers for printable ASCII.
    @Test(arguments: ["Milk", "  milk ", "MILK", "Whole  Milk", "Whole milk 1.5%", "milk ", "mil", "milks", "", "   ", "Crème",
        "milk\u{A0}", "Whole\u{A0}milk"])
    func asciiComparisonAgreesWithKey(text: String) {
        for key in ["milk", "whole milk", "whole milk 1.5%", ""] {
            let compared = Name.asciiText(Array(text.utf8), hasKey: Array(key.utf8))
            if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) || compared != nil {
                #expect(compared == (Name.key(text) == key), "\(text) against \(key)")
            }
        }
    }
}
