/// A device joining takes the household's start whole: into data that holds nothing yet, the
/// founder's first segment is written as it is read (`StartAssembly`), each version let go once
/// checked. A start holds a version per thing of the household (100,000 purchases are 28 MB of
/// them): held all at once, with the things they make, they were most of a join's memory.
extension Merge {
    /// Whether the data holds nothing a start could replace: a device joining, its data made
    /// ready (`HouseholdSync.join`).
    func holdsNothing() throws -> Bool {
        try working.allStores().isEmpty && working.allCategories().isEmpty && !working.hasItems() && working.activeCarts().isEmpty
            && working.completedTrips().isEmpty && working.manualObservations(of: nil).isEmpty
    }

    /// Applies the founder's first segment as `applyNext` would, reading it version by version.
    mutating func applyStart(of founder: String, into touched: inout Set<SyncKey>) throws -> Bool {
        let name = "\(founder)/\(Segment.fileName(0))"
        var start = StartAssembly()
        var stamped: [SyncVersion] = [], refusals: [String] = []
        var latest: Int64 = 0
        let indexed = index.versions
        let reading = folder.read(founder, file: Segment.fileName(0), number: 0, household: household) { segment, version in
            guard segment.isSnapshot else { return }  // not a start: read as any segment below
            latest = max(latest, SegmentCheck.date(of: version))
            switch check.verdict(version, in: segment) {
            case .refused(let reason): refusals.append("\(name): \(version.key): \(reason)")
            case .accepted(let part):
                if version.stamp != .zero {
                    stamped.append(version)
                } else if indexed[version.key] == nil {
                    start.add(part, of: version)
                    if !touched.isEmpty { touched.remove(version.key) }
                }
            }
        }
        guard let segment = complete(reading, named: name) else { return false }
        guard segment.isSnapshot else { return try applyNext(of: founder, into: &touched) }
        if let reason = SegmentCheck.wait(latest: latest, now: now) {
            tally.wait("\(name): \(reason)")
            return false
        }
        if let reason = coverageProblem(of: segment) {
            tally.damage("\(name): \(reason)")
            return false
        }
        trustsStart = false
        quarantine(refusals)
        try take(start, then: stamped, from: name, into: &touched)
        markCovered(by: segment)
        index.applied[founder] = max(index.applied[founder] ?? -1, 0)
        return true
    }

    /// Writes a start taken whole into the data, then applies the stamped versions read with it
    /// on top (their base is what the start wrote).
    mutating func take(_ start: consuming StartAssembly, then stamped: [SyncVersion], from name: String,
                       into touched: inout Set<SyncKey>) throws {
        quarantine(try base.take(start).map { uncountable($0, from: name) })
        for version in stamped { try add(version, from: name, into: &touched) }
    }
}
