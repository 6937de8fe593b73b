import Domain
import TestSupport
import Testing

@Suite struct CartRulesTests {
    typealias Attempt = (String, @Sendable (inout Cart) throws -> Void)

    static let attempts: [Attempt] = [
        ("rename", { try $0.rename(to: "Other") }),
        ("budget", { try $0.setBudget(nil) }),
        ("add", { try $0.add(CartItem(itemID: ItemID("x"), name: "X", categoryName: nil, quantity: .one, unit: .each)) }),
        ("update", { try $0.update($0.lines[0]) }),
        ("remove", { try $0.removeLine(ItemID("milk")) }),
        ("start", { try $0.startTrip(at: Timestamp(clamping: 5)) }),
        ("log", { try $0.logPurchase(ItemID("bananas"), price: .zero(eur), store: StoreID("aldi"), quantity: nil) }),
        ("unlog", { try $0.unlogPurchase(ItemID("milk")) }),
        ("impulse", { try $0.addImpulse(CartItem(itemID: ItemID("gum"), name: "Gum", categoryName: nil, quantity: .one, unit: .each,
                                                 isFulfilled: true, actualPrice: .zero(eur), isImpulse: true)) }),
        ("finish", { try $0.finishTrip(at: Timestamp(clamping: 5)) }),
        ("abort", { try $0.abortTrip() }),
        ("reopen", { try $0.reopen() }),
    ]

    /// The status table of the design: which attempts each status allows.
    static let allowed: [CartStatus: Set<String>] = [
        .planning: ["rename", "budget", "add", "update", "remove", "start"],
        .shopping: ["rename", "budget", "add", "update", "remove", "log", "unlog", "impulse", "finish", "abort"],
        .completed: ["reopen"],
    ]

    @Test(arguments: CartStatus.allCases)
    func everyStatusAllowsExactlyWhatTheTableSays(status: CartStatus) throws {
        for (name, attempt) in Self.attempts {
            var cart = try Cart.fixture(status: status)
            let before = cart
            if Self.allowed[status]!.contains(name) {
                #expect(throws: Never.self, "\(status) should allow \(name)") { try attempt(&cart) }
            } else {
                #expect(throws: DomainError.self, "\(status) should refuse \(name)") { try attempt(&cart) }
                #expect(cart == before, "a refused \(name) changed the cart")
            }
        }
    }

    @Test func refusalsReadWell() throws {
        var completed = try Cart.fixture(status: .completed)
        let renaming = try #require(throws: DomainError.self) { try completed.rename(to: "X") }
        #expect("\(renaming)" == "cart \"Weekly\" is completed; reopen it to change it")
        var planning = try Cart.fixture()
        let logging = try #require(throws: DomainError.self) {
            try planning.logPurchase(ItemID("milk"), price: .zero(eur), store: StoreID("a"), quantity: nil)
        }
        #expect("\(logging)" == "cart \"Weekly\" is still being planned; start the trip first")
    }

    @Test func totalsFollowTheLines() throws {
        let cart = try Cart.fixture(status: .shopping)
        #expect(try cart.plannedTotal().minorUnits == 2 * 109 + 298)  // 1.5 × 1.99 = 2.985 -> 2.98 (half-even)
        #expect(try cart.actualTotal().minorUnits == 238)
        #expect(try cart.remainingBudget()?.minorUnits == 2000 - 238)
        #expect(cart.progress == (1, 2))
        let byStore = try cart.totalsByStore()
        #expect(byStore.map(\.store) == [StoreID("aldi"), StoreID("lidl")])
        #expect(byStore.map(\.total.minorUnits) == [238, 298])
    }

    @Test func planningComparesThePlanWithTheBudget() throws {
        let cart = try Cart.fixture(budget: 400)
        #expect(try cart.spendingAgainstBudget().minorUnits == 516)
        #expect(try cart.overBudget()?.minorUnits == 116)
        #expect(try Cart.fixture(budget: nil).remainingBudget() == nil)
        #expect(try Cart.fixture(budget: 9999).overBudget() == nil)
    }

    @Test func addingTheSameItemMergesQuantities() throws {
        var cart = try Cart.fixture()
        try cart.add(CartItem(itemID: ItemID("milk"), name: "Milk", categoryName: "Dairy", quantity: Quantity(3), unit: .each))
        #expect(cart.lines.count == 2)
        #expect(cart.line(for: ItemID("milk"))?.quantity == Quantity(5))
    }

    /// A front that hands `addImpulse` a line not built as a bought impulse buy gets an error, not a trap.
    @Test func anImpulseLineNotBuiltAsOneIsRefused() throws {
        var cart = try Cart.fixture(status: .shopping)
        #expect(throws: DomainError.notBought(item: "Gum", cart: cart.name)) {
            try cart.addImpulse(CartItem(itemID: ItemID("gum"), name: "Gum", categoryName: nil, quantity: .one, unit: .each))
        }
        #expect(cart.lines.count == 2)
    }

    @Test func abortingForgetsTheTripButKeepsThePlan() throws {
        var cart = try Cart.fixture(status: .shopping)
        try cart.addImpulse(CartItem(itemID: ItemID("gum"), name: "Gum", categoryName: nil, quantity: .one, unit: .each,
                                     isFulfilled: true, actualPrice: Money(minorUnits: 99, currency: eur), isImpulse: true))
        try cart.abortTrip()
        #expect(cart.status == .planning)
        #expect(cart.lines.map(\.name) == ["Milk", "Bananas"])
        #expect(cart.lines.allSatisfy { !$0.isFulfilled && $0.actualPrice == nil })
    }

    @Test func finishingNeedsSomethingBought() throws {
        var cart = try Cart.fixture(status: .shopping)
        try cart.unlogPurchase(ItemID("milk"))
        #expect(throws: DomainError.nothingBought(cart: "Weekly")) { try cart.finishTrip(at: Timestamp(clamping: 9)) }
    }

    /// A completed trip may hold an item on several lines (a receipt's repeated rows, imported),
    /// and its totals add them all. A cart being shopped is changed line by item, so such a trip
    /// is not reopened: which of its Milk lines would `trip log Milk` correct?
    @Test func aTripWithAnItemOnTwoLinesCountsBothAndIsNotReopened() throws {
        let time = Timestamp(clamping: 1_000)
        func milk(_ price: Int64) -> CartItem {
            CartItem(itemID: ItemID("milk"), name: "Milk", categoryName: "Dairy", quantity: .one, unit: .each, isFulfilled: true,
                     actualStore: StoreID("aldi"), actualPrice: Money(minorUnits: price, currency: eur))
        }
        var cart = Cart(id: CartID("c1"), name: "Receipt", budget: nil, currency: eur, status: .completed, createdAt: time,
                        startedAt: time, completedAt: time, lines: [milk(119), milk(129)])
        #expect(try cart.actualTotal().minorUnits == 248)
        #expect(try cart.totalsByStore().map(\.total.minorUnits) == [248])
        let before = cart
        #expect(throws: DomainError.repeatedItem(item: "Milk", cart: "Receipt")) { try cart.reopen() }
        #expect(cart == before)
        #expect("\(DomainError.repeatedItem(item: "Milk", cart: "Receipt"))"
                == "cart \"Receipt\" has \"Milk\" on more than one line (a receipt's repeated rows) and cannot be reopened, since a cart "
                + "being shopped has one line per item; to correct it, delete it and import its rows, or log its receipt, again")
    }

    @Test func purchasedQuantityCountsWhenItDiffers() throws {
        var cart = try Cart.fixture(status: .shopping)
        try cart.logPurchase(ItemID("bananas"), price: Money(minorUnits: 200, currency: eur), store: StoreID("lidl"),
                             quantity: Quantity(thousandths: 1250))
        #expect(try cart.line(for: ItemID("bananas"))?.actualCost()?.minorUnits == 250)
    }
}
