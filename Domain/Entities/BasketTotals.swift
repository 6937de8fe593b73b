/// What the items of a basket cost and held in each group of trips (`Spending.basketTotals`).
public struct BasketTotals: Sendable, Hashable {
    /// The basket's items, in the order first bought. An item is asked about by its index here.
    public let items: [ItemID]
    // A table of groups by items, flat with a group's cells together: a storage adds a hundred
    // thousand lines into it, with one index computed per line.
    @usableFromInline var costs: [Int64]
    @usableFromInline var quantities: [Int64]

    /// Nothing bought yet: every item of `items` at 0 in each group of `grouping`.
    public init(items: [ItemID], in grouping: TripGrouping) {
        self.items = items
        costs = [Int64](repeating: 0, count: grouping.count * items.count)
        quantities = costs
    }

    /// Adds a line of item `slot` (an index into `items`) bought in group `group`: what it cost,
    /// in minor units, and held, in millionths of the item's base unit (`PurchasedLine.baseQuantity`).
    /// - Throws: `DomainError.amountOverflow` when a sum does not fit.
    @inlinable public mutating func add(cost: Int64, quantity: Int64, of slot: Int, in group: TripGroup) throws {
        let cell = group.number * items.count + slot
        let (paid, o1) = costs[cell].addingReportingOverflow(cost)
        let (held, o2) = quantities[cell].addingReportingOverflow(quantity)
        guard !o1 && !o2 else { throw DomainError.amountOverflow }
        (costs[cell], quantities[cell]) = (paid, held)
    }

    /// What item `slot` (an index into `items`) cost in group `group`, in minor units; 0 where
    /// it was not bought.
    public func cost(of slot: Int, in group: TripGroup) -> Int64 { costs[group.number * items.count + slot] }

    /// How much of item `slot` was bought in group `group`, in millionths of its base unit.
    public func quantity(of slot: Int, in group: TripGroup) -> Int64 { quantities[group.number * items.count + slot] }
}
