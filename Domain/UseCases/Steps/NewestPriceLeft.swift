/// The price that is current at a store once one is taken away (forgotten, or its trip
/// reopened): the newest regular price left there, seen by hand or paid on a trip still in
/// history; of prices seen at the same moment, the one recorded last.
enum NewestPriceLeft {
    /// `item` with its regular price at `store` set to the newest left (none when nothing is
    /// left there), keeping a promotion.
    static func restore(_ item: Item, at store: StoreID, in repositories: any Repositories) throws -> Item {
        guard var option = item.priceOption(at: store) else { return item }
        var item = item
        let left = try repositories.manualObservations(of: item.id).filter { $0.store == store && !$0.isPromotion }
            + repositories.spending(of: item.id).paidObservations(of: item.id).filter { $0.store == store }
        option.regular = nil
        if let newest = left.enumerated().max(by: { ($0.element.observedAt, $0.offset) < ($1.element.observedAt, $1.offset) })?.element {
            option = PriceOption(store: store, unit: newest.price.unit, pack: newest.price.basis.pack,
                                 regular: PriceQuote(price: newest.price.price, observedAt: newest.observedAt), promotion: option.promotion)
        }
        item.prices.removeAll { $0.store == store }
        if option.regular != nil || option.promotion != nil {
            item.prices.append(option)
            item.prices.sort { $0.store < $1.store }
        }
        return item
    }
}
