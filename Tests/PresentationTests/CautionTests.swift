import DataLayer
import Domain
import FoundationEssentials
import Presentation
import TestSupport
import Testing

/// A caution is a value a front switches on (a GUI styles a price slip and a receipt line its
/// own way), with the one sentence every front shows today: on the screen, on stderr and in JSON.
@MainActor @Suite struct CautionTests {
    @Test func aFrontSwitchesOnAPriceCautionAndShowsItsSentence() async throws {
        let world = try await TestWorld.stocked(storage: InMemoryStorage())
        let vault = VaultViewModel(useCases: world.useCases)
        #expect(await vault.setPrice("Milk", store: "Aldi", price: "10.90", unit: nil, promotion: false, until: nil))
        guard case .price(let caution)? = vault.cautions.first, case .jump(let last, _) = caution.reason else {
            Issue.record("a price ten times the last one is a price caution, a jump: \(vault.cautions)")
            return
        }
        #expect(vault.cautions.count == 1 && caution.item == "Milk" && caution.store == "Aldi" && last.price.amountText == "1.09")
        guard case .caution(.price(caution))? = vault.warnings.first else {
            Issue.record("the caution is the first warning: \(vault.warnings)")
            return
        }
        #expect(vault.warnings.map(\.text) == [
            "\"Milk\" at \"Aldi\": 10.90/each is more than 3 times the last price there (1.09/each on 2026-03-02); recorded anyway",
        ])
        #expect(await vault.setPrice("Milk", store: "Aldi", price: "10.50", unit: nil, promotion: false, until: nil))
        #expect(vault.cautions.isEmpty && vault.warnings.isEmpty, "each intent starts from none")
    }

    @Test func aFrontSwitchesOnAReceiptCautionAndItsJSONIsTheSentence() async throws {
        let world = try await TestWorld.stocked(storage: InMemoryStorage())
        _ = try await world.useCases.createCart(name: "Weekly", items: ["Milk"])
        _ = try await world.useCases.startTrip("Weekly")
        let receipt = ReceiptViewModel(useCases: world.useCases)
        #expect(await receipt.review(text: "ALDI SÜD\nMilch 1,09\nMilch 1,19\nSumme 2,28\n01.03.2026\n", cart: "Weekly"))
        #expect(await receipt.apply())
        guard case .receipt(let caution)? = receipt.cautions.first else {
            Issue.record("a second line of the same item is a receipt caution: \(receipt.cautions)")
            return
        }
        #expect(receipt.cautions.count == 1 && caution.row == 2 && caution.reason == .repeatedItem)
        let sentence = "line 2, \"Milk\": the item was already logged from an earlier line; logged as an impulse buy"
        #expect(receipt.warnings.map(\.text) == [sentence])
        let outcome = try #require(receipt.document?.outcome)
        #expect(outcome.cautions == [.receipt(caution)])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = String(decoding: try encoder.encode(outcome), as: UTF8.self)
        #expect(json.contains(
            #""cautions":["line 2, \"Milk\": the item was already logged from an earlier line; logged as an impulse buy"]"#),
                "the JSON carries the sentence, as docs/RPC.md documents: \(json)")
    }
}
