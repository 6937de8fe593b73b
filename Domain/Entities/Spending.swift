/// Every completed trip and every line bought on them, in the order the trips were completed:
/// what insights, exports and price history are computed from.
///
/// How the lines are kept is the storage's business: the file store keeps a hundred thousand
/// of them as numbered columns, `SpendingList` as values. Exports read the lines one by one;
/// insights ask for the few sums below instead, so that a storage adds them up in one pass over
/// its own layout: one call per question, never one per line. The extension gives every sum
/// from `line(_:)`, and says what each means; a storage answers the same, only faster.
public protocol Spending: Sendable {
    /// The currency every amount is counted in.
    var currency: Currency { get }
    /// The completed trips, in the order they were completed.
    var trips: [TripSummary] { get }
    /// How many lines were bought, on all trips.
    var lineCount: Int { get }
    /// Line `index` (`0..<lineCount`). Lines come trip by trip, in the order of `trips`.
    func line(_ index: Int) -> PurchasedLine

    /// What the lines of the trips `included` flags (one flag per trip) cost, per store and per
    /// category, and on how many of those trips.
    /// - Throws: `DomainError.amountOverflow` when a total does not fit.
    func totals(on included: [Bool]) throws -> SpendingTotals
    /// For each vault item bought on the trips `included` flags, in the order items were first
    /// bought (on any trip): its latest purchase, and its earliest at that purchase's store.
    func priceSpans(on included: [Bool]) -> [PriceSpan]
    /// The basket of group `base`: the vault items bought in it (a line that held something),
    /// in the order first bought (on any trip), and what their lines cost and held
    /// (`PurchasedLine.baseQuantity`) in each of `count` groups of trips: trip `t` is in group
    /// `groups[t]` (its month, say). Lines that hold nothing count for nothing; other items'
    /// lines are not added up at all.
    /// - Throws: `DomainError.amountOverflow` when a line's base quantity or a sum does not fit.
    func basketTotals(grouping groups: [Int], count: Int, boughtIn base: Int) throws -> BasketTotals
    /// Which of `count` groups of trips (trip `t` in group `groups[t]`) hold a vault line that
    /// held something: the groups that have a basket.
    /// - Throws: `DomainError.amountOverflow` when a line's base quantity does not fit.
    func groupsBought(grouping groups: [Int], count: Int) throws -> [Bool]
    /// The prices paid on trips, as price observations: one per bought vault line with a store,
    /// dated when its trip finished, of `item` only unless it is nil. They are derived, never
    /// stored twice.
    func paidObservations(of item: ItemID?) -> [PriceObservation]
}

/// What `Spending.totals(on:)` adds up.
public struct SpendingTotals: Sendable, Hashable {
    /// What a group of lines cost, and on how many trips.
    public struct Total: Sendable, Hashable {
        public let amount: Money
        public let trips: Int

        public init(amount: Money, trips: Int) {
            self.amount = amount
            self.trips = trips
        }
    }

    /// By store; nil for lines bought at no store.
    public let byStore: [StoreID?: Total]
    /// By the category a line had; nil for impulse buys.
    public let byCategory: [String?: Total]

    public init(byStore: [StoreID?: Total], byCategory: [String?: Total]) {
        self.byStore = byStore
        self.byCategory = byCategory
    }
}

/// How an item's price moved at one store: its latest purchase, and the earliest at the same
/// store (prices of two stores are no change of price). Latest and earliest go by when their
/// trips finished; of two lines of the same moment, the later line is the latest and the
/// earlier one the earliest.
public struct PriceSpan: Sendable, Hashable {
    public let first: PurchasedLine
    public let last: PurchasedLine
    /// How many times the item was bought at that store, on the trips asked about.
    public let purchases: Int

    public init(first: PurchasedLine, last: PurchasedLine, purchases: Int) {
        self.first = first
        self.last = last
        self.purchases = purchases
    }
}

/// What the items of a basket cost and held in each group of trips (`Spending.basketTotals`):
/// a table of groups by items, kept flat with a group's cells together.
public struct BasketTotals: Sendable, Hashable {
    /// The basket's items, in the order first bought.
    public let items: [ItemID]
    /// Minor units, at `cell(group:slot:)`; 0 where the item was not bought.
    public let cost: [Int64]
    /// Millionths of the item's base unit (`PurchasedLine.baseQuantity`), at the same cells.
    public let quantity: [Int64]

    /// `cost` and `quantity` hold `groups × items.count` cells.
    public init(items: [ItemID], cost: [Int64], quantity: [Int64]) {
        self.items = items
        self.cost = cost
        self.quantity = quantity
    }

    /// Where item `slot` (an index into `items`) of group `group` is.
    public func cell(group: Int, slot: Int) -> Int { group * items.count + slot }
}
