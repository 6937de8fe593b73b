import Domain
import TestSupport
import Testing

/// Reading a receipt's text: its item lines, quantities, weights, discounts and deposits, its
/// date, header, footer, store and currency; what is no receipt. Its totals and taxes, and the
/// lines set aside as noise, are in the files beside this one.
@Suite struct ReceiptParserTests {
    let eur = Currency.euro
    let gbp = try! Currency(code: "GBP")
    let usd = try! Currency(code: "USD")

    func parse(_ text: String, assuming currency: Currency = .euro) throws -> Receipt {
        try ReceiptParser.parse(text: text, assuming: currency)
    }

    func summary(_ line: ReceiptLine) -> String {
        "\(line.name) | \(line.quantity) \(line.unit)\(line.unitPrice.map { " @ \($0)" } ?? "") | \(line.total.amountText)"
    }

    @Test(arguments: [
        ("MILCH 1,5% 1L        1,19 A", "MILCH 1,5% 1L | 1 each | 1.19"),
        ("Bananas            £0.89", "Bananas | 1 each | 0.89"),
        ("ORGANIC MILK 1GAL   4.99 F", "ORGANIC MILK 1GAL | 1 each | 4.99"),
        ("Vollkornbrot 1.234,50 A", "Vollkornbrot | 1 each | 1234.50"),
        ("Party platter $1,299.00", "Party platter | 1 each | 1299.00"),
        ("Televiseur 1 299,00", "Televiseur | 1 each | 1299.00"),
        ("Käse l,l9", "Käse | 1 each | 1.19"),
        ("Milch 1, 19 A", "Milch | 1 each | 1.19"),
        ("Brot 2,O9", "Brot | 1 each | 2.09"),
        ("2 x JS EGGS 6 £3.60", "JS EGGS 6 | 2 each @ 1.80/each | 3.60"),
        ("BANANAS 000000004011 F 1.07 N", "BANANAS | 1 each | 1.07"),
    ])
    func readsAnItemLine(text: String, expected: String) throws {
        let receipt = try parse(text)
        #expect(receipt.lines.map(summary) == [expected])
    }

    @Test(arguments: [
        ("Gurken 1,78 A\n2 x 0,89", "Gurken | 2 each @ 0.89/each | 1.78"),
        ("2 x 0,89\nGurken 1,78 A", "Gurken | 2 each @ 0.89/each | 1.78"),
        ("Gurken\n2 x 0,89  1,78", "Gurken | 2 each @ 0.89/each | 1.78"),
        ("Gurken\n2 @ 0.89  1.78", "Gurken | 2 each @ 0.89/each | 1.78"),
        ("Avocados 3.00\n3 @ 1.00 ea", "Avocados | 3 each @ 1.00/each | 3.00"),
        ("Bananen\n0,736 kg x 1,99 EUR/kg   1,46", "Bananen | 0.736 kg @ 1.99/kg | 1.46"),
        ("Bananas\n1.20 lb @ 0.89/lb   1.07", "Bananas | 1.2 lb @ 0.89/lb | 1.07"),
        ("Tomates\n0,500 kg x 2,99 €/kg", "Tomates | 0.5 kg @ 2.99/kg | 1.50"),
        ("Bananas\n1.205kg @ £0.69/kg £0.83", "Bananas | 1.205 kg @ 0.69/kg | 0.83"),
    ])
    func readsQuantityAndWeightLines(text: String, expected: String) throws {
        let receipt = try parse(text)
        #expect(receipt.lines.map(summary) == [expected])
        #expect(receipt.unparsed.isEmpty)
    }

    @Test(arguments: [
        ("Rabatt -0,50", 50), ("PROMO -20%", 40), ("Coupon -1.00", 100), ("Remise -0,30", 30), ("SAVINGS 0.50-", 50),
        ("Clubcard Price -0.75", 75), ("Lidl Plus Rabatt -0,30", 30), ("Clubcard Price\n-£0.20", 20),
    ])
    func attachesADiscountToTheLineAbove(discount: String, amount: Int64) throws {
        let receipt = try parse("Butter 2,00 A\n\(discount)\nMilch 1,00")
        #expect(receipt.lines.count == 2)
        #expect(receipt.lines[0].discounts.map(\.amount.minorUnits) == [amount])
        #expect(receipt.lines[0].netTotal.minorUnits == 200 - amount)
        #expect(receipt.lines[1].discounts.isEmpty)
    }

    @Test(arguments: ["Pfand 0,25", "Pfand 0,25 A", "Consigne 0,10", "BOTTLE DEPOSIT 0.10", "Leergut -0,25"])
    func readsADepositAsItsOwnLine(text: String) throws {
        let receipt = try parse("Wasser 0,29 B\n\(text)")
        #expect(receipt.lines.map(\.isDeposit) == [false, true])
        #expect(receipt.lines[1].discounts.isEmpty && receipt.lines[0].discounts.isEmpty)
    }

    @Test(arguments: [
        ("23.11.2026 14:05", "€", "2026-11-23 14:05"), ("23/11/2026", "€", "2026-11-23"),
        ("11/23/2026 2:05 PM", "$", "2026-11-23 14:05"),
        ("2026-11-23", "$", "2026-11-23"), ("03/04/2026", "£", "2026-04-03"), ("03/04/2026", "€", "2026-04-03"),
        ("03/04/2026 09:30 AM", "$", "2026-03-04 09:30"), ("23.11.26 16h42", "€", "2026-11-23 16:42"),
            ("Datum: 03.04.2026", "$", "2026-04-03"),
    ])
    func readsTheDateDayFirstUnlessTheReceiptIsInDollars(line: String, sign: String, expected: String) throws {
        let receipt = try parse("\(line)\nBread \(sign)1.00")
        #expect(receipt.date?.description == expected)
    }

    @Test func anAmbiguousDateWithoutASignFollowsTheAssumedCurrency() throws {
        #expect(try parse("03/04/2026\nBread 1.00", assuming: usd).date?.description == "2026-03-04")
        #expect(try parse("03/04/2026\nBread 1.00", assuming: gbp).date?.description == "2026-04-03")
    }

    @Test func setsTheHeaderAndFooterAsideAndKeepsWhatItCannotRead() throws {
        let receipt = try parse("""
            ALDI SÜD
            Hauptstraße 12
            Brot 1,00
            1,29 A Vollkorn
            SUMME 1,00
            Vielen Dank
            Xyz 1,23 4,56
            """)
        #expect(receipt.storeName == "Aldi")
        #expect(receipt.ignored.map(\.reason) == [.header, .header, .footer])
        #expect(receipt.unparsed.map(\.number) == [4, 7])
    }

    @Test func namesAStoreFromItsFirstLineWhenNoChainIsKnown() throws {
        #expect(try parse("Hofladen Schmidt\nEier 3,20").storeName == "Hofladen Schmidt")
    }

    @Test func detectsTheReceiptsCurrency() throws {
        let receipt = try parse("Bananas £0.89\nTOTAL £0.89")
        #expect(receipt.detectedCurrency == gbp)
        #expect(receipt.isForeign(to: eur))
        #expect(!receipt.isForeign(to: gbp))
        #expect(try parse("Brot 1,00").detectedCurrency == nil)
        #expect(try !parse("Brot 1,00").isForeign(to: usd))
    }

    @Test func refusesWhatIsNoReceipt() {
        #expect(throws: ReceiptError.empty) { try parse(" \n\t\n") }
        #expect(throws: ReceiptError.noItems) { try parse("Kundenbeleg\nVISA 12,00") }
        #expect(throws: ReceiptError.controlCharacters(line: 2)) { try parse("Brot 1,00\nMi\u{0}lch") }
        #expect(throws: ReceiptError.tooLong(lines: 2001)) { try parse(String(repeating: "Brot 1,00\n", count: 2001)) }
    }

    /// A CR alone ends a line (old Macs, some till exports): read as none, the items ran into
    /// one line and the receipt had none.
    @Test func aCarriageReturnAloneEndsALine() throws {
        let receipt = try parse("Milch 1,19\rBrot 2,00\r\rSumme 3,19\r")
        #expect(receipt.lines.map(\.name) == ["Milch", "Brot"])
        #expect(receipt.statedTotal?.amountText == "3.19")
    }

    /// More than the whole price off would make the item a refund: the line is left out, with
    /// why, and the total check shows it.
    @Test func aDiscountOfMoreThanTheWholePriceIsUnparsed() throws {
        let receipt = try parse("Milch 1,19\nPROMO -1000%\nBrot 2,00\nPROMO -100%\nSumme 1,19\n")
        #expect(receipt.lines.map(\.netTotal.amountText) == ["1.19", "0.00"])
        #expect(receipt.unparsed.map(\.number) == [2])
        #expect(receipt.unparsedReasons[2] == .overWholePrice)
    }

    /// The newline that ends the last line starts no line: `maximumLines` real lines are read.
    @Test func theLastLineEndIsNoLine() throws {
        let full = String(repeating: "Brot 1,00\n", count: ReceiptParser.maximumLines)
        #expect(try parse(full).lines.count == ReceiptParser.maximumLines)
        #expect(try parse(full.replacing("\n", with: "\r\n")).lines.count == 2000)
        #expect(try parse(full.replacing("\n", with: "\r")).lines.count == 2000)
        #expect(throws: ReceiptError.tooLong(lines: 2001)) { try parse(full + "Milch 1,00") }
        #expect(throws: ReceiptError.tooLong(lines: 2001)) { try parse(full + "\n") }
    }

    @Test(arguments: ["\u{1B}[1mBrot 1,00", "Brot\u{07} 1,00", "Brot 1,00\u{7F}", "Mi\u{0}lch 1,00", "Brot\u{0B}1,00"])
    func refusesControlCharactersSayingSoAndWhere(line: String) {
        let text = "Milch 1,00\n\(line)\nEier 2,00\n"
        #expect(throws: ReceiptError.controlCharacters(line: 2)) { try parse(text) }
        let message = ReceiptError.controlCharacters(line: 2).description
        #expect(message.contains("line 2") && message.contains("control characters") && !message.contains("not UTF-8"))
    }

    @Test func aTabIsNoControlCharacter() throws {
        #expect(try parse("Brot\t1,00").lines.map(\.name) == ["Brot"])
    }

    @Test func aTimestampIsThePrintedLocalTime() {
        let date = ReceiptDate(day: Day(year: 2026, month: 11, day: 23)!, minuteOfDay: 14 * 60 + 5)
        #expect(date.timestamp(utcOffsetSeconds: 3600).description == "2026-11-23T14:05:00+01:00")
        #expect(ReceiptDate(day: date.day).timestamp(utcOffsetSeconds: 0).description == "2026-11-23T12:00:00+00:00")
    }
}
