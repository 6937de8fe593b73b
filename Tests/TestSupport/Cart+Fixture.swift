import Domain

extension Cart {
    /// A cart "Weekly" (budget 20.00 unless told) planning Milk, 2 at Aldi for 1.09, and 1.5 kg
    /// Bananas at Lidl for 1.99/kg; from `.shopping` on, its trip started and Milk bought for 1.19;
    /// `.completed`, that trip finished.
    public static func fixture(status: CartStatus = .planning, budget: Int64? = 2000) throws -> Cart {
        let start = Timestamp(clamping: 1_000)
        var cart = Cart(id: CartID("c1"), name: "Weekly", budget: budget.map { Money(minorUnits: $0, currency: eur) },
                        currency: eur, createdAt: start)
        try cart.add(CartItem(itemID: ItemID("milk"), name: "Milk", categoryName: "Dairy", quantity: Quantity(2), unit: .each,
                              plannedStore: StoreID("aldi"), plannedPrice: Money(minorUnits: 109, currency: eur)))
        try cart.add(CartItem(itemID: ItemID("bananas"), name: "Bananas", categoryName: "Produce", quantity: Quantity(thousandths: 1500),
                              unit: .kg, plannedStore: StoreID("lidl"), plannedPrice: Money(minorUnits: 199, currency: eur)))
        if status != .planning {
            try cart.startTrip(at: start)
            try cart.logPurchase(ItemID("milk"), price: Money(minorUnits: 119, currency: eur), store: StoreID("aldi"), quantity: nil)
        }
        if status == .completed { try cart.finishTrip(at: start) }
        return cart
    }
}
