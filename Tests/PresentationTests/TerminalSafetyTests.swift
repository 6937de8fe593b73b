import DataLayer
@testable import Domain
import Foundation
@testable import Presentation
import Report
import Terminal
import TestSupport
import Testing

/// Names a person types cannot hold control characters, but a backup or a file edited by hand
/// can: whatever a screen draws from the data reaches the terminal escaped.
@MainActor @Suite struct TerminalSafetyTests {
    static let title = "\u{1B}]0;PWNED\u{7}"   // would set the terminal's window title

    /// A world whose cart "Weekly" (being planned) and one completed trip carry control characters
    /// in their names and in a line's name, as a damaged file would. The file storage refuses such
    /// an active cart when it reads it; `UncheckedStorage` keeps whatever it is given.
    func damagedWorld() async throws -> TestWorld {
        let world = try await TestWorld.stocked(storage: UncheckedStorage())
        let cart = CartDetailViewModel(useCases: world.useCases, cart: "Weekly")
        #expect(await cart.create(budget: "5", items: ["Milk", "Bananas", "Bread"]))
        let planned = try #require(cart.cart)
        let lines = planned.lines.map { line in
            var line = line
            line.name = line.name + "\u{1B}[2J"
            return line
        }
        let damaged = Cart(id: planned.id, name: Self.title + "Weekly", budget: planned.budget, currency: planned.currency,
                           status: .planning, createdAt: planned.createdAt, startedAt: nil, completedAt: nil, lines: lines)
        var bought = lines
        bought[0].isFulfilled = true
        bought[0].actualPrice = bought[0].plannedPrice
        bought[0].actualStore = bought[0].plannedStore
        bought[0].categoryName = "Dairy\u{1B}[2J"
        let trip = Cart(id: CartID("trip0001"), name: "Trip" + Self.title, budget: nil, currency: planned.currency, status: .completed,
                        createdAt: planned.createdAt, startedAt: planned.createdAt, completedAt: planned.createdAt, lines: bought)
        try await world.useCases.storage.write { repositories in
            try repositories.save(damaged)
            try repositories.save(trip)
            return Change((), summary: "damaged by hand")
        }
        return world
    }

    /// No control character but line breaks, and colour codes only when asked for.
    func expectSafe(_ text: String, colour: Bool, _ comment: Comment) {
        var rest = Substring(text)
        for code in ["\u{1B}[0m", "\u{1B}[1m", "\u{1B}[2m", "\u{1B}[31m", "\u{1B}[32m", "\u{1B}[33m"] where colour {
            rest = Substring(rest.replacing(code, with: ""))
        }
        #expect(!rest.unicodeScalars.contains { $0 != "\n" && Echo.needsEscape($0) }, comment)
    }

    @Test func everyScreenShowsDamagedNamesEscaped() async throws {
        let world = try await damagedWorld()
        let home = HomeViewModel(useCases: world.useCases)
        #expect(await home.load())
        let cart = CartDetailViewModel(useCases: world.useCases, cart: "trip0001")
        #expect(await cart.load())
        let history = HistoryViewModel(useCases: world.useCases)
        #expect(await history.load())
        let insights = InsightsViewModel(useCases: world.useCases)
        #expect(await insights.load(by: .category))
        let shop = ShoppingModeViewModel(useCases: world.useCases, cart: "Weekly")
        #expect(await shop.begin() == false)   // the name no longer matches "Weekly"; its error quotes it
        let plan = PlanViewModel(useCases: world.useCases)
        let weekly = try #require(home.rows.first?.id)
        #expect(await plan.load(cart: weekly, maxStores: nil, apply: false))
        for (name, model) in [("home", home.render), ("cart", cart.render), ("history", history.render), ("insights", insights.render),
                              ("shop", shop.render), ("plan", plan.render)] as [(String, (RenderStyle) -> String)] {
            expectSafe(model(.plain), colour: false, "\(name)")
            expectSafe(model(.rich), colour: true, "\(name), rich")
        }
        #expect(home.render().contains("\\e]0;PWNED\\u{7}Weekly"))
        #expect(cart.render().contains("Trip\\e]0;PWNED\\u{7}"))
        #expect(cart.render().contains("Milk\\e[2J"))
        #expect(history.render().contains("Trip\\e]0;PWNED\\u{7}"))
        #expect(home.render(.rich).contains("\u{1B}[31m"), "the screens' own colours stay")
    }

    @Test func theReportShowsDamagedNamesEscaped() async throws {
        let world = try await damagedWorld()
        let report = ReportViewModel(useCases: world.useCases)
        #expect(await report.load())
        let html = report.renderHTML(generated: world.clock.now())
        expectSafe(html, colour: false, "report")
        #expect(html.contains("Dairy\\e[2J"))
    }

    @Test func shoppingModeEchoesTypedTextEscaped() async throws {
        let (world, _) = try await weeklyWorld()
        let shop = ShoppingModeViewModel(useCases: world.useCases, cart: "Weekly")
        #expect(await shop.begin())
        _ = await shop.addImpulse("Gum\u{1B}]0;X\u{7}", price: "0.99")
        #expect(shop.errorMessage?.contains("\"Gum\\e]0;X\\u{7}\" cannot be an item name") == true)
        expectSafe(shop.render(.rich), colour: true, "an impulse buy with a control character")
        _ = await shop.log(1, price: "\u{0B}" + String(repeating: "0", count: 80) + "1.29")   // a vertical tab is white space
        #expect(shop.errorMessage == nil)
        #expect(shop.notice == "Bananas: bought 1.5 kg at 1.29/kg = 1.94.")
        expectSafe(shop.render(.rich), colour: true, "a padded price")
    }

    @Test func onlyTheScreensOwnColourCodesGetThrough() {
        let coloured = "a\u{1B}[31mb\u{1B}[0m\nc\u{1B}[1md\u{1B}[0m"
        #expect(TerminalText.safe(coloured) == coloured)
        #expect(TerminalText.safe(coloured, keepingColor: false) == "a\\e[31mb\\e[0m\nc\\e[1md\\e[0m")
        #expect(TerminalText.safe("\u{1B}[8mhidden\u{1B}[0m") == "\\e[8mhidden\u{1B}[0m", "concealed text is not a colour")
        #expect(TerminalText.safe("\u{1B}[31;1m\u{1B}[2J\u{1B}[") == "\\e[31;1m\\e[2J\\e[")
        #expect(TerminalText.safe("one\ntwo", singleLine: true) == "one\\ntwo")
    }

    /// The byte-wise fast path lets through nothing `Echo` escapes: a direction override in a
    /// name stored before names refused it once reordered `grock cart list`'s line.
    @Test func everyCharacterEchoEscapesIsEscapedOnScreenAndInJSON() throws {
        let escaped = (0...0x2FFFF).compactMap(Unicode.Scalar.init).filter { Echo.needsEscape($0) && $0 != "\n" }
        #expect(escaped.count == 31 + 1 + 32 + 2 + 5 + 4)   // C0 less the line break, DEL, C1, U+2028-2029, U+202A-202E, U+2066-2069
        for scalar in escaped {
            let name = "Z" + String(scalar) + "evil"
            #expect(TerminalText.safe(name) == "Z" + Echo.escape(scalar) + "evil", "\(scalar.value)")
            #expect(TerminalText.safe(name, singleLine: true) == "Z" + Echo.escape(scalar) + "evil", "\(scalar.value)")
        }
        let json = "{\n  \"name\" : \"Z\u{202E}evil\u{2069}\u{85}\"\n}"
        #expect(TerminalText.safeJSON(json) == "{\n  \"name\" : \"Z\\u202eevil\\u2069\\u0085\"\n}")
        let decoded = try JSONDecoder().decode([String: String].self, from: Data(TerminalText.safeJSON(json).utf8))
        #expect(decoded["name"] == "Z\u{202E}evil\u{2069}\u{85}")
        for plain in ["Crème fraîche", "東京 👨‍👩‍👧", "\u{5D7}\u{5DC}\u{5D1}\u{200F} 3%", "left\u{200E}mark", "a\nb"] {
            #expect(TerminalText.safe(plain) == plain && TerminalText.safeJSON(plain) == plain)
        }
    }

    @Test func aLineBreakInACellStaysOnItsLine() async throws {
        let world = try await damagedWorld()
        let cart = CartDetailViewModel(useCases: world.useCases, cart: "trip0001")
        #expect(await cart.load())
        let before = lines(cart.render()).count
        var broken = try #require(cart.cart)
        broken = Cart(id: broken.id, name: broken.name, budget: nil, currency: broken.currency, status: .completed,
            createdAt: broken.createdAt,
                      startedAt: broken.startedAt, completedAt: broken.completedAt,
                      lines: broken.lines.map { var line = $0; line.name = "Two\nlines"; return line })
        try await world.useCases.storage.write { repositories in
            try repositories.save(broken)
            return Change((), summary: "damaged by hand")
        }
        #expect(await cart.load())
        #expect(lines(cart.render()).count == before)
        #expect(cart.render().contains("Two\\nlines"))
    }
}
