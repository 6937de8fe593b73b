import DataLayer
import Domain
@testable import Presentation
import TestSupport
import Testing

/// A notice is a value a front switches on, and its `text` is the sentence every front shows.
@MainActor @Suite struct NoticeTests {
    nonisolated static let price = Money(minorUnits: 349, currency: .euro)

    /// The wording of each kind of notice, the branches of the ones that say more or less.
    nonisolated static let wordings: [(Notice, String)] = [
        (.linesAdded(cart: "Weekly", items: ["Milk", "Bread"]), "Weekly: added Milk, Bread"),
        (.cartEdited(cart: "Weekly", renamedFrom: nil, budget: nil), "Weekly: updated the cart"),
        (.cartEdited(cart: "Big", renamedFrom: "Weekly", budget: .set(price)), "Big: renamed cart Weekly to Big; set the budget to 3.49"),
        (.cartEdited(cart: "Weekly", renamedFrom: nil, budget: .removed), "Weekly: removed the budget"),
        (.tripFinished(cart: "Weekly", notBought: 0, carriedOverTo: "Next"), "Weekly: finished the trip"),
        (.tripFinished(cart: "Weekly", notBought: 1, carriedOverTo: nil), "Weekly: finished the trip; 1 line not bought"),
        (.tripFinished(cart: "Weekly", notBought: 3, carriedOverTo: "Next"),
            "Weekly: finished the trip; 3 lines not bought, carried over to Next"),
        (.logged(name: "Milk", quantity: Quantity(3), unit: .each, price: price, priceUnit: PriceUnit(.each), cost: nil),
            "Milk: bought 3 at 3.49 = -."),
        (.logged(name: "Melon", quantity: Quantity(2), unit: .each, price: price, priceUnit: PriceUnit(.kg), cost: nil),
            "Melon: bought 2 each at 3.49/kg = -."),
        (.logged(name: "Bananas", quantity: Quantity(thousandths: 736), unit: .kg, price: price, priceUnit: PriceUnit(.kg),
                 cost: Money(minorUnits: 257, currency: .euro)), "Bananas: bought 0.736 kg at 3.49/kg = 2.57."),
        (.priceRecorded(item: "Milk", store: "Aldi", promotion: true, isCurrent: false),
         "recorded the promotion of Milk at Aldi in its history; the newer one there stays current"),
        (.shopImpulseRemoved(name: "Gum", number: 5), "Gum: removed; number 5 is not used again in this session."),
        (.currencySet(.euro), "currency is now EUR"),
    ]

    @Test(arguments: wordings)
    func eachNoticeIsWordedAsBefore(notice: Notice, sentence: String) {
        #expect(notice.text == sentence && "\(notice)" == sentence)
    }

    @Test func aNameThePersonTypedIsShortenedInTheSentenceNotInTheValue() {
        let long = String(repeating: "Oat milk ", count: 20)
        let notice = Notice.lineRemoved(cart: "Weekly", item: long)
        #expect(notice.text == "Weekly: removed " + Echo.shortened(long) && notice.text.count < long.count)
        guard case .lineRemoved(_, let item) = notice else { Issue.record("not a removed line"); return }
        #expect(item == long)
    }

    @Test func aFrontSwitchesOnWhatACartIntentDid() async throws {
        let (_, cart) = try await weeklyWorld()
        #expect(cart.lastNotice == .lineUpdated(cart: "Weekly", item: "Bananas"))
        #expect(await cart.edit(name: "Big shop", budget: .some(nil)))
        #expect(cart.lastNotice == .cartEdited(cart: "Big shop", renamedFrom: "Weekly", budget: .removed))
        #expect(cart.notice == "Big shop: renamed cart Weekly to Big shop; removed the budget")
        #expect(await cart.edit(name: nil, budget: "80"))
        #expect(cart.lastNotice == .cartEdited(cart: "Big shop", renamedFrom: nil, budget: .set(Money(minorUnits: 8000, currency: .euro))))
        #expect(await cart.startTrip())
        #expect(await cart.log("Milk", price: nil))
        #expect(await cart.finishTrip(carryOver: "Next"))
        #expect(cart.lastNotice == .tripFinished(cart: "Big shop", notBought: 3, carriedOverTo: "Next"))
        #expect(cart.notice == "Big shop: finished the trip; 3 lines not bought, carried over to Next")
    }

    @Test func aFrontSwitchesOnWhatAShopIntentDid() async throws {
        let (world, _) = try await weeklyWorld()
        let shop = ShoppingModeViewModel(useCases: world.useCases, cart: "Weekly")
        #expect(await shop.begin())
        #expect(shop.lastNotice == .shopStarted)
        #expect(await shop.log(1, price: "2.05", quantity: Quantity(thousandths: 1200)))
        #expect(shop.lastNotice == .logged(name: "Bananas", quantity: Quantity(thousandths: 1200), unit: .kg,
                                           price: Money(minorUnits: 205, currency: .euro), priceUnit: PriceUnit(.kg),
                                           cost: Money(minorUnits: 246, currency: .euro)))
        #expect(shop.notice == "Bananas: bought 1.2 kg at 2.05/kg = 2.46.")
        #expect(await shop.toggle(2))
        #expect(shop.lastNotice == .ticked(name: "Milk"))
        #expect(await shop.toggle(99) == false && shop.lastNotice == nil)
    }
}
