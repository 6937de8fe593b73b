import Domain
import TestSupport
import Testing

/// Issue #23, tester's finding 11: `30.02.2026` was dropped for today's date without a word.
@Suite struct ImpossibleDateTests {
    @Test func aDateThatDoesNotExistIsShownNotDropped() throws {
        let receipt = try ReceiptParser.parse(text: "ALDI\n30.02.2026 14:05\nMilch 1,09\nSUMME 1,09\n", assuming: .euro)
        #expect(receipt.date == nil)
        #expect(receipt.unparsed.map(\.number) == [2])
        #expect(receipt.unparsedReasons[2] == .impossibleDate)
        #expect(receipt.statedTotal?.amountText == "1.09" && receipt.lines.map(\.name) == ["Milch"])
        // A date that exists is still the receipt's.
        #expect(try ReceiptParser.parse(text: "ALDI\n28.02.2026 14:05\nMilch 1,09\nSUMME 1,09\n",
            assuming: .euro).date?.day == Day(iso: "2026-02-28"))
        // Tester's finding (#23): a year outside 1990 to 2099 was dropped without a word.
        let old = try ReceiptParser.parse(text: "ALDI\n24.11.1989 10:00\nMilch 1,09\nSUMME 1,09\n", assuming: .euro)
        #expect(old.date == nil && old.unparsedReasons[2] == .impossibleDate)
    }

    /// Logged, such a receipt needs its day said: never today by default.
    /// Tester's finding (#23): `MILCH 1,5%` was not the name of the quantity line below it.
    @Test(arguments: ["MILCH 1,5%", "MILCH 3,5%", "H-MILCH 1,5% 1L"])
    func aNameWithAPercentIsTheNameOfTheLineBelow(name: String) throws {
        let receipt = try ReceiptParser.parse(
            text: "ALDI SÜD\n08.11.2026 10:15\n\(name)\n6 x 0,99            5,94 A\nBROT  1,00 A\nSUMME  6,94\n", assuming: .euro)
        #expect(receipt.lines.map(\.name) == [name, "BROT"], "\(name)")
        #expect(receipt.lines.first?.quantity == Quantity(6) && receipt.difference?.minorUnits == 0, "\(name)")
    }

    @Test func aReceiptWhoseDateCannotBeTakenIsLoggedOnlyOnADayGiven() async throws {
        let u = try await TestWorld.stocked().useCases
        for printed in ["30.02.2026", "24.11.1989 10:00"] {
            let text = "ALDI\n\(printed)\nMilch 1,09\nSUMME 1,09\n"
            await #expect(throws: ReceiptRefusal.dateUnreadable(line: 2)) {
                try await u.applyReceipt(ReceiptRequest(text: text), decisions: [:]) }
            let logged = try await u.applyReceipt(ReceiptRequest(text: text, date: "2026-02-27"), decisions: [:])
            #expect(logged.summary.contains("Aldi"))
            _ = try await u.undoLastChange()
        }
    }
}
