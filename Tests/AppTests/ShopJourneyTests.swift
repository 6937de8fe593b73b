@testable import App
import Foundation
import Testing

/// `grock shop` driven through stdin at 50 columns: numbers that stay, a question answered on
/// the next line, a weighed price, and nothing broken mid-word.
@Suite struct ShopJourneyTests {
    @Test func aSessionAtFiftyColumnsKeepsItsNumbersAndAsksBeforeRemoving() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.stocked()
        try grock.ok("item add Extra|virgin|olive|oil|from|the|hills|above|Lucca --category Pantry --price 12.49 --store Lidl")
        try grock.ok("cart add Weekly Extra|virgin|olive|oil|from|the|hills|above|Lucca")
        // Aldi: Bananas 1, Milk 2; Lidl: Bread 3, the oil 4. Gum, bought at Aldi, is 5.
        let input = "2\n+ Gum 0.99\n5\nn\np 1 3.49 0.736\np 1 3.49 0.7.3\n5\ny\n5\n3\nq\n"
        let result = try grock.run("shop Weekly", input: input, extra: ["COLUMNS": "50"])
        #expect(result.status == 0, "\(result.stderr)")
        let screens = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for line in screens { #expect(line.count <= 50, "too wide: \(line)") }
        #expect(screens.filter { $0 == "Remove impulse buy Gum? [y/N]" }.count == 2)
        #expect(screens.contains("Gum: kept, bought."))
        #expect(screens.contains("Bananas: bought 0.736 kg at 3.49/kg = 2.57."))
        #expect(screens.contains("error: \"0.7.3\" is not a valid quantity: write a"))
        #expect(screens.contains("Gum: removed; number 5 is not used again in this"))
        #expect(screens.contains("error: line 5 (Gum) is no longer on the cart; its"))
        #expect(screens.contains("  1  [x]  Bananas  0.736 kg  3.49"))
        // The last screen: Bread ticked under its first number, the oil wrapped under its name.
        let last = Array(screens.suffix(18))
        #expect(last.contains("  3  [x]  Bread                      1 each   2.49"))
        #expect(last.contains("  4  [ ]  Extra virgin olive oil     1 each  12.49"))
        #expect(last.contains("          from the hills above"))
        #expect(last.contains("          Lucca"))
        #expect(!last.contains { $0.hasPrefix("  5  [") })
        #expect(screens.dropLast().suffix(2) == ["Left shopping mode; everything is saved. Continue", "  with: grock shop Weekly"])
        let document = try #require(try grock.json("cart show Weekly") as? [String: Any])
        let items = try #require(document["items"] as? [[String: Any]])
        #expect(items.compactMap { $0["item"] as? String } == ["Bananas", "Milk", "Bread",
            "Extra virgin olive oil from the hills above Lucca"])
    }

    @Test func theEndOfInputAnswersNo() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.stocked()
        let output = try grock.ok("shop Weekly", input: "2\n+ Gum 0.99\n4\n")   // Gum is 4, and the input ends
        #expect(output.contains("Remove impulse buy Gum? [y/N]"))
        #expect(output.hasSuffix("Left shopping mode; everything is saved. Continue with: grock shop Weekly\n"))
        #expect(try grock.ok("cart show Weekly").contains("[x]  Gum"))
    }

    /// A line past `Console.longestInputLine` is skipped and said, never held; the lines after it
    /// are read as ever, a CR before a line break is not part of the line.
    @Test func aLineTooLongIsSkippedAndTheNextOnesRead() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.stocked()
        let result = try grock.run("shop Weekly", input: String(repeating: "9", count: 100_000) + "\n2\r\nq\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("grock: that line is longer than 4096 bytes; it was skipped"), "\(result.stderr)")
        #expect(result.stdout.contains("WEEKLY  [###-------] 1/3"), "\(result.stdout)")
    }

    @Test(arguments: [("50", 50), ("5", 40), ("0", 80), ("-40", 80), ("wide", 80), ("99999999999999999999", 80), ("100000", 1000)])
    @MainActor func theWidthComesFromColumnsWithinBounds(columns: String, width: Int) {
        #expect(ShopSession.width(columns: Console.columns(["COLUMNS": columns], terminal: false)) == width)
    }
}
