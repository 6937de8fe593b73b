/// Spending kept as plain values: for a storage that holds few completed carts (a test's fake,
/// a preview), which then answers every sum the way `Spending`'s extension says.
public struct SpendingList: Spending, Hashable {
    /// The currency of every amount.
    public let currency: Currency
    /// The completed trips, in the order given.
    public private(set) var trips: [TripSummary] = []
    /// Their bought lines, trip by trip.
    public private(set) var lines: [PurchasedLine] = []

    /// No spending.
    public init(currency: Currency) { self.currency = currency }

    /// The spending of completed carts, in the order given.
    /// - Throws: `DomainError.amountOverflow` when a line's cost does not fit.
    public init(completedCarts carts: [Cart], currency: Currency) throws {
        self.init(currency: currency)
        for cart in carts {
            trips.append(try TripSummary(cart))
            lines += try PurchasedLine.bought(on: cart, trip: trips.count - 1, currency: currency)
        }
    }

    /// Calls `body` with each of `lines`, in order.
    public func forEachLine(_ body: (PurchasedLine) throws -> Void) rethrows { try lines.forEach(body) }

    /// The lines of one item only, with the trips they were bought on (in the same order).
    public func lines(of item: ItemID) -> SpendingList {
        var kept = SpendingList(currency: currency)
        var renumbered: [Int: Int] = [:]
        for line in lines where line.itemID == item {
            let trip: Int
            if let known = renumbered[line.trip] {
                trip = known
            } else {
                trip = kept.trips.count
                renumbered[line.trip] = trip
                kept.trips.append(trips[line.trip])
            }
            kept.lines.append(PurchasedLine(trip: trip, itemID: line.itemID, item: line.item, category: line.category, store: line.store,
                                            unit: line.unit, basis: line.basis, quantity: line.quantity, price: line.price,
                                            cost: line.cost))
        }
        return kept
    }
}
