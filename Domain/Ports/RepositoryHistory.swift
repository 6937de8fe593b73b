/// `HistoryReader` over the repositories' whole-history questions, all at once: for a storage
/// that holds history in memory anyway.
public struct RepositoryHistory: HistoryReader {
    let repositories: any Repositories

    /// A reader over `repositories`, asking them for history whole.
    public init(repositories: any Repositories) { self.repositories = repositories }

    /// Reads `completedCarts()` whole, then calls `body` with each.
    public func forEachCompletedCart(_ body: (Cart) throws -> Void) throws {
        for cart in try repositories.completedCarts() { try body(cart) }
    }

    /// Reads `manualObservations(of: nil)` whole, then calls `body` with each.
    public func forEachManualObservation(_ body: (PriceObservation) throws -> Void) throws {
        for observation in try repositories.manualObservations(of: nil) { try body(observation) }
    }
}
