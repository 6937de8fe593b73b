import Domain
import TestSupport
import Testing

/// Issue #23, 7: what tesseract made of a real receipt's total: `S U M H E 5,85`, with
/// `BAR EUR 10,00` and `Rückgeld EUR 4,15` below it.
@Suite struct OCRTotalTests {
    func parse(_ text: String) throws -> Receipt { try ReceiptParser.parse(text: text, assuming: .euro) }

    @Test(arguments: ["S U M M E 5,85", "SUMHE 5,85", "5UMME 5,85", "T0TAL 5,85", "T O T A L EUR 5,85", "Summe 5,85"])
    func aTotalWordOCRGarbledIsStillTheTotal(total: String) throws {
        let receipt = try parse("ALDI\nMilch 1,55 A\nBrot 4,30 A\n\(total)\n")
        #expect(receipt.statedTotal?.amountText == "5.85", "\(total)")
        #expect(receipt.totalUnreadable.isEmpty)
    }

    @Test(arguments: ["Rückgeld EUR 4,15", "Rueckgeld EUR 4,15", "RUCKGELD 4,15"],
          ["BAR EUR 10,00", "Geg. BAR EUR 10,00", "Gegeben 10,00"])
    func cashGivenLessChangeIsTheTotalWhenTheLinesAgree(change: String, given: String) throws {
        // The total's amount is beyond reading (5,B5); cash and lines agree on 5.85.
        let text = "ALDI\nMilch 1,55 A\nBrot 4,30 A\nSUMME 5,B5\n\(given)\n\(change)\n"
        let receipt = try parse(text)
        #expect(receipt.statedTotal?.amountText == "5.85", "\(given) \(change)")
        #expect(receipt.ignored.contains { $0.line.text == given })
        #expect(receipt.totalUnreadable.isEmpty && receipt.unparsed.map(\.text) == ["SUMME 5,B5"])
    }

    /// What the real tesseract made of rendered receipts (RealOCRTests): a speck behind a price
    /// read as a dot or colon, glued to its tax class.
    @Test func aSpeckBehindAPriceIsNotPartOfIt() throws {
        let receipt = try parse(
            "ALDI\nBio Bananen 1,49. A\nMilch 1L 1,19 A\nVollkornbrot 1,29.A\nLidl Plus Rabatt -0,30:\nSumme 3,67\nGueltig bis 23.11.\n")
        #expect(receipt.lines.map(\.name) == ["Bio Bananen", "Milch 1L", "Vollkornbrot"])
        #expect(receipt.lines.map(\.netTotal.amountText) == ["1.49", "1.19", "0.99"])
        #expect(receipt.statedTotal?.amountText == "3.67" && receipt.computedTotal.amountText == "3.67")
        // A final `l` is a litre, not OCR's 1 (tester's finding 5: `6x0,5l` was read as 6 at 0,51).
        let water = try parse("ALDI\nWasser 6x0,5l 2,34\nSUMME 2,34\n")
        #expect(water.lines.map(\.name) == ["Wasser 6x0,5l"] && water.lines.first?.packSize?.description == "3 l")
        // A date's dot is no speck: `23.11.` stays a date's text, not a price of 23.11.
        #expect(!receipt.lines.contains { $0.netTotal.amountText == "23.11" })
    }

    /// A name of many `x` counts is read once: each `x` opened a scan of the rest of the line,
    /// which opened one at every later `x` (fifth review: `1x1x1x...` hung the review, on the
    /// command line, over RPC and on `grock serve`). 40 counts took 2^40 scans.
    @Test func aNameOfManyCountsIsReadOnce() throws {
        let counts = String(repeating: "1x", count: 40), long = String(repeating: "2x", count: 50_000)
        let receipt = try parse("ALDI\nMilch \(counts)1l 1,19\nReis \(long) 1,09\nSUMME 2,28\n")
        #expect(receipt.lines.count == 2)
        // A count of a size, as before: `6x0,5l` is 3 l.
        #expect(try parse("ALDI\nWasser 6 x 0,5l 2,34\nSUMME 2,34\n").lines.first?.packSize?.description == "3 l")
    }

    static let lidl = """
        LIDL
        Bananen 1,46 A
        H-Milch 1,78 A
        Rispentomaten 2,49 A
        Rabatt -0,50
        Cola 1,29 B
        Pfand 0,25 B
        Eier 2,79 A
        Lidl Plus Rabatt -0,30
        zu zahlen 9,2b
        Kartenzahlung girocard 9,26
        MWST% MWST + Netto = Brutto
        A 7 % 0,50 7,22 7,72
        B 19 % 0,25 1,29 1,54
        Summe 0,75 8,51 9,26
        """

    @Test func theVATTablesGrossColumnIsTheTotalWhenTheLinesAgree() throws {
        let receipt = try parse(Self.lidl)
        #expect(receipt.statedTotal?.amountText == "9.26" && receipt.difference?.minorUnits == 0)
        #expect(receipt.totalUnreadable.isEmpty && receipt.unparsed.map(\.text) == ["zu zahlen 9,2b"])
        // French: `TVA HT TVA TTC`.
        let french = try parse("CARREFOUR\nPAIN 1,20\nLAIT 0,95\nTOTAL TTC 2,l5 €\nTVA HT TVA TTC\n5,50% 2,04 0,11 2,15\n")
        #expect(french.statedTotal?.amountText == "2.15")
    }

    @Test func cashAndTheVATTableAgreeingAreTheTotalWhenALineIsMisread() throws {
        // OCR read the discount `-0,50` as `29,50`: the lines no longer add up, but the receipt's
        // total is known (cash and the VAT table agree), so the difference is named.
        let misread = Self.lidl.replacingOccurrences(of: "Rabatt -0,50", with: "Rabatt 29,50")
            .replacingOccurrences(of: "Kartenzahlung girocard 9,26", with: "BAR 10,00\nRückgeld 0,74")
        let receipt = try parse(misread)
        #expect(receipt.statedTotal?.amountText == "9.26")
        #expect(receipt.difference.map { $0.minorUnits != 0 } == true)
        // A VAT table whose sums row disagrees with its rows is no reading.
        let disagreeing = Self.lidl.replacingOccurrences(of: "Summe 0,75 8,51 9,26", with: "Summe 0,75 8,51 9,36")
            .replacingOccurrences(of: "Kartenzahlung girocard 9,26", with: "")
        #expect(try parse(disagreeing).statedTotal == nil)
    }

    /// Tester's finding 13: a price beyond the maximum became part of the next line's name.
    @Test func aPriceBeyondTheMaximumIsNoPartOfAName() throws {
        for text in
            ["ALDI\nBrot 1,20\nMilch 99999999,00\nKaese 2,00\nSUMME 3,20\n",
            "ALDI\nMilch 99999999,00\nBrot 1,20\nKaese 2,00\nSUMME 3,20\n"] {
            let receipt = try parse(text)
            #expect(receipt.lines.map(\.name).sorted() == ["Brot", "Kaese"], "\(text)")
            let milk = try #require(receipt.unparsed.first { $0.text == "Milch 99999999,00" })
            #expect(receipt.unparsedReasons[milk.number] == .tooLarge)
        }
        // A total's is an unreadable total, as before.
        #expect(try parse("ALDI\nBrot 1,20\nSUMME 99999999999,00\n").totalUnreadable.count == 1)
    }

    @Test func cashThatDisagreesWithTheLinesIsNoTotal() throws {
        let receipt = try parse("ALDI\nMilch 1,55 A\nBrot 4,30 A\nBAR EUR 10,00\nRückgeld EUR 4,00\n")
        #expect(receipt.statedTotal == nil)
        // A short word one letter off a total's (`Tota`) is a name: only words of five letters
        // or more are put back.
        let short = try parse("ALDI\nTota 2,99\nMilch 1,00\nSUMME 3,99\n")
        #expect(short.statedTotal?.amountText == "3.99" && short.lines.map(\.name) == ["Tota", "Milch"])
    }
}
