import DataLayer
import Domain
@testable import Presentation
import Report
@testable import Terminal
import TestSupport
import Testing

/// Screens count in the singular for one.
@MainActor @Suite struct CountedNounTests {
    @Test func aTripOfOneLineSaysOneItem() async throws {
        let world = try await TestWorld.stocked(storage: InMemoryStorage())
        _ = try await world.useCases.createCart(name: "Quick", items: ["Milk"])
        let shop = ShoppingModeViewModel(useCases: world.useCases, cart: "Quick")
        #expect(await shop.begin())
        #expect(await shop.toggle(1))
        #expect(await shop.finish())
        #expect(shop.render() == "Trip finished: spent 1.09 EUR.\n1 of 1 item bought; vault prices updated for 1 item.")

        let report = ReportViewModel(useCases: world.useCases)
        #expect(await report.load())
        let html = report.renderHTML(generated: world.clock.now())
        #expect(html.contains("<p>1 trip from 2026-03-02 to 2026-03-02: "))
        #expect(html.contains("<h2>Budget and actual, the one trip</h2>"))
    }

    /// Tester's finding 9: the budget bar's percentage was cut (53.6% showed 53%).
    @Test func theBudgetBarsPercentageIsRoundedLikeEveryOther() {
        func shown(_ spent: Int64, _ budget: Int64) -> String {
            TextBlocks.budgetBar(spent: Money(minorUnits: spent, currency: .euro), budget: Money(minorUnits: budget, currency: .euro),
                                 style: RenderStyle(width: 80)).split(separator: " ").last.map(String.init) ?? ""
        }
        #expect(shown(268, 500) == "54%")
        #expect(shown(9_960, 10_000) == "100%")
        #expect(shown(10_001, 10_000) == "100%")
        #expect(shown(250, 10_000) == "2%" && shown(350, 10_000) == "4%")
    }

    /// Tester's finding 15: a suggested command showed a name's U+2028 raw (a line break in a
    /// terminal); one spelling of a shell word serves every suggested command.
    @Test func aSuggestedCommandShowsNoCharacterATerminalActsOn() {
        #expect(TextBlocks.shellWord("Milk") == "Milk")
        #expect(TextBlocks.shellWord("$(touch x)") == "'$(touch x)'")
        #expect(TextBlocks.shellWord("it's") == "'it'\\''s'")
        #expect(TextBlocks.shellWord("a\u{2028}b") == "$'a\\u2028b'")
        #expect(TextBlocks.shellWord("it's\u{1B}[2J") == "$'it\\'s\\x1b[2J'")
    }

    @Test func theHelperThatScreensUseKnowsIrregularEndings() {
        #expect(Wording.counted(2, "category") == "2 categories")
        #expect(Wording.counted(1, "category") == "1 category")
    }
}

/// A wrapped line never ends between an option and its value.
@Suite struct OptionValueWrappingTests {
    @Test func fitBreaksBeforeTheOptionRatherThanAfterIt() {
        let text = String(repeating: "x", count: 30) + " --store Aldi is cheaper"
        #expect(TextBlocks.fit([text], width: 40) == String(repeating: "x", count: 30) + "\n    --store Aldi is cheaper")
        // Where there is no other place to break, the pair is broken rather than the line cut.
        #expect(TextBlocks.fit(["--format " + String(repeating: "y", count: 35)], width: 40) == "--format\n    " + String(repeating: "y",
            count: 35))
    }

    @Test func helpParagraphsMoveAnOptionToTheNextLineWithItsValue() {
        let words = String(repeating: "x", count: 30)
        #expect(TextBlocks.paragraphs(words + " --qty 2 of them", width: 36) == [words, "--qty 2 of them"])
        #expect(TextBlocks.paragraphs("Usage: grock trip log CART ITEM [--price P] [--store STORE]", width: 40, hang: 2)
            == ["Usage: grock trip log CART ITEM", "  [--price P] [--store STORE]"])
        // Help is never cut: what is wider than a line stands whole on a line of its own.
        #expect(TextBlocks.paragraphs("see --format json|csv|ledger", width: 12) == ["see", "--format json|csv|ledger"])
    }

    @Test(arguments: [("--qty", "2", false), ("[--store", "STORE]", false), ("--format", "csv", false), ("--promo", "[--until", true),
                      ("--data-dir", "DIR", false), ("--json,", "--no-color", true), ("--", "x", true), ("qty", "2", true),
                      ("--in-memory]", "[--json]", true), ("--budget", "|", true)])
    func optionsStayWithTheirValues(word: String, next: String, mayBreak: Bool) {
        #expect(LineBreaks.mayBreak(after: Substring(word), before: Substring(next)) == mayBreak)
    }
}
