/// Builds `ItemDetails` for the vault queries.
struct ItemDetailsBuilder {
    let stores: [StoreID: Store]
    let categories: [CategoryID: Category]
    let day: Day

    init(_ repositories: any Repositories, day: Day) throws {
        stores = Dictionary(firstByKey: try repositories.allStores().map { ($0.id, $0) })
        categories = Dictionary(firstByKey: try repositories.allCategories().map { ($0.id, $0) })
        self.day = day
    }

    func details(_ item: Item) throws -> ItemDetails {
        let visible = Set(stores.values.filter { !$0.isRemoved }.map(\.id))
        let cheapest = item.cheapestCurrentPrice(on: day, among: visible)?.store
        let rows = try item.prices.compactMap { option -> StorePrice? in
            guard let store = stores[option.store], !store.isRemoved else { return nil }
            let current = option.currentPrice(on: day)
            return StorePrice(store: store, current: current, normalised: try current?.unitPrice.normalised(),
                              unit: option.unit, basis: option.basis, isCheapest: option.store == cheapest)
        }
        let sorted = rows.sorted { lhs, rhs in
            switch (lhs.normalised, rhs.normalised) {
            case let (l?, r?): l.isCheaper(than: r) ?? (l.unit.rawValue < r.unit.rawValue)
            case (.some, nil): true
            case (nil, .some): false
            case (nil, nil): Name.key(lhs.store.name) < Name.key(rhs.store.name)
            }
        }
        return ItemDetails(item: item, category: categories[item.categoryID], prices: sorted)
    }
}
