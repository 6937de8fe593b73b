import Domain


/// One exchange, inside the change that stores it: publish this device's outbox as a segment,
/// apply every complete segment of the others whose predecessors are applied, write the
/// winners into the data, repair, check.
struct Merge {
    let working: WorkingSet
    let folder: HouseholdFolder
    let household: String
    /// This device; a new id when the folder shows that another data directory writes as it
    /// (a copy of this one, or this one put back from a backup).
    private(set) var device: String
    private(set) var setup: LocalSyncState.Setup
    let local: LocalSyncState
    let sequence: Int
    let newDevice: @Sendable () -> String
    /// This device's clock (ms since 1970): a segment stamped far ahead of it waits.
    let now: Int64
    /// The device that started the household, when the household's file names it.
    let founder: String?
    /// The id this device had before it became a device of its own.
    private(set) var formerDevice: String?
    /// Why it became one: the folder holds segments of its id it did not write.
    private(set) var copyFound: String?

    var index: SyncIndex
    /// Changes sent (one per change made here: a price, a line bought, an import) and received
    /// (one per change another device made that changed something here, told by its stamp; the
    /// household's start counts none).
    private(set) var sent = 0
    var receivedStamps = Set<HybridTimestamp>()
    var received: Int { receivedStamps.count }
    var waiting: [String] = []
    var damaged: [String] = []
    /// Changes refused at the boundary in this exchange (`SegmentCheck`).
    var quarantined: [String] = []
    /// Checks each version from the folder before it can win.
    var check: SegmentCheck?
    /// Whether the next snapshot applied is this device's start, taken whole: a device that has
    /// merged nothing yet (it is joining). Any other snapshot only fills in what this device lacks.
    var trustsStart = false
    /// The number of the segment written, if any.
    private(set) var written: Int?
    /// The repairs, as this change's outbox entry.
    private(set) var outbox: [UInt8]?
    var owners: [SyncKey: [SyncKey: SyncPart]] = [:]
    /// Items and carts as the data held them before this exchange wrote anything.
    var items: [ItemID: Item?] = [:]
    var carts: [CartID: Cart?] = [:]
    var snapshot: [SyncKey: SyncPart] = [:]
    /// The parts a start taken whole wrote (`StartAssembly.written`) that the rest of the merge looks at again.
    var startWritten: [SyncKey: SyncPart] = [:]
    /// Versions a copy of this data directory wrote over one of its segments, told again.
    private var resent: [SyncVersion] = []
    /// The devices with a folder in the household folder.
    var present: Set<String> = []
    /// Each device's folder as listed in this exchange (this device's again after it writes).
    private var listings: [String: HouseholdFolder.Listing] = [:]

    mutating func listing(_ device: String) -> HouseholdFolder.Listing {
        if let listing = listings[device] { return listing }
        let listing = folder.listing(of: device)
        listings[device] = listing
        return listing
    }

    var indexBytes: [UInt8] { index.bytes }

    init(working: WorkingSet, folder: HouseholdFolder, household: String, founder: String?, setup: LocalSyncState.Setup, local: LocalSyncState,
         sequence: Int, now: Int64, newDevice: @escaping @Sendable () -> String) throws {
        self.working = working
        self.folder = folder
        self.household = household
        self.setup = setup
        device = setup.device
        self.local = local
        self.sequence = sequence
        self.newDevice = newDevice
        self.now = now
        self.founder = founder
        index = try local.index(device: setup.device, committed: sequence).0
    }

    mutating func run() throws {
        let currency = working.settings().currency
        check = SegmentCheck(parts: try SyncParts(currency: currency), currency: currency)
        trustsStart = index.applied.isEmpty && index.sent < 0
        // This device's own changes are written again where they lost to a version it had
        // merged before (a price seen earlier than one merged, a line bought elsewhere).
        var touched = try publish()
        present = Set(folder.devices())
        // A device joining takes the household's start first: the snapshot of the device that
        // started it (any other snapshot only fills in what this device lacks).
        if trustsStart, let founder, present.contains(founder), listing(founder).numbers.first == 0 {
            _ = try holdsNothing() && listing(founder).files(0).count == 1 ? applyStart(of: founder, into: &touched) : applyNext(of: founder, into: &touched)
        }
        var progress = true
        while progress {
            progress = false
            for other in present.sorted() where other != device {
                while try applyNext(of: other, into: &touched) { progress = true }
            }
        }
        // Moved, not copied: after a join it holds every thing of the household.
        var winners = snapshot
        snapshot = [:]
        for key in touched { winners[key] = index.winner(key).map { SyncPart(payload: $0.payload, isBought: $0.isBought, seen: $0.seen) } }
        let parts = try SyncParts(currency: working.settings().currency)
        if !winners.isEmpty { try Materializer(repositories: working, index: index, parts: parts).apply(winners) }
        let capture = ChangeCapture(working)
        // A line being planned follows a price merged as it follows a price set here.
        let today = Timestamp(secondsSince1970: now / 1000).day
        let changed = startWritten.isEmpty ? winners : winners.merging(startWritten) { winner, _ in winner }
        startWritten = [:]
        for key in changed.keys.filter({ $0.kind == .price }).sorted() {
            guard let item = try capture.item(ItemID(key.ids[0])) else { continue }
            let store = StoreID(key.ids[1])
            // A price gone there (forgotten): the line goes to the cheapest store, as on one device.
            try LinePlanner.replanPlannedLines(of: item, at: store, keepingStore: item.priceOption(at: store)?.currentPrice(on: today) != nil,
                                               in: capture, on: today)
        }
        try Materializer(repositories: capture, index: index, parts: parts).repair(items: Set(changed.keys.filter { $0.kind == .item }.map { $0.ids[0] }),
                                                                                       written: changed)
        let repairs = try capture.differences()
        if !repairs.isEmpty {
            let stamp = try local.tick(device: device, now: index.clock.milliseconds)
            outbox = OutboxEntry(sequence: sequence, stamp: stamp, summary: "settled what two devices did at once", undoes: -1, differences: repairs).bytes
        }
        try working.checkForSync()
        // Segments of a device that vanished (its folder deleted by hand, lost by a replicator):
        // what they said lives on in this device's data, written out whole for devices that
        // join later; the snapshot says up to which segment of each device it covers.
        var lost: [String: Int] = [:]
        var sentBefore = index.applied
        if index.sent >= 0 && formerDevice == nil { sentBefore[device] = index.sent }
        for (other, applied) in sentBefore.sorted(by: { $0.key < $1.key }) {
            if Merge.snapshotDue(listed: present.contains(other) ? listing(other).numbers : [], through: applied, gone: index.gone[other]) {
                lost[other] = applied
            }
        }
        if !lost.isEmpty {
            let number = index.sent + 1
            try local.writeSending(number)
            var covers = index.applied
            covers[device] = index.sent
            let checksum = try folder.write(Segment(household: household, device: device, number: number, after: covers, isSnapshot: true,
                                                    versions: try snapshotVersions()))
            index.lastSent = SyncIndex.SentSegment(checksum: checksum, from: index.published + 1)
            written = number
            index.sent = number
            index.gone.merge(lost) { max($0, $1) }
        }
        if folder.device(device) == nil { try folder.writeDevice(device, name: setup.name.isEmpty ? device : setup.name, left: false) }
    }

    /// Whether segments of a device, up to `applied`, vanished from the folder since the last
    /// snapshot this device wrote for them (`gone`): then what they said is written out again.
    static func snapshotDue(listed: [Int], through applied: Int, gone: Int?) -> Bool {
        guard applied >= 0 else { return false }
        let kept = Set(listed)
        guard let missing = (0...applied).last(where: { !kept.contains($0) }) else { return false }
        return missing > (gone ?? -1)
    }

    /// The data whole: the versions the index knows, and every other part stamped `.zero`.
    private func snapshotVersions() throws -> [SyncVersion] {
        var versions: [SyncVersion] = []
        for version in try HouseholdSync.snapshot(of: working) where index.versions[version.key] == nil { versions.append(version) }
        for key in index.versions.keys.sorted() { versions += index.versions[key]! }  // its own keys
        return versions
    }

    /// The part as the data holds it before this exchange writes anything.
    mutating func base(_ key: SyncKey) throws -> SyncPart {
        if let part = snapshot[key] { return part }
        switch key.owner.kind {
        case .item:
            let id = ItemID(key.owner.ids[0])
            if items[id] == nil { items[id] = .some(try working.item(id)) }
            return items[id]!.map { SyncParts.part(key, of: $0) } ?? .absent  // set just above
        case .cart:
            let id = CartID(key.owner.ids[0])
            if carts[id] == nil { carts[id] = .some(try working.cart(id)) }
            return carts[id]!.map { SyncParts.part(key, of: $0) } ?? .absent  // set just above
        default: break
        }
        if owners[key.owner] == nil { owners[key.owner] = try ChangeCapture(working).parts(of: key.owner) }
        if key.kind == .seen {
            // Prices seen are asked for item by item: read them all once.
            try working.preloadManualObservations()
            return SyncPart(payload: try Materializer.seenPayload(key, in: working))
        }
        return owners[key.owner]![key] ?? .absent  // set just above
    }

    /// Another data directory writes as this device (a copy of this one, or this one put back
    /// from a backup: the folder holds segments of this id this one never wrote). Both would
    /// number their segments alike and lose each other's: this one becomes a device of its own,
    /// having applied what it wrote as the other; the other's segments from `firstShared` on
    /// (both wrote those numbers: a replicator kept one file and a conflict copy) are merged
    /// as another device's, so each side's changes reach the other.
    private mutating func becomeADeviceOfItsOwn(firstShared: Int? = nil) throws {
        let former = device
        device = newDevice()
        formerDevice = former
        if let firstShared { index.applied[former] = firstShared - 1 } else if index.sent >= 0 { index.applied[former] = index.sent }
        index.sent = -1
        setup = LocalSyncState.Setup(device: device, folder: setup.folder, name: setup.name)
        try local.writeSetup(setup)
        try folder.writeDevice(device, name: setup.name.isEmpty ? device : setup.name, left: false)
    }

    private mutating func publish() throws -> Set<SyncKey> {
        if let shared = listing(device).firstConflict {
            // Two data directories wrote one number as this device, and the replicator kept both.
            try becomeADeviceOfItsOwn(firstShared: shared)
        } else if let lastSent = index.lastSent, index.sent >= 0, listing(device).numbers.contains(index.sent),
                  folder.checksum(of: device, index.sent) != lastSent.checksum {
            // Another data directory wrote this device's last number over it (a replicator that
            // keeps one of two files): its version is merged, and this one's changes sent again.
            let overwritten = index.sent
            try becomeADeviceOfItsOwn(firstShared: overwritten)
            index.published = min(index.published, lastSent.from - 1)
            // What the copy wrote in its place may be merged already by others as this device's
            // (they read that number once): told again under the new id, it reaches them.
            for case (_, .complete(let foreign)) in folder.read(formerDevice ?? "", overwritten, household: household) {
                resent = foreign.versions.filter { $0.stamp.device == formerDevice }.map { version in
                    SyncVersion(key: version.key, stamp: HybridTimestamp(milliseconds: version.stamp.milliseconds, counter: version.stamp.counter, device: device),
                                replaces: version.replaces, isBought: version.isBought, seen: version.seen, payload: version.payload)
                }
            }
        } else if let last = listing(device).numbers.last, last > index.sent {
            // Left by an exchange of this one's that was killed before it was committed: its
            // versions are sent again below (twice is harmless); else another directory's.
            if last == index.sent + 1 && local.sending() == last {
                index.sent = last
                index.lastSent = folder.checksum(of: device, last).map { SyncIndex.SentSegment(checksum: $0, from: index.published + 1) }
            } else {
                try becomeADeviceOfItsOwn()
            }
        }
        var versions: [SyncVersion] = []
        var lost = Set<SyncKey>()
        for version in resent {
            let base = try base(version.key)
            _ = try index.add(version, base: { base })
            versions.append(version)
        }
        let first = index.published + 1
        for number in local.outboxNumbers() where number > index.published && number < sequence {
            guard var entry = try local.outboxEntry(number) else { continue }
            if let formerDevice, entry.stamp.device == formerDevice {
                // Stamped as the device it was: the other data directory may have made the same stamp.
                entry = entry.restamped(device: device)
            }
            for (version, difference) in zip(entry.versions(replacing: { index.stamp($0) }), entry.differences) {
                _ = try index.add(version, base: { difference.before })
                versions.append(version)
                // The data holds this device's version; it is written again only if it lost.
                if index.winner(version.key)?.stamp == version.stamp { lost.remove(version.key) } else { lost.insert(version.key) }
            }
        }
        index.published = sequence - 1
        try keepPricesSeenOnce(versions)
        guard !versions.isEmpty else { return lost }
        let number = index.sent + 1
        try local.writeSending(number)
        let checksum = try folder.write(Segment(household: household, device: device, number: number, after: index.applied, isSnapshot: false,
                                                versions: versions))
        index.lastSent = SyncIndex.SentSegment(checksum: checksum, from: first)
        listings[device] = nil
        written = number
        index.sent = number
        sent = Set(versions.map(\.stamp)).count
        return lost
    }

    /// Prices seen are a set in a household (devices tell each other what they saw, not how
    /// often): a price this device recorded twice alike is kept once, as on every other device.
    private func keepPricesSeenOnce(_ versions: [SyncVersion]) throws {
        let recorded = versions.filter { $0.key.kind == .seen && $0.payload != nil }
        guard !recorded.isEmpty else { return }
        try working.preloadManualObservations()
        let parts = try SyncParts(currency: working.settings().currency)
        for version in recorded {
            let observation = try parts.observation(version.payload!, key: version.key)
            if try working.manualObservations(of: observation.item).count(where: { $0 == observation }) > 1 {
                try working.forget(observation)
                try working.record([observation])
            }
        }
    }

    /// Applies the next segment of `other` when it is complete and comes after what is applied:
    /// the one numbered after the last applied, or, when that one is gone from the folder, a
    /// snapshot of `other`'s that covers it (a snapshot stands alone).
    mutating func applyNext(of other: String, into touched: inout Set<SyncKey>) throws -> Bool {
        let applied = index.applied[other] ?? -1
        let listed = listing(other)
        guard let number = listed.numbers.first(where: { $0 > applied }) else { return false }
        var readings = folder.read(other, number, household: household, in: listed)
        var segments: [(file: String, segment: Segment)] = []
        for (file, reading) in readings {
            let name = "\(other)/\(file)"
            switch reading {
            case .incomplete:
                note(&waiting, "\(name) is still arriving; a later grock sync merges it")
                return false
            case .damaged(let reason):
                note(&damaged, "\(name): \(reason)")
                return false
            case .complete(let segment):
                segments.append((name, segment))
            }
        }
        readings = []  // the segments are held once, in `segments`
        // Segments before this one are gone from the folder: only a snapshot that covers them goes on.
        if number > applied + 1 {
            guard segments.allSatisfy({ $0.segment.isSnapshot && ($0.segment.after[other] ?? -1) >= number - 1 }) else {
                note(&waiting, "\(other)/\(Segment.fileName(applied + 1)) is not in the folder yet; \(other)'s later segments wait for it")
                return false
            }
        }
        for (name, segment) in segments {
            if let reason = SegmentCheck.wait(segment, now: now) {
                note(&waiting, "\(name): \(reason)")
                return false
            }
            if segment.isSnapshot {
                if let reason = coverageProblem(of: segment) {
                    note(&damaged, "\(name): \(reason)")
                    return false
                }
            } else {
                // Another segment comes after what it names (what a vanished device said comes in
                // a snapshot: its place in the order is gone).
                for (device, applied) in segment.after.sorted(by: { $0.key < $1.key }) where device != self.device && present.contains(device)
                    && (index.applied[device] ?? -1) < applied {
                    if !listing(device).numbers.contains(applied) || device == other {
                        note(&waiting, "\(name) comes after segment \(applied) of \(device), which is not in the folder yet")
                    }
                    return false
                }
            }
        }
        for position in segments.indices {
            let (name, versions) = (segments[position].file, segments[position].segment.takeVersions())
            let segment = segments[position].segment
            try apply(versions, of: segment, named: name, into: &touched)
            if segment.isSnapshot { markCovered(by: segment) }
        }
        index.applied[other] = max(index.applied[other] ?? -1, number)
        return true
    }

    /// What a snapshot covers of a device whose segments are gone from the folder is in it: those
    /// need not be read. Segments still in the folder are read all the same (twice is harmless),
    /// so a snapshot that claims more than it holds loses nothing.
    mutating func markCovered(by segment: Segment) {
        for (covered, through) in segment.after.sorted(by: { $0.key < $1.key }) where covered != device {
            var applied = index.applied[covered] ?? -1
            if present.contains(covered) {
                let listed = Set(listing(covered).numbers)
                while applied < through && !listed.contains(applied + 1) { applied += 1 }
            } else {
                applied = max(applied, through)
            }
            index.applied[covered] = applied
        }
    }

    /// Applies the versions of `segment`, taken out of it.
    private mutating func apply(_ versions: consuming [SyncVersion], of segment: Segment, named name: String, into touched: inout Set<SyncKey>) throws {
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
        while let version = versions.popLast() {
            guard let check else { break }  // set by `run` before any segment is read
            let part: CheckedPart?
            switch check.verdict(version, in: segment) {
            case .refused(let reason):
                let refusal = "\(name): \(version.key): \(reason)"
                quarantined.append(refusal)
                index.quarantined.append(refusal)
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
                let fillsIn = try !trusted && version.payload != nil && snapshot[version.key] == nil && base(version.key) == .absent
                if trusted || fillsIn {
                    snapshot[version.key] = SyncPart(payload: version.payload, isBought: version.isBought, seen: version.seen)
                    touched.remove(version.key)
                }
            } else if start != nil {
                stamped.append(version)
            } else {
                try add(version, into: &touched)
            }
        }
        guard let assembly = start else { return }
        start = nil
        try take(assembly, then: stamped, into: &touched)
    }

    mutating func add(_ version: SyncVersion, into touched: inout Set<SyncKey>) throws {
        let base = try base(version.key)
        if try index.add(version, base: { base }) {
            touched.insert(version.key)
            // Counted when it changed something here (a snapshot repeats what was merged).
            receivedStamps.insert(version.stamp)
        }
    }

    /// A snapshot's `after` says up to which segment of each device it covers: never beyond what
    /// the folder holds of a device still in it, nor its own number.
    mutating func coverageProblem(of segment: Segment) -> String? {
        if let own = segment.after[segment.device], own >= segment.number {
            return "it says it covers its own segments up to \(own), though it is number \(segment.number)"
        }
        for (covered, through) in segment.after.sorted(by: { $0.key < $1.key }) where covered != segment.device && present.contains(covered) {
            let last = listing(covered).numbers.last ?? -1
            if through > last {
                return "it says it covers segments of \(covered) up to \(through), but the folder holds \(last < 0 ? "none" : "up to \(last)")"
            }
        }
        return nil
    }

    func note(_ list: inout [String], _ message: String) {
        if !list.contains(message) { list.append(message) }
    }
}

extension WorkingSet {
    /// Refuses data a merge must never store: what loading it again would refuse.
    func checkForSync() throws {
        do {
            let record = state.record(vault: nil, history: nil, historyBytes: 0, months: nil, undo: UndoRecord(nextSequence: 0, entries: []))
            _ = try ActiveState(record)
            for item in changedItems.values { try state.check(item) }
            // Two items of one name cannot be left: `Materializer.repair` renamed every clash
            // among the items written, looking at every item's name.
        } catch let error as RecordError {
            throw SyncError.damaged(what: "the merged data", reason: "\(error)")
        }
    }
}
