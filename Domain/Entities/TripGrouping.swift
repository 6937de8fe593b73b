/// Completed trips (`Spending.trips`) grouped into periods, such as months: the groups
/// (`TripGroup`) come in the order their first trip comes, and each has a label.
public struct TripGrouping: Sendable, Hashable {
    // A group number per trip: a storage's loop over a hundred thousand lines asks once per line.
    @usableFromInline let groupOfTrip: [Int]
    /// Each group's label, by group number.
    public let labels: [String]

    /// The trips of `trips` grouped by `label`: trips with the same label are one group.
    public init(_ trips: [TripSummary], by label: (TripSummary) throws -> String) rethrows {
        self = try Self.numbering(trips, by: label, label: { _, text in text })
    }

    /// The trips of `trips` by the month they were completed in, labelled `YYYY-MM`.
    public static func months(of trips: [TripSummary]) -> TripGrouping {
        // By the month's number: its text is made once per month, not once per trip.
        numbering(trips, by: { $0.completedAt.day.monthNumber }, label: { trip, _ in trip.completedAt.day.monthText })
    }

    /// Numbers the groups in the order their first trip comes; `label` names a group from its
    /// first trip and key, once per group.
    private static func numbering<Key: Hashable>(_ trips: [TripSummary], by key: (TripSummary) throws -> Key,
                                                 label: (TripSummary, Key) -> String) rethrows -> TripGrouping {
        var numbers: [Key: Int] = [:], labels: [String] = []
        let groups = try trips.map { trip -> Int in
            let key = try key(trip)
            if let number = numbers[key] { return number }
            numbers[key] = labels.count
            labels.append(label(trip, key))
            return labels.count - 1
        }
        return TripGrouping(groupOfTrip: groups, labels: labels)
    }

    private init(groupOfTrip: [Int], labels: [String]) {
        self.groupOfTrip = groupOfTrip
        self.labels = labels
    }

    /// How many groups there are.
    public var count: Int { labels.count }

    /// Every group, in the order their first trip comes.
    public var groups: [TripGroup] { labels.indices.map(TripGroup.init(number:)) }

    /// The group of trip `trip` (an index into `Spending.trips`).
    @inlinable public func group(of trip: Int) -> TripGroup { TripGroup(number: groupOfTrip[trip]) }

    /// The label of `group`, a group of this grouping.
    public func label(of group: TripGroup) -> String { labels[group.number] }

    /// The label of trip `trip`'s group.
    public func label(ofTrip trip: Int) -> String { labels[groupOfTrip[trip]] }

    /// The group labelled `label`, if any trip has it.
    public func group(labelled label: String) -> TripGroup? { labels.firstIndex(of: label).map(TripGroup.init(number:)) }

    /// The trips of the groups whose label `isIncluded` says yes to.
    public func trips(inGroupsWhere isIncluded: (String) throws -> Bool) rethrows -> TripSelection {
        let chosen = try labels.map(isIncluded)
        return TripSelection(included: groupOfTrip.map { chosen[$0] })
    }
}
