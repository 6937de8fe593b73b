// `ItemRecord` (with its `PriceOptionRecord`s) from and to `Item`.

import Domain

extension ItemRecord {
    init(_ item: Item) {
        self.init(id: item.id.rawValue, name: item.name, categoryId: item.categoryID.rawValue, unit: item.unit.rawValue,
                  prices: item.prices.map { option in
                      PriceOptionRecord(storeId: option.store.rawValue, unit: UnitText.basis(option.basis),
                                        regular: option.regular.map {
                                            QuoteRecord(price: $0.price.minorUnits, observedAt: $0.observedAt.description)
                                        },
                                        promotion: option.promotion.map {
                                            PromotionRecord(price: $0.quote.price.minorUnits, observedAt: $0.quote.observedAt.description,
                                                            until: $0.until?.description)
                                        })
                  })
    }
}

extension RecordMapper {
    func item(_ record: ItemRecord) throws -> Item {
        Item(id: ItemID(record.id), name: record.name, categoryID: CategoryID(record.categoryId), unit: try unit(record.unit),
             prices: try record.prices.map { option in
                 PriceOption(store: StoreID(option.storeId), unit: try basis(option.unit).unit, pack: try basis(option.unit).pack,
                             regular: try option.regular.map { PriceQuote(price: money($0.price), observedAt: try time($0.observedAt)) },
                             promotion: try option.promotion.map {
                                 Promotion(quote: PriceQuote(price: money($0.price), observedAt: try time($0.observedAt)),
                                           until: try $0.until.map(day))
                             })
             })
    }
}
