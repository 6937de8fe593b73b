import Domain
import TestSupport
import Testing

/// The total a receipt states, how far its lines are from it, and the tax added on top.
extension ReceiptParserTests {
    @Test(arguments: ["SUMME 3,00", "SUMME EUR 3,00", "TOTAL 3.00", "TOTAL TTC 3,00 €", "BALANCE DUE 3.00", "ZU ZAHLEN 3,00",
                      "A PAYER 3,00", "À PAYER 3,00", "AMOUNT DUE 3.00", "**** BALANCE 3.00", "6 BALANCE DUE £3.00"])
    func readsTheStatedTotal(line: String) throws {
        let receipt = try parse("Brot 1,00\nMilch 2,00\n\(line)")
        #expect(receipt.statedTotal?.minorUnits == 300)
        #expect(receipt.difference?.minorUnits == 0)
    }

    /// A total line that cannot be taken is reported, never a discount nor dropped; the total
    /// is then unknown.
    @Test(arguments: ["SUMME -0,99", "SUMME 99999999999,00", "SUMME abc", "TOTAL 0.99-", "SUMME EUR -0,99"])
    func aTotalThatCannotBeReadIsReported(line: String) throws {
        let receipt = try parse("Brot 1,00\nMilch 2,00\n\(line)")
        #expect(receipt.statedTotal == nil && receipt.difference == nil)
        #expect(receipt.totalUnreadable == [ReceiptTextLine(number: 3, text: line)])
        #expect(receipt.lines.allSatisfy { $0.discounts.isEmpty })
        #expect(receipt.unparsed.isEmpty && receipt.ignored.isEmpty)
    }

    @Test func twoTotalsThatDisagreeAreReportedAndTheSameTotalTwiceIsOne() throws {
        let disagree = try parse("Brot 0,99\nSUMME 0,99\nSUMME 5,00\nVielen Dank")
        #expect(disagree.statedTotal == nil)
        #expect(disagree.totalUnreadable.map(\.number) == [2, 3])
        #expect(disagree.ignored.map(\.reason) == [.footer])
        let again = try parse("Brot 0,99\nSUMME 0,99\nTOTAL 0,99\nKartenzahlung 0,99")
        #expect(again.statedTotal?.minorUnits == 99 && again.totalUnreadable.isEmpty)
        #expect(again.ignored.map(\.reason) == [.subtotal, .payment])
        let paid = try parse("Milk 2.00\nTOTAL 2.00\nCASH 5.00\nCHANGE 3.00\nBALANCE 0.00", assuming: usd)
        #expect(paid.statedTotal?.minorUnits == 200 && paid.totalUnreadable.isEmpty)
        let afterUnreadable = try parse("Brot 0,99\nSUMME abc\nSUMME 0,99")
        #expect(afterUnreadable.statedTotal == nil && afterUnreadable.totalUnreadable.map(\.number) == [2, 3])
    }

    @Test func aTotalWithItsAmountOnTheLineBelowIsTheTotal() throws {
        let receipt = try parse("Brot 1,00\nMilch 2,00\nSUMME\n3,00\nVielen Dank")
        #expect(receipt.lines.map(\.name) == ["Brot", "Milch"])
        #expect(receipt.statedTotal?.minorUnits == 300 && receipt.difference?.minorUnits == 0)
        let takenOff = try parse("Brot 1,00\nSUMME\n-1,00")
        #expect(takenOff.lines[0].discounts.isEmpty && takenOff.statedTotal == nil)
        #expect(takenOff.totalUnreadable.map(\.number) == [2, 3])
    }

    @Test func wordsAfterATotalPhraseAreNoUnreadableTotal() throws {
        let receipt = try parse("Brot 2,00\nTOTAL DISCOUNT -1.00\nSUMME 1,00\nBalance remaining")
        #expect(receipt.lines[0].discounts.map(\.amount.minorUnits) == [100])
        #expect(receipt.statedTotal?.minorUnits == 100 && receipt.totalUnreadable.isEmpty)
        #expect(receipt.ignored.map(\.reason) == [.footer])
    }

    /// A price in another currency is not relabelled: unparsed, with why, and the total check
    /// shows it missing.
    @Test func aPriceInAnotherCurrencyIsUnparsedWithWhy() throws {
        let receipt = try parse("Brot 1,00 €\nUSB CABLE $5.00\nMilch 2,00 €\nSUMME 8,00 €")
        #expect(receipt.currency == eur)
        #expect(receipt.lines.map(\.name) == ["Brot", "Milch"])
        #expect(receipt.unparsed.map(\.number) == [2])
        #expect(receipt.unparsedReasons == [2: .otherCurrency(usd)])
        #expect(receipt.unparsedReasons[2]?.description.contains("USD") == true)
        #expect(receipt.difference?.minorUnits == 500)
        let codes = try parse("Brot 1,00 EUR\nCable 5,00 USD\nSUMME 1,00 EUR")
        #expect(codes.unparsedReasons == [2: .otherCurrency(usd)])
        #expect(try parse("Brot 1,00 €\nCreme Fr. 1,20\nSUMME 2,20 €").lines.map(\.name) == ["Brot", "Creme"])
    }

    @Test func aTotalsWordInTheHeaderIsTheHeader() throws {
        let receipt = try parse("TOTAL ACCESS\nRue de la Gare\nCafe 1,20\nTOTAL 1,20")
        #expect(receipt.storeName == "TOTAL ACCESS")
        #expect(receipt.statedTotal?.minorUnits == 120 && receipt.totalUnreadable.isEmpty)
        #expect(receipt.ignored.map(\.reason) == [.header, .header])
    }

    @Test(arguments: ["100001 x 0,01", "Gurken 100001 x 0,01", "100001 Stk x 0,01 0,01"])
    func aQuantityTooLargeIsUnparsedNotAnItem(line: String) throws {
        let receipt = try parse("Brot 1,00\n\(line)\nMilch 2,00")
        #expect(receipt.lines.map(\.name) == ["Brot", "Milch"])
        #expect(receipt.unparsed.map(\.number) == [2])
        #expect(receipt.unparsedReasons == [2: .tooLarge])
    }

    @Test func theDifferenceSaysHowFarTheLinesAreFromTheTotal() throws {
        let receipt = try parse("Brot 1,00\nMilch 2,00\nRabatt -0,50\nPfand 0,25\nSUMME 3,75")
        #expect(receipt.computedTotal.minorUnits == 275)
        #expect(receipt.difference == Money(minorUnits: 100, currency: eur))
    }

    @Test func salesTaxIsAddedOnTopOfTheLines() throws {
        let receipt = try parse("Towels 12.97 X\nSUBTOTAL 12.97\nTAX 1 7.000 % 0.91\nTOTAL 13.88", assuming: usd)
        #expect(receipt.addedTax.minorUnits == 91)
        #expect(receipt.difference?.minorUnits == 0)
    }
}
