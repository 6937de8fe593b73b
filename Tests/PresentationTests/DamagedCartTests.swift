@testable import Domain
import FoundationEssentials
@testable import Presentation
import Terminal
import TestSupport
import Testing

/// A cart whose totals cannot be worked out (a planned price so large that two lines overflow an
/// amount, as only a damaged or hand-edited state holds) is named with its problem; the other
/// carts are shown as ever.
@MainActor @Suite struct DamagedCartTests {
    /// "Weekly" as planned, and "Broken" whose two lines each cost nearly the largest amount.
    func world() async throws -> TestWorld {
        let world = try await TestWorld.stocked(storage: UncheckedStorage())
        for name in ["Weekly", "Broken"] {
            #expect(await CartDetailViewModel(useCases: world.useCases, cart: name).create(budget: "5", items: ["Milk", "Bananas"]))
        }
        let planned = try #require(try await world.useCases.listActiveCarts().first { $0.name == "Broken" })
        let lines = planned.lines.map { line in
            var line = line
            line.plannedPrice = Money(minorUnits: .max - 1, currency: planned.currency)
            return line
        }
        let broken = Cart(id: planned.id, name: planned.name, budget: planned.budget, currency: planned.currency,
                          status: .planning, createdAt: planned.createdAt, startedAt: nil, completedAt: nil, lines: lines)
        try await world.useCases.storage.write { repositories in
            try repositories.save(broken)
            return Change((), summary: "damaged by hand")
        }
        return world
    }

    @Test func homeShowsTheOtherCartsAndNamesTheDamagedOneWithItsProblem() async throws {
        let home = HomeViewModel(useCases: try await world().useCases)
        #expect(await home.load(), "one damaged cart must not take the home screen down")
        #expect(home.rows.map(\.name) == ["Weekly"])
        #expect(home.damagedCarts.map(\.name) == ["Broken"])
        #expect(home.damagedCarts.first?.problem == "\(DomainError.cartTotalTooLarge(cart: "Broken"))")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(home.document), as: UTF8.self)
        #expect(json.contains(#""damagedCarts":[{"id":""#) && json.contains(
            #""name":"Broken","problem":"cart \"Broken\" would cost more than Grock can add up; split it into smaller carts","#
            + #""status":"planning"}]"#))
        let text = home.render()
        #expect(text.contains("  Weekly  [planning]"))
        #expect(text.contains(
            "  Broken  [planning]\n    its totals cannot be worked out: cart \"Broken\" would cost more than Grock\n"
            + "    can add up; split it into smaller carts"), "\(text)")
        #expect(!text.contains("No carts yet"))
    }
}
