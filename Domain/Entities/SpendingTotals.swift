/// What `Spending.totals(of:)` adds up.
public struct SpendingTotals: Sendable, Hashable {
    /// What a group of lines cost, and on how many trips.
    public struct Total: Sendable, Hashable {
        /// What the lines cost.
        public let amount: Money
        /// On how many different trips they were bought.
        public let trips: Int

        /// A total as added up.
        public init(amount: Money, trips: Int) {
            self.amount = amount
            self.trips = trips
        }
    }

    /// By store; nil for lines bought at no store.
    public let byStore: [StoreID?: Total]
    /// By the category a line had; nil for impulse buys.
    public let byCategory: [String?: Total]

    /// Totals as added up.
    public init(byStore: [StoreID?: Total], byCategory: [String?: Total]) {
        self.byStore = byStore
        self.byCategory = byCategory
    }
}
