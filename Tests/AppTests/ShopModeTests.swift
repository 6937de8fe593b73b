// `grock shop` driven by typed lines (ShopCommand.swift) over a world in memory: the numbers,
// the weighed prices, the questions, and the screen at every width.

@testable import App
import Domain
import Presentation
import Terminal
import TestSupport
import Testing

/// A stocked world with a cart "Weekly" (budget 5.00) holding Milk, 1.5 kg Bananas, Bread and the
/// unpriced Salt: PresentationTests' world, made with the use cases.
private func weeklyWorld() async throws -> TestWorld {
    let world = try await TestWorld.stocked()
    _ = try await world.useCases.addItem(name: "Salt", category: "Pantry")
    _ = try await world.useCases.createCart(name: "Weekly", budget: "5", items: ["Milk", "Bananas", "Bread", "Salt"])
    _ = try await world.useCases.updateCartLine(cart: "Weekly", item: "Bananas", quantity: try Quantity(parsing: "1.5"))
    return world
}

/// Shop mode over the Weekly cart (Bananas 1, Milk 2 at Aldi; Bread 3 at Lidl; Salt 4, no store).
@MainActor
private func shopping() async throws -> (world: TestWorld, shop: ShoppingModeViewModel) {
    let world = try await weeklyWorld()
    let shop = ShoppingModeViewModel(useCases: world.useCases, cart: "Weekly")
    #expect(await shop.begin())
    return (world, shop)
}

/// The numbers and names on screen, `1 Bananas`, in the order shown.
@MainActor
private func numbering(_ shop: ShoppingModeViewModel) -> [String] {
    lines(shop.render()).filter { $0.hasPrefix("  ") }.map { line in
        let number = line.split(separator: " ")[0]
        let name = line.split(separator: "]", maxSplits: 1)[1].split(separator: " ")[0]
        return "\(number) \(name)"
    }
}

@MainActor @Suite struct ShopModeNumberingTests {
    @Test func numbersDoNotMoveWhileTickingPricingAndBuyingOnImpulse() async throws {
        let (_, shop) = try await shopping()
        let start = ["1 Bananas", "2 Milk", "3 Bread", "4 Salt"]
        #expect(numbering(shop) == start)
        for command in ["2", "p 4 0.50", "2", "p 3 2.59", "3"] {
            _ = await shop.handle(command)
            #expect(shop.errorMessage == nil, "\(command)")
            // Salt, bought at Aldi where nothing was planned for it, stays where it was seen.
            #expect(numbering(shop) == start, "\(command)")
        }
        _ = await shop.handle("+ Gum 0.99")
        #expect(numbering(shop) == ["1 Bananas", "2 Milk", "5 Gum", "3 Bread", "4 Salt"])
        _ = await shop.handle("1")
        #expect(numbering(shop) == ["1 Bananas", "2 Milk", "5 Gum", "3 Bread", "4 Salt"])
        #expect(lines(shop.render()).contains("  4  [x]  Salt  1 each  0.50"))
    }

    /// Issue #23, 5: after buying at two stores, an impulse buy names where it was bought.
    @Test func anImpulseBuyAfterTwoStoresSaysWhere() async throws {
        let (_, shop) = try await shopping()
        for command in ["2", "3"] { _ = await shop.handle(command) }
        _ = await shop.handle("+ Gum 0.99")
        #expect(shop.errorMessage == "this trip has bought at \"Aldi\", \"Lidl\"; say which store \"Gum\" was bought at")
        _ = await shop.handle("+ Chewing gum 0.99 @Lidl")
        #expect(shop.errorMessage == nil)
        #expect(numbering(shop) == ["1 Bananas", "2 Milk", "3 Bread", "5 Chewing", "4 Salt"])
        _ = await shop.handle("+ Gum 0.99 @")
        #expect(shop.errorMessage?.hasPrefix("unknown command: + NAME PRICE [@STORE]") == true)
    }

    /// Issue #23, 8: shop mode could not date a trip entered afterwards.
    @Test func finishingTakesTheTripsDate() async throws {
        let (world, shop) = try await shopping()
        _ = await shop.handle("1")
        #expect(await shop.handle("f 2026-02") == .stay)
        #expect(shop.errorMessage?.contains("is not a date") == true)
        #expect(await shop.handle("f 2026-02-27") == .finished)
        let cart = try await world.useCases.showCart("Weekly").cart
        #expect(cart.completedAt?.day == Day(iso: "2026-02-27"))
    }

    @Test func unTickingAnImpulseBuyAsksAndItsNumberIsNeverGivenAgain() async throws {
        let (world, shop) = try await shopping()
        _ = await shop.handle("+ Gum 0.99 @Aldi")
        _ = await shop.handle("5")
        #expect(lines(shop.render()).last == "Remove impulse buy Gum? [y/N]")
        _ = await shop.handle("n")
        #expect(shop.notice == "Gum: kept, bought.")
        #expect(lines(shop.render()).contains("  5  [x]  Gum      1 each  0.99"))
        _ = await shop.handle("5")
        _ = await shop.handle("")   // the default answer is no
        #expect(try await world.useCases.showCart("Weekly").cart.lines.map(\.name) == ["Milk", "Bananas", "Bread", "Salt", "Gum"])
        _ = await shop.handle("5")
        _ = await shop.handle("YES")
        #expect(shop.notice == "Gum: removed; number 5 is not used again in this session.")
        #expect(try await world.useCases.showCart("Weekly").cart.lines.map(\.name) == ["Milk", "Bananas", "Bread", "Salt"])
        _ = await shop.handle("5")
        #expect(shop.errorMessage == "line 5 (Gum) is no longer on the cart; its number is not used again in this session")
        _ = await shop.handle("+ Mints 0.50 @Aldi")
        #expect(numbering(shop) == ["1 Bananas", "2 Milk", "6 Mints", "3 Bread", "4 Salt"])
        _ = await shop.handle("7")
        #expect(shop.errorMessage == "position 7 is not between 1 and 6")
    }

    @Test func aQuestionIsStateThatAnyFrontCanAnswer() async throws {
        let (world, shop) = try await shopping()
        #expect(await shop.addImpulse("Gum", price: "0.99", store: "Aldi"))
        #expect(await shop.toggle(5))
        #expect(shop.pendingConfirmation?.question == "Remove impulse buy Gum?")
        #expect(shop.pendingConfirmation?.number == 5)
        #expect(shop.row(5)?.isBought == true)
        shop.decline()
        #expect(shop.pendingConfirmation == nil && shop.row(5)?.isBought == true)
        #expect(await shop.confirm() == false)   // nothing is asked any more
        // Another intent is not an answer: the question goes, the impulse buy stays.
        #expect(await shop.toggle(5))
        #expect(await shop.toggle(2))
        #expect(shop.pendingConfirmation == nil && shop.row(5)?.isImpulse == true)
        #expect(await shop.toggle(5))
        #expect(await shop.confirm())
        #expect(shop.row(5) == nil && shop.pendingConfirmation == nil)
        #expect(try await world.useCases.showCart("Weekly").cart.lines.contains { $0.isImpulse } == false)
        #expect(await shop.toggle(5) == false)
        #expect(shop.lastError as? ShopError == .lineGone(number: 5, name: "Gum"))
    }

    @Test func aFreshSessionNumbersAnewInShoppingOrder() async throws {
        let (world, shop) = try await shopping()
        for command in ["1", "+ Gum 0.99", "p 4 0.50"] { #expect(await shop.handle(command) == .stay && shop.errorMessage == nil) }
        #expect(numbering(shop) == ["1 Bananas", "2 Milk", "5 Gum", "3 Bread", "4 Salt"])
        let again = ShoppingModeViewModel(useCases: world.useCases, cart: "Weekly")
        #expect(await again.begin())
        #expect(numbering(again) == ["1 Bananas", "2 Milk", "3 Salt", "4 Gum", "5 Bread"])
    }
}

@MainActor @Suite struct ShopModeWeighedPriceTests {
    @Test func aPriceWithAQuantityLogsWhatWasWeighedAndSaysTheCost() async throws {
        let (world, shop) = try await shopping()
        #expect(await shop.handle("p 1 3.49 0.736") == .stay)
        #expect(shop.errorMessage == nil)
        // 0.736 kg at 3.49 is 2.56864, rounded half-to-even to 2.57.
        #expect(shop.notice == "Bananas: bought 0.736 kg at 3.49/kg = 2.57.")
        #expect(lines(shop.render()).contains("  1  [x]  Bananas  0.736 kg  3.49"))
        // A new price alone keeps the weight.
        _ = await shop.handle("p 1 3.59")
        #expect(shop.notice == "Bananas: bought 0.736 kg at 3.59/kg = 2.64.")
        _ = await shop.handle("p 2 1.19 3")
        #expect(shop.notice == "Milk: bought 3 at 1.19 = 3.57.")
        let bananas = try #require(try await world.useCases.showCart("Weekly").cart.lines.first { $0.name == "Bananas" })
        #expect(bananas.purchasedQuantity == Quantity(thousandths: 736))
        #expect(try bananas.actualCost()?.amountText == "2.64")
    }

    @Test(arguments: [
        ("p 1 3.49 abc", "\"abc\" is not a valid quantity: write a number above zero with at most 3 decimals, like 2 or 1.5"),
        ("p 1 3.49 0", "\"0\" is not a valid quantity: write a number above zero with at most 3 decimals, like 2 or 1.5"),
        ("p 1 3.49 -1", "\"-1\" is not a valid quantity: write a number above zero with at most 3 decimals, like 2 or 1.5"),
        ("p 1 3.49 0.7365", "\"0.7365\" is not a valid quantity: write a number above zero with at most 3 decimals, like 2 or 1.5"),
        ("p 1 3.49 99999999999999999999", "\"99999999999999999999\" is more than the largest quantity, 100000"),
        ("p 1 3.49 0.5 kg", "unknown command: p N PRICE [QTY], like: p 3 1.29 or p 3 3.49 0.736"),
        ("p 9 3.49 0.5", "position 9 is not between 1 and 4"),
    ])
    func aBadQuantityIsOneLineAndChangesNothing(command: String, message: String) async throws {
        let (world, shop) = try await shopping()
        _ = await shop.handle("p 1 2.00 1.2")
        let before = try await world.useCases.showCart("Weekly").cart
        #expect(await shop.handle(command) == .stay)
        #expect(shop.errorMessage == message)
        #expect(!message.contains("\n"))
        #expect(try await world.useCases.showCart("Weekly").cart == before)
        #expect(lines(shop.render()).contains("  1  [x]  Bananas  1.2 kg  2.00"))
    }
}

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
                "WEEKLY Bananas Milk Bread Salt Gum Aldi Lidl No store --- [x] [ ] 1 2 3 4 5 6 7 0.736 kg each 3.49 1.09 2.49 3.10 12.49 0.99 ? 2/7 71%",
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

@MainActor @Suite struct ShopModeUnitTests {
    /// A line in grams priced per kg says what its price is per; a price that looks like a slip
    /// is logged with a warning on the screen, which stays open.
    @Test func aPricePerAnotherUnitSaysSoAndASlipIsWarnedOf() async throws {
        let world = try await weeklyWorld()
        _ = try await world.useCases.updateCartLine(cart: "Weekly", item: "Bananas", unit: .g)
        let shop = ShoppingModeViewModel(useCases: world.useCases, cart: "Weekly")
        #expect(await shop.begin())
        #expect(shop.render().contains("1500 g") && shop.render().contains("1.99/kg"))
        #expect(await shop.handle("p 1 19.90") == .stay)
        #expect(shop.cautions.count == 1)
        #expect(shop.render().contains("warning: \"Bananas\" at \"Aldi\": 19.90/kg is more than 3 times the last price there"))
        #expect(shop.notice == "Bananas: bought 1500 g at 19.90/kg = 29.85.")
        _ = await shop.handle("p 1 1.99")
        #expect(shop.cautions.isEmpty)
    }
}
