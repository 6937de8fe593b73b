/// Decides a cart line's store, unit and planned price from what the vault knows.
///
/// The chosen store's current price is used; with no store chosen, the cheapest store with a
/// current price is chosen. A line keeps its unit when the new store sells in the same
/// dimension (the price is converted, rounded half-to-even); otherwise it takes the store's unit.
enum LinePlanner {
    static func plan(_ item: Item, categoryName: String?, quantity: Quantity, store: StoreID?,
                     among stores: Set<StoreID>, on day: Day) throws -> CartItem {
        let line = CartItem(itemID: item.id, name: item.name, categoryName: categoryName, quantity: quantity, unit: item.unit)
        return try replan(line, item: item, store: store, among: stores, on: day, keepUnit: false)
    }

    /// The line planned anew at `store` (nil: the cheapest), keeping its quantity. A line whose
    /// item left the vault keeps its name and loses its price.
    static func replan(_ line: CartItem, item: Item?, store: StoreID?, among stores: Set<StoreID>, on day: Day,
                       keepUnit: Bool = true) throws -> CartItem {
        var line = line
        guard let item else {
            line.plannedStore = store
            line.plannedPrice = nil
            return line
        }
        line.name = item.name
        let chosen = store ?? item.cheapestCurrentPrice(on: day, among: stores)?.store
        line.plannedStore = chosen
        guard let chosen, let current = item.priceOption(at: chosen)?.currentPrice(on: day) else {
            line.plannedPrice = nil
            if !keepUnit, let option = chosen.flatMap(item.priceOption(at:)) { line.unit = option.unit }
            return line
        }
        let price = current.unitPrice
        if !keepUnit || price.unit.dimension != line.unit.dimension { line.unit = price.unit }
        line.plannedPrice = try price.price.perUnit(price.unit, convertedTo: line.unit)
        return line
    }
}
