import Domain
import TestSupport
import Testing

/// Receipts of random lines built from the pieces real ones are made of: the parser never traps,
/// and every line still ends up in exactly one place.
@Suite struct ReceiptParserFuzzTests {
    static let pieces = [
        "MILCH", "Bananen", "1,19", "0.89", "-0,50", "0.50-", "£0.89", "$4.99", "€", "EUR", "A", "B", "x", "@", "2", "0,736", "kg",
        "EUR/kg", "/lb", "1.20", "lb", "ea", "Rabatt", "PROMO", "-20%", "7%", "Pfand", "SUMME", "TOTAL", "BALANCE", "DUE", "TAX",
        "VISA", "23.11.2026", "14:05", "11/23/2026", "PM", "l,l9", "1,", "19", "1", "299,00", "*", "----", "Clubcard", "Price",
        "SUBTOTAL", "000000004011", "Stk", "12", "Artikel", "O", "%", "1.234,56", "1,234.56", "ZU", "ZAHLEN", "-£0.20", "Leergut",
        "99999999999,99", "9999999999999999,99", "999999999999999999.999", "9223372036854775807", "0,00", ":", "h", "16h42", "\u{00C4}pfel",
            "🍌", "100001", "GV", "2%", "AKTION", "NETTO", "abc", "USD",
    ]

    /// Amounts of the many digits an unbounded reading takes, in currencies of 2 and 3
    /// decimals: each line is refused as too large, never a trap (it was one: an overflow when
    /// the amount was also read as a quantity in thousandths).
    @Test(arguments: [("EUR", "9999999999999999,99"), ("EUR", "9223372036854775,80"), ("KWD", "999999999999999,999"),
                      ("EUR", "9.223.372.036.854.775,80")])
    func hugeAmountsAreRefusedNotTrapped(code: String, amount: String) throws {
        let one = code == "KWD" ? "1.000" : "1,00"
        let text = "Milch \(amount)\nBrot \(one)\nSUMME \(one)"
        let receipt = try ReceiptParser.parse(text: text, assuming: try Currency(code: code))
        #expect(receipt.lines.map(\.name) == ["Brot"], "\(receipt.lines)")
        #expect(receipt.unparsed.map(\.number) == [1])
    }

    @Test func randomReceiptsNeverTrapAndLoseNoLine() throws {
        var generator = SeededGenerator(state: 15)
        for _ in 0..<400 {
            let lineCount = Int.random(in: 1...30, using: &generator)
            let lines = (0..<lineCount).map { _ in
                (0..<Int.random(in: 0...6, using: &generator)).map { _ in Self.pieces.randomElement(using: &generator)! }
                    .joined(separator: String(repeating: " ", count: Int.random(in: 1...8, using: &generator)))
            }
            let text = lines.joined(separator: "\n")
            let receipt: Receipt
            do {
                receipt = try ReceiptParser.parse(text: text, assuming: .euro)
            } catch let error as ReceiptError {
                #expect(error == .noItems || error == .empty, "\(text)")
                continue
            }
            var seen = receipt.lines.flatMap { $0.sourceLines + $0.discounts.map(\.sourceLine) }
            seen += receipt.ignored.map(\.line.number) + receipt.unparsed.map(\.number) + receipt.totalUnreadable.map(\.number)
            #expect(Set(seen).count == seen.count, "a line counted twice in:\n\(text)")
            #expect(seen.allSatisfy { (1...lineCount).contains($0) })
            #expect(receipt.lines.allSatisfy { $0.total.currency == receipt.currency })
            #expect(Set(receipt.unparsedReasons.keys).isSubset(of: receipt.unparsed.map(\.number)))
            #expect(receipt.totalUnreadable.isEmpty || receipt.statedTotal == nil)
        }
    }
}
