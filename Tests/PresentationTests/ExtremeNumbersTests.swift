import DataLayer
import Domain
import Presentation
import TestSupport
import Testing

/// Every intent that takes a whole number from a front (a row, a line's number, a position)
/// answers a number at either end of `Int` with a refusal, not a trap: `grock rpc` and `grock
/// serve` hand them on as a client sent them (thirteenth review: a receipt decision for line
/// -2^63 trapped in `row - 1`).
@MainActor @Suite struct ExtremeNumbersTests {
    nonisolated static let numbers = [Int.min, Int.min + 1, -1, 0, Int.max - 1, Int.max]

    @Test(arguments: numbers)
    func aNumberNoListHasIsRefused(_ number: Int) async throws {
        let world = try await TestWorld.stocked(storage: InMemoryStorage())
        _ = try await world.useCases.createCart(name: "Weekly", items: ["Milk"])
        _ = try await world.useCases.startTrip("Weekly")
        let receipt = ReceiptViewModel(useCases: world.useCases)
        #expect(await receipt.review(text: SampleReceipts.aldi(printed: "01.03.2026 09:30", beforeTotal: "12 34 56"), cart: "Weekly"))
        #expect(!receipt.decide(row: number, .skip) && receipt.errorMessage?.hasPrefix("the receipt has no line \(number);") == true)
        let shop = ShoppingModeViewModel(useCases: world.useCases, cart: "Weekly")
        await shop.begin()
        #expect(await !shop.toggle(number) && shop.errorMessage != nil)
        #expect(await !shop.log(number, price: "1.00") && shop.errorMessage != nil)
        #expect(shop.row(number) == nil)
        let vault = VaultViewModel(useCases: world.useCases)
        #expect(await !vault.moveCategory("Dairy", to: number) && vault.errorMessage != nil)
    }
}
