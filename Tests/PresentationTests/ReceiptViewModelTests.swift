import FoundationEssentials
import DataLayer
import Domain
import Presentation
import Terminal
import TestSupport
import Testing

/// The receipt screen's state: rows with paid, planned and last prices, decisions, outcome.
@MainActor @Suite struct ReceiptViewModelTests {
    /// Aldi (5.48) with a line the parser cannot read, line 10.
    static let text = SampleReceipts.aldi(printed: "01.03.2026 09:30", beforeTotal: "12 34 56")

    func shopping() async throws -> (TestWorld, ReceiptViewModel) {
        let world = try await TestWorld.stocked(storage: InMemoryStorage())
        _ = try await world.useCases.createCart(name: "Weekly")
        _ = try await world.useCases.addToCart(cart: "Weekly", items: ["Milk", "Bananas"], store: "Aldi")
        _ = try await world.useCases.startTrip("Weekly")
        return (world, ReceiptViewModel(useCases: world.useCases))
    }

    @Test func theReviewShowsPaidAgainstPlannedAndTheLastPrice() async throws {
        let (_, receipt) = try await shopping()
        #expect(await receipt.review(text: Self.text, cart: "Weekly"))
        let document = try #require(receipt.document)
        #expect(document.store == "Aldi" && !document.newStore)
        #expect(document.cart == "Weekly")
        #expect(document.lines.prefix(3).map(\.verdict) == [.confident, .confident, .new])
        let milk = document.lines[1]
        #expect(milk.paid == ReceiptPriceDocument(price: "0.89", per: "each"))
        #expect(milk.planned == ReceiptPriceDocument(price: "1.09", per: "each"))
        #expect(milk.last == ReceiptPriceDocument(price: "1.09", per: "each"))
        #expect(milk.lastSeen?.day == Day(iso: "2026-03-02"))
        #expect(milk.changePercent == -18)
        #expect(milk.decision.decision == .item && milk.decision.itemName == "Milk")
        #expect(document.lines[2].net == "1.99" && document.lines[2].discounts == ["0.50"])
        #expect(document.lines[3].deposit && document.lines[3].decision.decision == .impulse)
        #expect(document.newItems == [3])
        #expect(document.unparsed.map(\.line) == [10])
        #expect(document.total == ReceiptTotalDocument(stated: "5.48", computed: "5.48", addedTax: nil, difference: "0.00", addsUp: true))
        #expect(document.outcome == nil)
    }

    /// The review is read before the lock and the logging inside it: a currency changed in
    /// between is the one the outcome's amounts are in, and its JSON says so.
    @Test func theOutcomeNamesTheCurrencyItWasLoggedIn() async throws {
        let world = try await TestWorld.stocked(storage: InMemoryStorage())
        let receipt = ReceiptViewModel(useCases: world.useCases)
        #expect(await receipt.review(text: "NETTO\nMilch 1,19\nSumme 1,19\n28.02.2026\n", store: "Netto"))
        _ = try await world.useCases.changeCurrency(try Currency(code: "CHF"))
        #expect(await receipt.apply())
        let document = try #require(receipt.document)
        #expect(document.currency == "EUR" && document.outcome?.currency == "CHF")
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(document), as: UTF8.self)
        #expect(json.hasPrefix(#"{"currency":"EUR","#) && json.contains(#""cautions":[],"currency":"CHF","difference""#), "\(json)")
    }

    @Test func decisionsShowInTheStateAndAreLogged() async throws {
        let (world, receipt) = try await shopping()
        #expect(await receipt.review(text: Self.text, cart: "Weekly"))
        let produce = try #require(receipt.categoryID(named: "produce"))
        #expect(receipt.decide(row: 3, .newItem(category: produce)))
        #expect(!receipt.decide(row: 7, .skip))
        #expect(receipt.errorMessage == "the receipt has no line 7; its lines are numbered 1 to 4")
        #expect(receipt.document?.lines[2].decision.category == "Produce")
        #expect(await receipt.apply())
        let outcome = try #require(receipt.document?.outcome)
        #expect(outcome.logged.map(\.kind) == [.cartLine, .cartLine, .newItem, .impulse])
        #expect(outcome.logged.map(\.cost) == ["1.46", "1.78", "1.99", "0.25"])
        #expect(outcome.loggedTotal == "5.48" && outcome.difference == "0.00")
        #expect(outcome.itemsAdded == 1 && outcome.learnedNames == 3)
        #expect(outcome.summary == "logged receipt of Aldi on Weekly, 4 lines")
        #expect(try await world.useCases.showItem("Rispentomaten").category?.name == "Produce")
    }

    @Test func aDifferenceFailsTheIntentUntilAccepted() async throws {
        let (_, receipt) = try await shopping()
        #expect(await receipt.review(text: Self.text, cart: "Weekly"))
        receipt.decide(row: 2, .skip)
        #expect(await receipt.apply() == false)
        #expect(receipt.errorKind == .refused)
        #expect(receipt.errorMessage?.hasPrefix("the lines to log come to 3.70, the receipt says 5.48 (a difference of 1.78)") == true)
        #expect(receipt.document?.outcome == nil)
        #expect(await receipt.apply(acceptDifference: true))
        #expect(receipt.document?.outcome?.skipped == [2])
        #expect(receipt.document?.outcome?.difference == "1.78")
    }

    @Test func theScreenListsTheRowsAndTheTotal() async throws {
        let (_, receipt) = try await shopping()
        #expect(await receipt.review(text: Self.text, cart: "Weekly"))
        let screen = lines(receipt.render())
        #expect(screen.first == "Receipt of Aldi for cart Weekly, 2026-03-01")
        let milk = try #require(screen.firstIndex { $0.contains("Milch") && $0.contains("0.89/each") && $0.contains("-18% vs 2 Mar") })
        #expect(screen[milk + 1] == "     -> Milk (confident)", "what will be done, under its line")
        #expect(screen.contains("Total: 5.48 EUR, the lines add up."))
        #expect(screen.contains("  line 10: 12 34 56"))
        #expect(await receipt.apply(dryRun: true))
        #expect(receipt.render().contains("Nothing was stored (--dry-run)."))
    }
}
