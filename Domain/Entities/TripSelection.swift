/// Which completed trips (`Spending.trips`) a question about spending is about: the trips of
/// some months, say (`TripGrouping.trips(inGroupsWhere:)`).
public struct TripSelection: Sendable, Hashable {
    // One flag per trip: a storage's loop over a hundred thousand lines asks once per line.
    @usableFromInline let included: [Bool]

    init(included: [Bool]) { self.included = included }

    /// The trips of `trips` that `isIncluded` says yes to.
    public init(_ trips: [TripSummary], where isIncluded: (TripSummary) throws -> Bool) rethrows {
        included = try trips.map(isIncluded)
    }

    /// Whether trip `trip` (an index into `Spending.trips`) is one of them.
    @inlinable public func contains(_ trip: Int) -> Bool { included[trip] }
}
