// `CartRecord` and `CartLineRecord` from and to `Cart` and `CartItem`.

import Domain

extension CartRecord {
    init(_ cart: Cart) {
        self.init(id: cart.id.rawValue, name: cart.name, budget: cart.budget?.minorUnits, status: cart.status.rawValue,
                  createdAt: cart.createdAt.description, startedAt: cart.startedAt?.description,
                  completedAt: cart.completedAt?.description, lines: cart.lines.map(CartLineRecord.init))
    }
}

extension CartLineRecord {
    init(_ line: CartItem) {
        self.init(itemId: line.itemID.rawValue, name: line.name, category: line.categoryName, quantity: line.quantity.description,
                  unit: UnitText.line(line.unit, pricedPer: line.priceUnit), plannedStoreId: line.plannedStore?.rawValue,
                  plannedPrice: line.plannedPrice?.minorUnits,
                  fulfilled: line.isFulfilled, actualStoreId: line.actualStore?.rawValue, actualPrice: line.actualPrice?.minorUnits,
                  purchasedQuantity: line.purchasedQuantity?.description, impulse: line.isImpulse)
    }
}

extension RecordMapper {
    func cart(_ record: CartRecord) throws -> Cart {
        guard let status = CartStatus(rawValue: record.status) else {
            throw RecordError("cart \(record.id) has unknown status \"\(record.status)\"")
        }
        return Cart(id: CartID(record.id), name: record.name, budget: record.budget.map(money), currency: currency, status: status,
                    createdAt: try time(record.createdAt), startedAt: try record.startedAt.map(time),
                    completedAt: try record.completedAt.map(time), lines: try record.lines.map(line))
    }

    func line(_ record: CartLineRecord) throws -> CartItem {
        let units = try lineUnits(record.unit)
        return CartItem(itemID: ItemID(record.itemId), name: record.name, categoryName: record.category,
                        quantity: try quantity(record.quantity), unit: units.unit, priceUnit: units.basis,
                        plannedStore: record.plannedStoreId.map(StoreID.init),
                        plannedPrice: record.plannedPrice.map(money), isFulfilled: record.fulfilled,
                        actualStore: record.actualStoreId.map(StoreID.init), actualPrice: record.actualPrice.map(money),
                        purchasedQuantity: try record.purchasedQuantity.map(quantity), isImpulse: record.impulse)
    }
}
