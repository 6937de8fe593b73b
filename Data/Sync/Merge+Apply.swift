/// Applying: the next segment of each other device, in order, checked at the boundary
/// (`SegmentCheck`) before any of its versions can win.
extension Merge {
    /// Applies the next segment of `other` when it is complete and comes after what is applied:
    /// the one numbered after the last applied, or, when that one is gone from the folder, a
    /// snapshot of `other`'s that covers it (a snapshot stands alone).
    mutating func applyNext(of other: String, into touched: inout Set<SyncKey>) throws -> Bool {
        let listed = listings[other]
        if let claim = index.claimed[other], let last = listed.numbers.last {
            // The device's folder is here now: what a snapshot said it covers spares only what it lacks.
            index.claimed[other] = nil
            skipMissing(of: other, through: min(claim, last))
        }
        let applied = index.applied[other] ?? -1
        guard let number = listed.numbers.first(where: { $0 > applied }), var copies = copies(of: other, number, in: listed) else {
            return false
        }
        // Segments before this one are gone from the folder: only a snapshot that covers them goes on.
        if number > applied + 1 {
            guard copies.allSatisfy({ $0.segment.isSnapshot && ($0.segment.after[other] ?? -1) >= number - 1 }) else {
                tally.wait(Merge.missing(applied + 1, of: other))
                return false
            }
        }
        for copy in copies {
            guard isReady(copy) else { return false }
            guard !copy.segment.isSnapshot else { continue }
            // It cannot come after a segment this device has not written: merged here, this
            // device's next segment would come after it, and a third device would wait for each
            // of the two behind the other, for good (27th review).
            if let claimed = copy.segment.after[device], claimed > index.sent {
                tally.damage("\(copy.name): it says it comes after segment \(claimed) of this device, which has written "
                                 + (index.sent < 0 ? "none" : "up to \(index.sent)"))
                return false
            }
            // Another segment comes after what it names (what a vanished device said comes in
            // a snapshot: its place in the order is gone).
            for (device, applied) in copy.segment.after.sorted(by: { $0.key < $1.key })
            where device != self.device && listings.present.contains(device) && (index.applied[device] ?? -1) < applied {
                if !listings[device].numbers.contains(applied) || device == other {
                    tally.wait("\(copy.name) comes after segment \(applied) of \(device), which is not in the folder yet")
                }
                return false
            }
        }
        for position in copies.indices {
            // A copy changed since it was checked waits for the next exchange (what was applied
            // of the others meanwhile is applied again then: twice is harmless).
            guard let versions = takeVersions(of: &copies[position], other, number) else { return false }
            try apply(versions, of: copies[position].segment, named: copies[position].name, into: &touched)
            if copies[position].segment.isSnapshot { markCovered(by: copies[position].segment) }
        }
        index.applied[other] = max(index.applied[other] ?? -1, number)
        return true
    }

    /// What a device's later segments wait for: its segment `number`, not in the folder yet
    /// (told by the exchange and by `sync status` alike).
    static func missing(_ number: Int, of device: String) -> String {
        "\(device)/\(Segment.fileName(number)) is not in the folder yet; \(device)'s later segments wait for it"
    }

    /// One copy of a segment number: its file, its name as told, the segment (its versions held
    /// only when it is the one file of its number) and the date of its latest change.
    struct SegmentCopy {
        let file: String
        let name: String
        var segment: Segment
        let latest: Int64
        let isHeld: Bool
    }

    /// The copies of segment `number` of `other` (one file, or a replicator's conflict copies),
    /// or nil once one is told as still arriving or damaged. Conflict copies are checked without
    /// their versions, to be read again and applied one at a time (`takeVersions`): held
    /// together, they would cost their sum (each up to 256 MiB, and nothing bounds how many a
    /// folder holds).
    mutating func copies(of other: String, _ number: Int, in listed: HouseholdFolder.Listing) -> [SegmentCopy]? {
        var copies: [SegmentCopy] = []
        if listed.files(number).count <= 1 {
            for (file, reading) in folder.read(other, number, household: household, in: listed) {
                guard let segment = complete(reading, named: "\(other)/\(file)") else { return nil }
                copies.append(SegmentCopy(file: file, name: "\(other)/\(file)", segment: segment, latest: latest(of: segment), isHeld: true))
            }
            return copies
        }
        for file in listed.files(number) {
            var latest: Int64 = 0
            let withdrawal = index.withdrawn[other]
            let reading = folder.read(other, file: file, number: number, household: household) { _, version in
                latest = max(latest, Withdrawal.date(of: version, of: other, unless: withdrawal, now: now))
            }
            guard let segment = complete(reading, named: "\(other)/\(file)") else { return nil }
            copies.append(SegmentCopy(file: file, name: "\(other)/\(file)", segment: segment, latest: latest, isHeld: false))
        }
        return copies
    }

    /// Whether a copy can be merged now: not dated ahead of the clock, and, for a snapshot,
    /// covering what it says it covers. Told when not.
    mutating func isReady(_ copy: SegmentCopy) -> Bool {
        if let reason = SegmentCheck.wait(latest: copy.latest, now: now) {
            tally.wait("\(copy.name): \(reason)")
            return false
        }
        if copy.segment.isSnapshot, let reason = coverageProblem(of: copy.segment) {
            tally.damage("\(copy.name): \(reason)")
            return false
        }
        return true
    }

    /// The versions of a copy checked by `isReady`, taken out of it: as held, or read again; nil
    /// when it changed since it was checked (it waits for the next exchange).
    mutating func takeVersions(of copy: inout SegmentCopy, _ other: String, _ number: Int) -> [SyncVersion]? {
        if !copy.isHeld {
            let reading = folder.read(other, file: copy.file, number: number, household: household)
            guard let whole = complete(reading, named: copy.name), whole.after == copy.segment.after,
                  whole.isSnapshot == copy.segment.isSnapshot,
                  SegmentCheck.wait(latest: latest(of: whole), now: now) == nil else { return nil }
            copy.segment = whole
        }
        return copy.segment.takeVersions()
    }

    /// When the latest change of a segment that counts was made (`SegmentCheck.date`): the changes
    /// its device took back (`Withdrawal`) are left out, so nothing waits for them.
    func latest(of segment: Segment) -> Int64 {
        let withdrawal = index.withdrawn[segment.device]
        return segment.versions.lazy.map { Withdrawal.date(of: $0, of: segment.device, unless: withdrawal, now: now) }.max() ?? 0
    }

    /// The segment a reading gives, or nil once it is noted as still arriving or damaged.
    mutating func complete(_ reading: Segment.Reading, named name: String) -> Segment? {
        switch reading {
        case .incomplete:
            tally.wait("\(name) is still arriving; a later exchange merges it")
            return nil
        case .damaged(let reason):
            tally.damage("\(name): \(reason)")
            return nil
        case .complete(let segment):
            return segment
        }
    }

    /// What a snapshot covers of a device whose segments are gone from the folder is in it: those
    /// need not be read to go on. Segments still in the folder are read all the same (twice is
    /// harmless), and so is one that turns up later (`applyTurnedUp`): a snapshot that claims
    /// more than it holds delays nothing it lacks, and loses nothing.
    mutating func markCovered(by segment: Segment) {
        for (covered, through) in segment.after.sorted(by: { $0.key < $1.key }) where covered != device {
            if listings.present.contains(covered) {
                skipMissing(of: covered, through: through)
            } else {
                // No folder of that device here yet: the claim waits for it (`applyNext`).
                index.claimed[covered] = max(index.claimed[covered] ?? -1, through)
            }
        }
    }

    /// Takes the segments of `other` after those applied, up to `through`, that the folder lacks as
    /// covered, up to the first it holds; each is remembered as skipped, to be read if it turns up.
    mutating func skipMissing(of other: String, through: Int) {
        let first = (index.applied[other] ?? -1) + 1
        // Up to the first segment listed after those applied: found in the listing, not counted
        // up to it (a claim of 99,999,999 would be as many steps).
        let next = listings[other].numbers.first { $0 >= first } ?? Int.max
        let applied = min(through, next - 1)
        guard applied >= first else { return }
        index.skipped[other, default: []].append(first...applied)
        index.applied[other] = applied
    }

    /// Reads the segments of `other` that were taken as covered while missing and are in the
    /// folder now: what they hold is merged like any segment's (an older version loses, as it
    /// would have then). One still arriving or damaged stays skipped and is told.
    mutating func applyTurnedUp(of other: String, into touched: inout Set<SyncKey>) throws {
        guard index.skipped[other] != nil else { return }
        let listed = listings[other]
        numbers: for number in listed.numbers where index.isSkipped(number, of: other) {
            guard var copies = copies(of: other, number, in: listed), copies.allSatisfy({ isReady($0) }) else { continue }
            for position in copies.indices {
                guard let versions = takeVersions(of: &copies[position], other, number) else { continue numbers }
                try apply(versions, of: copies[position].segment, named: copies[position].name, into: &touched)
            }
            index.read(number, of: other)
        }
    }

    /// Applies the versions of `segment`, taken out of it.
    mutating func apply(_ versions: consuming [SyncVersion], of segment: Segment, named name: String,
                        into touched: inout Set<SyncKey>) throws {
        let trusted = segment.isSnapshot && trustsStart
        if segment.isSnapshot { trustsStart = false }
        // Taken whole into data that holds nothing yet (a join), the start is written as it is
        // read; its stamped versions follow, on top of it.
        var start = try trusted && holdsNothing() ? StartAssembly() : nil
        var stamped: [SyncVersion] = []
        // Taken from the end in order, each version is let go once read: a join's start is
        // not held twice, as versions and as the things they make.
        var versions = versions
        versions.reverse()
        let withdrawal = index.withdrawn[segment.device]
        while let version = versions.popLast() {
            // Taken back by its device, which sends it again under a new id.
            if withdrawal?.withdraws(version, of: segment.device, now: now) == true { continue }
            let part: CheckedPart?
            switch check.verdict(version, in: segment) {
            case .refused(let reason):
                quarantine(["\(name): \(version.key): \(reason)"])
                continue
            case .accepted(let accepted): part = accepted
            }
            if version.stamp == .zero {
                // The household's start: taken whole by a device joining; otherwise it fills in only
                // what this device lacks (a snapshot written after a folder was lost), never deleting
                // or replacing what it holds.
                guard index.versions[version.key] == nil else { continue }
                if start != nil {
                    start?.add(part, of: version)
                    touched.remove(version.key)
                    continue
                }
                let fillsIn = try !trusted && version.payload != nil && base.snapshot[version.key] == nil
                    && base.part(version.key) == .absent
                if trusted || fillsIn {
                    base.fill(version.key, with: SyncPart(payload: version.payload, isBought: version.isBought, seen: version.seen))
                    touched.remove(version.key)
                    origins[version.key.owner] = name
                }
            } else if start != nil {
                stamped.append(version)
            } else {
                try add(version, from: name, into: &touched)
            }
        }
        guard let assembly = start else { return }
        start = nil
        try take(assembly, then: stamped, from: name, into: &touched)
    }

    /// Adds a version of segment `name` to the index, noting the key when it changed something here.
    mutating func add(_ version: SyncVersion, from name: String, into touched: inout Set<SyncKey>) throws {
        index.merged = max(index.merged, version.stamp)
        let before = try base.part(version.key)
        if try index.add(version, base: { before }) {
            touched.insert(version.key)
            origins[version.key.owner] = name
            // Counted when it changed something here (a snapshot repeats what was merged).
            tally.receive(version.stamp, changing: version.key)
        }
    }

    /// The refusal of a cart Grock cannot count, naming the segment it came from.
    func uncountable(_ cart: SyncKey, from name: String? = nil) -> String {
        "\(name ?? origins[cart] ?? "a merged change"): \(cart): it costs more than Grock can count, alone or with the spending before it"
    }

    /// Refused at the boundary: told in this exchange's report and kept in the index.
    mutating func quarantine(_ refusals: [String]) {
        tally.quarantine(refusals)
        // The index keeps the last `quarantineKept`: trimmed as they come, so that what is held
        // stays bounded whatever a segment holds.
        index.quarantined += refusals.suffix(SyncIndex.quarantineKept)
        if index.quarantined.count > 2 * SyncIndex.quarantineKept {
            index.quarantined.removeFirst(index.quarantined.count - SyncIndex.quarantineKept)
        }
    }

    /// A snapshot's `after` says up to which segment of each device it covers: never beyond what
    /// the folder holds of a device still in it, nor its own number.
    mutating func coverageProblem(of segment: Segment) -> String? {
        if let own = segment.after[segment.device], own >= segment.number {
            return "it says it covers its own segments up to \(own), though it is number \(segment.number)"
        }
        for (covered, through) in segment.after.sorted(by: { $0.key < $1.key })
        where covered != segment.device && listings.present.contains(covered) {
            let last = listings[covered].numbers.last ?? -1
            if through > last {
                let held = last < 0 ? "none" : "up to \(last)"
                return "it says it covers segments of \(covered) up to \(through), but the folder holds \(held)"
            }
        }
        return nil
    }
}
