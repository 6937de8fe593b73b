import Domain
import TestSupport
import Testing

/// Issue #23: receipts from other countries name their totals and currencies their own way:
/// `Total Amount (RM)`, `NET TOTAL`, `RM` before amounts, GST lines, cash rounding.
@Suite struct ReceiptCountriesTests {
    @Test func aMalaysianReceiptRoundsCashAndStatesItsTotalInRinggit() throws {
        let text = """
            AEON BIG (M) SDN BHD
            GST ID: 000123456789
            TAX INVOICE
            MILO 1KG              RM 18.90 SR
            GARDENIA BREAD         RM 3.80 ZR
            EGGS 10S               RM4.52 ZR
            Total Sales (Incl GST)    27.22
            Rounding Adj              -0.02
            Total Amount (RM)         27.20
            CASH                      50.00
            CHANGE                    22.80
            GST Summary  Amount(RM)  Tax(RM)
            SR @ 6%        17.83       1.07
            """
        let receipt = try ReceiptParser.parse(text: text, assuming: .euro)
        #expect(receipt.currency.code == "MYR")
        #expect(receipt.lines.map(\.name) == ["MILO 1KG", "GARDENIA BREAD", "EGGS 10S"])
        // What the goods cost: the total paid less the cash rounding.
        #expect(receipt.statedTotal?.amountText == "27.22" && receipt.difference?.minorUnits == 0)
        #expect(receipt.unparsed.isEmpty && receipt.totalUnreadable.isEmpty, "\(receipt.unparsed)")
    }

    @Test func aRoundedTotalBelowTheTotalRepeatsIt() throws {
        let text = "SHOP\nRICE 5KG 21.95\nOIL 2KG 10.49\nNET TOTAL 32.44\nROUNDING ADJ +0.01\nROUNDED TOTAL (RM) 32.45\n"
            + "CASH RM 40.00\nCHANGE RM 7.55\n"
        let receipt = try ReceiptParser.parse(text: text, assuming: .euro)
        #expect(receipt.currency.code == "MYR")
        #expect(receipt.statedTotal?.amountText == "32.44" && receipt.difference?.minorUnits == 0)
        #expect(receipt.totalUnreadable.isEmpty && receipt.unparsed.isEmpty, "\(receipt.unparsed)")
    }

    @Test(arguments: ["GRAND TOTAL S$ 7.40", "Total Amount 7.40", "TOTAL PAYABLE 7.40", "Nett Total SGD 7.40"])
    func otherTotalWords(total: String) throws {
        let receipt = try ReceiptParser.parse(text: "FAIRPRICE\nKAYA TOAST S$3.20\nKOPI 4.20\nGST 9% INCL 0.61\n\(total)\n",
            assuming: .euro)
        #expect(receipt.statedTotal?.amountText == "7.40", "\(total)")
        #expect(receipt.lines.map(\.name) == ["KAYA TOAST", "KOPI"], "\(total)")
    }
}
