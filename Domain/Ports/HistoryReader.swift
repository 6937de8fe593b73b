/// History one record at a time, in the order it was written: what `Storage.readWithHistory`
/// hands over. Each walk reads history afresh; a storage keeps no more of it in memory than
/// one cart.
public protocol HistoryReader {
    /// Calls `body` with every completed cart, whole, in the order of `completedCarts()`.
    func forEachCompletedCart(_ body: (Cart) throws -> Void) throws
    /// Calls `body` with every price recorded by hand, in the order of `manualObservations(of: nil)`.
    func forEachManualObservation(_ body: (PriceObservation) throws -> Void) throws
}
