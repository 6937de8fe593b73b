import DataLayer
import Domain
import Foundation
import Presentation
import TestSupport
import Testing

/// A price history as data says what each price is per and what it comes to per kg, l or
/// each: packs of different sizes compare by what they hold, not by their prices.
@MainActor @Suite struct PriceDocumentTests {
    @Test func packsInAHistoryCompareByWhatTheyHold() async throws {
        let world = try await TestWorld.stocked(storage: InMemoryStorage())
        let u = world.useCases
        _ = try await u.addItem(name: "Coffee", category: "Pantry", price: "4.99", store: "Aldi", pack: PackSize(parsing: "250g"))
        world.clock.advance(days: 1)
        _ = try await u.setPrice(item: "Coffee", store: "Aldi", price: "8.99", pack: PackSize(parsing: "500g"))
        let vault = VaultViewModel(useCases: u)
        #expect(await vault.showHistory("Coffee"))
        let entries = vault.historyDocuments.map { "\($0.price)/\($0.pricePer) = \($0.unitPrice ?? "-")/\($0.perUnit)" }
        #expect(entries == ["4.99/pack of 250 g = 19.96/kg", "8.99/pack of 500 g = 17.98/kg"])
        let json = String(decoding: try JSONEncoder().encode(vault.historyDocuments[0]), as: UTF8.self)
        #expect(json.contains(#""pricePer":"pack of 250 g""#) && json.contains(#""unitPrice":"19.96""#))
    }
}
