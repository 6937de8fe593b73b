@testable import App
import Domain
import Presentation
import Terminal
import TestSupport
import Testing

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
