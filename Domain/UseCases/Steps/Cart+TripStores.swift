/// Where a trip has shopped, for `LogPurchase` and `AddImpulseItem` to take as the store of a
/// line bought without one.
extension Cart {
    /// The store the trip has bought at, when it has bought at exactly one.
    var onlyStoreBoughtAt: StoreID? {
        let stores = Set(lines.filter(\.isFulfilled).compactMap(\.actualStore))
        return stores.count == 1 ? stores.first : nil
    }

    /// The store every planned line is planned at, when there is exactly one.
    var onlyPlannedStore: StoreID? {
        let stores = Set(lines.compactMap(\.plannedStore))
        return stores.count == 1 ? stores.first : nil
    }
}
