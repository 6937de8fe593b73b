/// History one record at a time, in the order it was written: what `Storage.readWithHistory`
/// hands over. Each walk reads history afresh; a storage keeps no more of it in memory than
/// one cart.
public protocol HistoryReader {
    /// Calls `body` with every completed cart, whole, in the order of `completedCarts()`.
    func forEachCompletedCart(_ body: (Cart) throws -> Void) throws
    /// Calls `body` with every price recorded by hand, in the order of `manualObservations(of: nil)`.
    func forEachManualObservation(_ body: (PriceObservation) throws -> Void) throws
}

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
