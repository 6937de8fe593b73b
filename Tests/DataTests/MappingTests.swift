@testable import DataLayer
import Domain
import Foundation
import TestSupport
import Testing

@Suite struct MappingTests {
    @Test func everyEntityRoundTripsThroughItsRecord() throws {
        let mapper = try RecordMapper(settings: SettingsRecord(currency: "EUR", isSetUp: true))
        let time = try #require(Timestamp(rfc3339: "2026-03-02T10:00:00+01:00"))
        let store = Store(id: StoreID("s1"), name: "Aldi", createdAt: time, aisleOrder: [CategoryID("c1")], isRemoved: true)
        #expect(try mapper.store(StoreRecord(store)) == store)
        let category = Category(id: CategoryID("c1"), name: "Dairy", sortOrder: 3)
        #expect(mapper.category(CategoryRecord(category)) == category)
        var item = Item(id: ItemID("i1"), name: "Milk", categoryID: category.id, unit: .l)
        item.record(UnitPrice(Money(minorUnits: 109, currency: .euro), per: .l), at: store.id, on: time, promotionUntil: nil,
            isPromotion: false)
        item.record(UnitPrice(Money(minorUnits: 89, currency: .euro), per: .l), at: store.id, on: time,
            promotionUntil: Day(iso: "2026-04-01"),
                    isPromotion: true)
        #expect(try mapper.item(ItemRecord(item)) == item)
        let cart = try Cart.journeyFixture(time: time)
        #expect(try mapper.cart(CartRecord(cart)) == cart)
        let observation = PriceObservation(item: item.id, store: store.id, price: UnitPrice(Money(minorUnits: 5, currency: .euro), per: .g),
                                           observedAt: time, source: .trip(cart.id), isPromotion: true)
        #expect(try mapper.observation(ObservationRecord(observation)) == observation)
    }

    /// Every field of the state file survives a round trip, including text that needs escaping,
    /// absent values, and "months not kept" against "no months yet".
    @Test(arguments: [nil, [MonthRecord(month: "2026-03", total: 12, trips: 2)]])
    func theStateFileRoundTrips(months: [MonthRecord]?) throws {
        let time = try #require(Timestamp(rfc3339: "2026-03-02T10:00:00+01:00"))
        var cart = CartRecord(try Cart.journeyFixture(time: time))
        cart.status = "shopping"
        cart.completedAt = nil
        cart.lines[0].name = "Tab\there, line\nbreak, back\\slash"
        let open = CartRecord(id: "k2", name: "Empty", budget: nil, status: "planning", createdAt: time.description, startedAt: nil,
                              completedAt: nil, lines: [])
        let record = StateRecord(settings: SettingsRecord(currency: "JPY", isSetUp: true),
                                 stores: [StoreRecord(id: "s1", name: "Aldi Süd", createdAt: time.description, aisleOrder: ["c2", "c1"],
                                     removed: false),
                                          StoreRecord(id: "s2", name: "Gone", createdAt: time.description, aisleOrder: [], removed: true)],
                                 categories: [CategoryRecord(id: "c1", name: "Dairy", sortOrder: 0),
                                     CategoryRecord(id: "c2", name: "\\", sortOrder: -1)],
                                 carts: [cart, open], vault: "vault-9.tsv", history: nil, historyBytes: 0, months: months,
                                 undo: UndoRecord(nextSequence: 10,
                                     entries: [UndoEntryRecord(sequence: 9, summary: "did\ta thing", hadState: true, vault: nil)]))
        let bytes = StateCodec.encode(record)
        #expect(try StateCodec.decode(bytes, path: "state.tsv") == record)
        #expect(StateCodec.encode(try StateCodec.decode(bytes, path: "state.tsv")) == bytes)
    }
}

extension Cart {
    static func journeyFixture(time: Timestamp) throws -> Cart {
        var cart = Cart(id: CartID("k1"), name: "Weekly", budget: Money(minorUnits: 5000, currency: .euro), currency: .euro,
            createdAt: time)
        try cart.add(CartItem(itemID: ItemID("i1"), name: "Milk", categoryName: "Dairy", quantity: Quantity(thousandths: 1500), unit: .l,
                              plannedStore: StoreID("s1"), plannedPrice: Money(minorUnits: 109, currency: .euro)))
        try cart.startTrip(at: time)
        try cart.logPurchase(ItemID("i1"), price: Money(minorUnits: 99, currency: .euro), store: StoreID("s1"), quantity: Quantity(2))
        try cart.addImpulse(CartItem(itemID: ItemID("x1"), name: "Gum", categoryName: nil, quantity: .one, unit: .each, isFulfilled: true,
                                     actualStore: StoreID("s1"), actualPrice: Money(minorUnits: 99, currency: .euro), isImpulse: true))
        try cart.finishTrip(at: time)
        return cart
    }
}
