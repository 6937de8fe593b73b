/// Makes cart lines from vault items with the vault's stores and categories at hand.
struct CartLineFactory {
    let categories: [CategoryID: String]
    let stores: Set<StoreID>
    let storeNames: [StoreID: String]
    let day: Day

    init(_ repositories: any Repositories, day: Day) throws {
        categories = Dictionary(firstByKey: try repositories.allCategories().map { ($0.id, $0.name) })
        let all = try repositories.allStores()
        stores = Set(all.filter { !$0.isRemoved }.map(\.id))
        storeNames = Dictionary(firstByKey: all.map { ($0.id, $0.name) })
        self.day = day
    }

    /// - Parameter unit: the line's unit; nil: the item's own unit.
    func line(for item: Item, quantity: Quantity, unit: MeasureUnit? = nil, store: StoreID?) throws -> CartItem {
        try LinePlanner.plan(item, categoryName: categories[item.categoryID], quantity: quantity, unit: unit, store: store, among: stores,
                             on: day, storeNames: storeNames)
    }

    func replan(_ line: CartItem, item: Item?, store: StoreID?) throws -> CartItem {
        var line = try LinePlanner.replan(line, item: item, store: store, among: stores, on: day, storeNames: storeNames)
        if let item { line.categoryName = categories[item.categoryID] }
        return line
    }
}
