/// Decides a cart line's store and planned price from what the vault knows.
///
/// A line is counted in its own unit (the one the user chose, by default the item's own unit),
/// whatever the store prices it per: the line keeps the store's price as it is (per lb, per
/// pack of 250 g) and its cost converts the quantity exactly. With no store chosen, the
/// cheapest store (compared per kg, l or each) whose price the line's unit converts to is
/// chosen. A store that prices the item per something the line's unit does not convert to (a
/// line in kg, a price per each) is refused when the user chose it, and leaves the line
/// unpriced when a price changed under a planned line.
public enum LinePlanner {
    static func plan(_ item: Item, categoryName: String?, quantity: Quantity, unit: MeasureUnit?, store: StoreID?,
                     among stores: Set<StoreID>, on day: Day, storeNames: [StoreID: String]?) throws -> CartItem {
        let line = CartItem(itemID: item.id, name: item.name, categoryName: categoryName, quantity: quantity, unit: unit ?? item.unit)
        // A unit asked for that no store's price converts to is refused, not planned unpriced.
        if let unit, store == nil, let storeNames, item.cheapestCurrentPrice(on: day, among: stores, in: unit) == nil,
           let cheapest = item.cheapestCurrentPrice(on: day, among: stores) {
            throw DomainError.unitMismatch(item: item.name, unit: unit.rawValue, basis: cheapest.price.basis.description,
                                           store: storeNames[cheapest.store])
        }
        return try replan(line, item: item, store: store, among: stores, on: day, storeNames: storeNames)
    }

    /// The line planned anew at `store` (nil: the cheapest), keeping its quantity and unit. A
    /// line whose item left the vault keeps its name and loses its price.
    /// - Parameter storeNames: stores' names for a refusal; nil makes a store whose price does
    ///   not convert leave the line unpriced instead of refusing.
    static func replan(_ line: CartItem, item: Item?, store: StoreID?, among stores: Set<StoreID>, on day: Day,
                       storeNames: [StoreID: String]?) throws -> CartItem {
        let original = line
        var line = line
        line.plannedStore = store
        line.plannedPrice = nil
        line.priceUnit = PriceUnit(line.unit)
        guard let item else { return line }
        line.name = item.name
        let chosen = store ?? item.cheapestCurrentPrice(on: day, among: stores, in: line.unit)?.store
        line.plannedStore = chosen
        guard let chosen, let option = item.priceOption(at: chosen) else { return line }
        // What a line of packs holds (1 pack of 500 g) is kept when the line moves to a store
        // with other packs, which the line's own pack would otherwise silently become.
        let held = try original.holding(pricedPer: option.basis)
        (line.quantity, line.unit) = (held.quantity, held.unit)
        guard PriceUnit(line.unit).converts(to: option.basis) else {
            guard let storeNames else { return line }
            throw DomainError.unitMismatch(item: item.name, unit: line.unit.rawValue, basis: option.basis.description,
                                           store: storeNames[chosen])
        }
        line.priceUnit = option.basis
        line.plannedPrice = option.currentPrice(on: day)?.unitPrice.price
        return line
    }

    /// Re-plans the lines of `item` planned at `store` on carts still being planned, after its
    /// price there changed (here, or on another device of the household: sync's merge asks the
    /// same): at that store (`keepingStore`), else at the cheapest.
    /// - Parameter leavingUncountable: leave a cart whose totals would no longer fit as it was,
    ///   rather than refuse the change: a merge takes a price each device took alone, and stops
    ///   for nothing one cart cannot follow.
    /// - Returns: the names of the carts left as they were, in the order of their ids.
    /// - Throws: `DomainError.cartTotalTooLarge` for a cart whose totals would no longer fit,
    ///   unless `leavingUncountable`.
    @discardableResult
    public static func replanPlannedLines(of item: Item, at store: StoreID, keepingStore: Bool, in repositories: any Repositories,
                                          on day: Day, leavingUncountable: Bool = false) throws -> [String] {
        let stores = Set(try repositories.allStores().filter { !$0.isRemoved }.map(\.id))
        var left: [String] = []
        for var cart in try repositories.activeCarts().sorted(by: { $0.id < $1.id }) where cart.status == .planning {
            guard let line = cart.line(for: item.id), line.plannedStore == store else { continue }
            do {
                try cart.update(try replan(line, item: item, store: keepingStore ? store : nil, among: stores, on: day, storeNames: nil))
            } catch DomainError.cartTotalTooLarge where leavingUncountable {
                left.append(cart.name)
                continue
            }
            try repositories.save(cart)
        }
        return left
    }
}
