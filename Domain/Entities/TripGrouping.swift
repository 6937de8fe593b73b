/// Completed trips (`Spending.trips`) grouped into periods, such as months: the groups are
/// numbered `0..<count` in the order their first trip comes, and each has a label.
public struct TripGrouping: Sendable, Hashable {
    // A group number per trip: a storage's loop over a hundred thousand lines asks once per line.
    @usableFromInline let groupOfTrip: [Int]
    /// Each group's label, by group number.
    public let labels: [String]

    /// The trips of `trips` grouped by `label`: trips with the same label are one group.
    public init(_ trips: [TripSummary], by label: (TripSummary) throws -> String) rethrows {
        var numbers: [String: Int] = [:], labels: [String] = []
        groupOfTrip = try trips.map { trip in
            let text = try label(trip)
            if let number = numbers[text] { return number }
            numbers[text] = labels.count
            labels.append(text)
            return labels.count - 1
        }
        self.labels = labels
    }

    private init(groupOfTrip: [Int], labels: [String]) {
        self.groupOfTrip = groupOfTrip
        self.labels = labels
    }

    /// The trips of `trips` by the month they were completed in, labelled `YYYY-MM`.
    public static func months(of trips: [TripSummary]) -> TripGrouping {
        // By the month's number: its text is made once per month, not once per trip.
        var byMonth: [Int: Int] = [:], labels: [String] = []
        let groups = trips.map { trip -> Int in
            let day = trip.completedAt.day
            if let number = byMonth[day.monthNumber] { return number }
            byMonth[day.monthNumber] = labels.count
            labels.append(day.monthText)
            return labels.count - 1
        }
        return TripGrouping(groupOfTrip: groups, labels: labels)
    }

    /// How many groups there are.
    public var count: Int { labels.count }

    /// The group of trip `trip` (an index into `Spending.trips`).
    @inlinable public func group(of trip: Int) -> Int { groupOfTrip[trip] }

    /// The label of trip `trip`'s group.
    public func label(ofTrip trip: Int) -> String { labels[groupOfTrip[trip]] }

    /// The group labelled `label`, if any trip has it.
    public func group(labelled label: String) -> Int? { labels.firstIndex(of: label) }

    /// The trips of the groups whose label `isIncluded` says yes to.
    public func trips(inGroupsWhere isIncluded: (String) throws -> Bool) rethrows -> TripSelection {
        let chosen = try labels.map(isIncluded)
        return TripSelection(included: groupOfTrip.map { chosen[$0] })
    }
}
