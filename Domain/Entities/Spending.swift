/// Every completed trip and every line bought on them, in the order the trips were completed:
/// what insights, exports and price history are computed from.
///
/// How the lines are kept is the storage's business (`SpendingList` keeps them as values).
/// Exports and imports read the lines one by one (`forEachLine`); insights ask for the few sums
/// below instead, so that a storage adds them up in one pass over its own layout: one call per
/// question, never one per line. The extension gives every sum from the lines one by one, and
/// says what each means; a storage answers the same, only faster.
public protocol Spending: Sendable {
    /// The currency every amount is counted in.
    var currency: Currency { get }
    /// The completed trips, in the order they were completed.
    var trips: [TripSummary] { get }
    /// Calls `body` with every line bought, trip by trip in the order of `trips`, and stops at
    /// the first error it throws.
    func forEachLine(_ body: (PurchasedLine) throws -> Void) rethrows

    /// What the lines of the trips `selection` holds cost, per store and per category, and on
    /// how many of those trips.
    /// - Throws: `DomainError.amountOverflow` when a total does not fit.
    func totals(of selection: TripSelection) throws -> SpendingTotals
    /// For each vault item bought on the trips `selection` holds, in the order items were first
    /// bought (on any trip): its latest purchase, and its earliest at that purchase's store.
    func priceSpans(of selection: TripSelection) -> [PriceSpan]
    /// The basket of `base`, a group of `grouping`: the vault items bought in it (a line that
    /// held something), in the order first bought (on any trip), and what their lines cost and
    /// held (`PurchasedLine.baseQuantity`) in each group. Lines that hold nothing count for
    /// nothing; other items' lines are not added up at all.
    /// - Throws: `DomainError.amountOverflow` when a line's base quantity or a sum does not fit.
    func basketTotals(by grouping: TripGrouping, basketOf base: TripGroup) throws -> BasketTotals
    /// The groups of `grouping`, in its order, that hold a vault line that held something: the
    /// groups that have a basket.
    /// - Throws: `DomainError.amountOverflow` when a line's base quantity does not fit.
    func groupsBought(in grouping: TripGrouping) throws -> [TripGroup]
    /// The prices paid on trips, as price observations: one per bought vault line with a store,
    /// dated when its trip finished, of `item` only unless it is nil. They are derived, never
    /// stored twice.
    func paidObservations(of item: ItemID?) -> [PriceObservation]
}
