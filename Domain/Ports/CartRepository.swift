/// Carts: the active ones are cheap to reach; completed ones are history.
public protocol CartRepository: AnyObject {
    /// Planning and shopping carts, oldest first. Does not read history.
    func activeCarts() throws -> [Cart]
    /// Completed carts, in the order they were completed, whole. Reads all of history: for
    /// backups; everything else asks `completedTrips()` or `spending()`.
    func completedCarts() throws -> [Cart]
    /// Completed trips in brief, in the order they were completed.
    func completedTrips() throws -> [TripSummary]
    /// What completed trips spent per month, in month order; a storage may keep this up to date
    /// so that it costs nothing to ask.
    func spendingByMonth() throws -> [MonthSpending]
    /// Completed trips and their bought lines, for insights, exports and price history.
    func spending() throws -> any Spending
    /// The bought lines of one item only, with the trips they were bought on.
    func spending(of item: ItemID) throws -> any Spending
    /// One cart, active or completed.
    func cart(_ id: CartID) throws -> Cart?
    /// Stores the cart; its status decides whether it is active or history.
    func save(_ cart: Cart) throws
    /// Deletes the cart, active or completed; a completed one takes its lines out of history.
    func deleteCart(_ id: CartID) throws
}
