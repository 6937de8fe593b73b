import Domain
import TestSupport
import Testing

/// What is set aside as no item (VAT rows, payments, loyalty, subtotals, item counts), and the grocery
/// whose name starts with such a word, which is an item.
extension ReceiptParserTests {
    @Test(arguments: [
        ("A 7% 1,23 0,08 1,31", IgnoredReceiptLine.Reason.vat), ("MwSt 19% 0,80", .vat), ("TVA 5,5 % 10,65 0,59", .vat),
        ("VAT No: 220430231", .vat), ("VISA 12,00", .payment), ("Kartenzahlung 12,00", .payment), ("CB 12,00", .payment),
        ("AUTH CODE 123456", .payment), ("CHANGE 0.00", .payment), ("Rückgeld 1,36", .payment), ("Gegeben 20,00", .payment),
        ("Clubcard points 12", .loyalty), ("SUBTOTAL 3.00", .subtotal), ("Zwischensumme 3,00", .subtotal), ("12 Artikel", .itemCount),
        ("4006381333931", .barcode), ("--------------", .decoration), ("PRODUCE", .section),
    ])
    func setsNoiseAside(line: String, reason: IgnoredReceiptLine.Reason) throws {
        let receipt = try parse("Brot 1,00\n\(line)\nMilch 2,00")
        #expect(receipt.lines.map(\.name) == ["Brot", "Milch"])
        #expect(receipt.ignored.map(\.reason) == [reason])
        #expect(receipt.unparsed.isEmpty)
    }

    /// A rate in front of a grocery's name (`2% MILK`) is part of the name, not a VAT row.
    @Test(arguments: [
        ("GV 2% MILK 1GAL 007874235 F    3.48 N", "GV 2% MILK 1GAL | 1 each | 3.48"),
        ("2% MILK 1GAL 3.48", "2% MILK 1GAL | 1 each | 3.48"),
        ("3,5% H-MILCH 1,19", "3,5% H-MILCH | 1 each | 1.19"),
    ])
    func aRateInFrontOfAGroceryIsAnItem(text: String, expected: String) throws {
        let receipt = try parse("Brot 1,00\n\(text)")
        #expect(receipt.lines.dropFirst().map(summary) == [expected])
        #expect(receipt.ignored.isEmpty && receipt.unparsed.isEmpty)
    }

    @Test(arguments: ["A 7% 1,23 0,08 1,31", "MwSt 19% 0,80", "TVA 5,50% 10,48 0,58 11,06", "B 19%  0,37   0,07   0,44",
                      "B= 19,0% 1,55 0,29 1,84", "5,50%   14,85    0,82    15,67"])
    func aVATRowIsStillSetAside(line: String) throws {
        let receipt = try parse("Brot 1,00\n\(line)\nMilch 2,00")
        #expect(receipt.lines.map(\.name) == ["Brot", "Milch"])
        #expect(receipt.ignored.map(\.reason) == [.vat])
    }

    /// The receipt's own words (discounts, VAT, payment, loyalty) at the start of a grocery's
    /// name with a price paid: an item.
    @Test(arguments: [
        ("AKTION ERDBEEREN 500G 1,99 A", "AKTION ERDBEEREN 500G | 1 each | 1.99"),
            ("PROMO PACK COOKIES 2,49", "PROMO PACK COOKIES | 1 each | 2.49"),
        ("Coupon Chips 1,49", "Coupon Chips | 1 each | 1.49"), ("Rollback Kaffee 3,99", "Rollback Kaffee | 1 each | 3.99"),
        ("Remise en forme Tee 1,00", "Remise en forme Tee | 1 each | 1.00"), ("NETTO APFELSAFT 0,99 A", "NETTO APFELSAFT | 1 each | 0.99"),
        ("HT Kekse 1,29", "HT Kekse | 1 each | 1.29"), ("TVA Biscuits 1,29", "TVA Biscuits | 1 each | 1.29"),
        ("Betrag Kaffee 3,99", "Betrag Kaffee | 1 each | 3.99"), ("Punkte Joghurt 0,79", "Punkte Joghurt | 1 each | 0.79"),
        ("Bonus Joghurt 0,79", "Bonus Joghurt | 1 each | 0.79"), ("Coupon Chips\n1,49", "Coupon Chips | 1 each | 1.49"),
    ])
    func aKeywordInFrontOfAGroceryIsAnItem(text: String, expected: String) throws {
        let receipt = try parse("Brot 1,00 A\n\(text)\nSUMME 9,99")
        #expect(receipt.lines.map(summary) == ["Brot | 1 each | 1.00", expected])
        #expect(receipt.lines.allSatisfy { $0.discounts.isEmpty })
        #expect(receipt.ignored.isEmpty && receipt.unparsed.isEmpty)
    }

    @Test(arguments: [
        ("NETTO 12,34", IgnoredReceiptLine.Reason.vat), ("Betrag EUR 5,00", .payment), ("Bonus points 13", .loyalty),
        ("Sie haben heute 1,20 EUR gespart", .loyalty), ("VISA CHARGE 3,00", .payment), ("enth. MwSt 7% 0,07", .vat),
    ])
    func aKeywordWithoutAGroceryIsStillNoise(line: String, reason: IgnoredReceiptLine.Reason) throws {
        let receipt = try parse("Brot 1,00\n\(line)\nMilch 2,00")
        #expect(receipt.lines.map(\.name) == ["Brot", "Milch"])
        #expect(receipt.ignored.map(\.reason) == [reason])
    }

    @Test func belowTheTotalAKeywordLineIsSetAsideNotUnparsed() throws {
        let receipt = try parse("Brot 1,00\nSUMME 1,00\nVISA CHARGE APPROVED 1,00\nCoupon Chips 1,49")
        #expect(receipt.ignored.map(\.reason) == [.payment, .loyalty])
        #expect(receipt.unparsed.isEmpty)
    }
}
