@testable import App
import Domain
import Presentation
import Terminal
import TestSupport
import Testing

@MainActor @Suite struct ShopModeNarrowTests {
    /// Weekly with two long names: one with spaces, one without, wider than the screen.
    private func longNames() async throws -> ShoppingModeViewModel {
        let world = try await weeklyWorld()
        let words = "Extra virgin olive oil from the hills above Lucca, cold pressed"
        _ = try await world.useCases.addItem(name: words, category: "Pantry", price: "12.49", store: "Lidl")
        _ = try await world.useCases.addItem(name: String(repeating: "Pumpernickel", count: 8), category: "Bakery", price: "3.10",
            store: "Lidl")
        _ = try await world.useCases.addToCart(cart: "Weekly", items: [words, String(repeating: "Pumpernickel", count: 8)])
        let shop = ShoppingModeViewModel(useCases: world.useCases, cart: "Weekly")
        #expect(await shop.begin())
        return shop
    }

    @Test func eightyColumnsWrapOnlyWhatDoesNotFit() async throws {
        let shop = try await longNames()
        _ = await shop.handle("p 1 3.49 0.736")
        #expect(shop.render() == """
            WEEKLY  [#---------] 1/6
            [##########----------]   51%  spent 2.57 of 5.00 EUR, 2.43 left

            --- Aldi ---
              1  [x]  Bananas  0.736 kg  3.49
              2  [ ]  Milk     1 each    1.09

            --- Lidl ---
              3  [ ]  Bread                                                    1 each   2.49
              4  [ ]  PumpernickelPumpernickelPumpernickelPumpernickelPumper~  1 each   3.10
              5  [ ]  Extra virgin olive oil from the hills above Lucca, cold  1 each  12.49
                      pressed

            --- No store ---
              6  [ ]  Salt  1 each  ?

            Bananas: bought 0.736 kg at 3.49/kg = 2.57.
            N tick/untick | p N PRICE [QTY] | + NAME PRICE | f finish | q quit | ? help
            """)
    }

    /// Every word on screen is one that was written whole, or a word cut at the end of its
    /// column; no line is wider than the screen.
    @Test(arguments: [40, 50, 64, 80, 120])
    func noWordIsSplitAtAnyWidth(width: Int) async throws {
        let shop = try await longNames()
        for command in ["p 1 3.49 0.736", "+ Gum 0.99", "7", "hello", "?"] { _ = await shop.handle(command) }
        for style in [RenderStyle(width: width), RenderStyle(color: true, unicode: true, width: width)] {
            let text = shop.render(style) + "\n" + shop.farewell(style)
            let written = Set((ShopCommandSyntax.all.map { $0.form + " " + $0.does } + [
                ShopCommandSyntax.reminderLine, "Extra virgin olive oil from the hills above Lucca, cold pressed",
                    String(repeating: "Pumpernickel", count: 8),
                "WEEKLY Bananas Milk Bread Salt Gum Aldi Lidl No store --- [x] [ ] 1 2 3 4 5 6 7 0.736 kg each 3.49 1.09 2.49 3.10 12.49 "
                    + "0.99 ? 2/7 71%",
                "spent 3.56 of 5.00 EUR, 1.44 left", "Remove impulse buy Gum? [y/N]",
                "error: unknown command: type a line number, p N PRICE [QTY], + NAME PRICE, f, q or ? for help",
                "Left shopping mode; everything is saved. Continue with: grock shop Weekly",
            ]).flatMap { $0.split(separator: " ") })
            for line in lines(text) {
                let plain = line.replacing(/\u{1B}\[[0-9]*m/, with: "")
                #expect(plain.count <= width, "too wide: \(line)")
                for word in plain.split(separator: " ") where !word.hasPrefix("[") && !word.hasPrefix("]") {
                    let whole = written.contains(word) || word.hasSuffix("~") || word.hasSuffix("…")
                    #expect(whole, "split: \(word) in \(line)")
                }
            }
        }
    }

    @Test func fiftyColumnsBreakAtSpacesUnderTheirTextAndSplitNoCommand() async throws {
        let shop = try await longNames()
        _ = await shop.handle("p 1 3.49 0.736")
        _ = await shop.handle("+ Gum 0.99")
        _ = await shop.handle("hello")
        let narrow = RenderStyle(width: 50)
        #expect(shop.render(narrow) == """
            WEEKLY  [##--------] 2/7
            [##############------]   71%  spent 3.56 of
              5.00 EUR, 1.44 left

            --- Aldi ---
              1  [x]  Bananas  0.736 kg  3.49
              2  [ ]  Milk     1 each    1.09
              7  [x]  Gum      1 each    0.99

            --- Lidl ---
              3  [ ]  Bread                      1 each   2.49
              4  [ ]  PumpernickelPumpernickel~  1 each   3.10
              5  [ ]  Extra virgin olive oil     1 each  12.49
                      from the hills above
                      Lucca, cold pressed

            --- No store ---
              6  [ ]  Salt  1 each  ?

            error: unknown command: type a line number, p N
                   PRICE [QTY], + NAME PRICE, f, q or ? for
                   help
            N tick/untick | p N PRICE [QTY] | + NAME PRICE |
              f finish | q quit | ? help
            """)
        _ = await shop.handle("?")
        #expect(Array(lines(shop.render(narrow)).suffix(16).prefix(14)) == [
            "  N                tick line N at its planned",
            "                   price; again to untick",
            "  p N PRICE [QTY]  line N bought at PRICE per",
            "                   unit; QTY is what was weighed",
            "                   or counted, in the line's unit",
            "  + NAME PRICE     an impulse buy, added with the",
            "                   next number; @STORE after the",
            "                   price says where",
            "  f [DATE]         finish the trip; DATE",
            "                   (YYYY-MM-DD) when it was on",
            "                   another day",
            "  q                leave; everything is already",
            "                   saved",
            "  ?                this list",
        ])
    }
}
