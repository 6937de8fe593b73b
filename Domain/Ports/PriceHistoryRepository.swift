/// Prices seen on shelves and in flyers. Prices paid on trips are not recorded here: they
/// are the completed carts' own lines (`Spending.paidObservations`), so a reopened or
/// deleted trip takes its prices with it.
public protocol PriceHistoryRepository: AnyObject {
    /// The prices recorded by hand, in the order recorded; all items when `item` is nil.
    func manualObservations(of item: ItemID?) throws -> [PriceObservation]
    /// Records prices seen by hand (source `.manual`).
    func record(_ observations: [PriceObservation]) throws
    /// Takes a price seen by hand out of the history (a wrong one): every equal one recorded
    /// before no longer counts.
    func forget(_ observation: PriceObservation) throws
}
