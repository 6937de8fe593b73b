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
    /// The id this device had before it became a device of its own.
    private(set) var formerDevice: String?

    private(set) var index: SyncIndex
    private(set) var sent = 0
    private(set) var received = 0
    private(set) var waiting: [String] = []
    private(set) var damaged: [String] = []
    /// The number of the segment written, if any.
    private(set) var written: Int?
    /// The repairs, as this change's outbox entry.
    private(set) var outbox: [UInt8]?
    private var owners: [SyncKey: [SyncKey: SyncPart]] = [:]
    /// Items and carts as the data held them before this exchange wrote anything.
    private var items: [ItemID: Item?] = [:]
    private var carts: [CartID: Cart?] = [:]
    private var snapshot: [SyncKey: SyncPart] = [:]
    /// The devices with a folder in the household folder.
    private var present: Set<String> = []

    var indexBytes: [UInt8] { index.bytes }

    init(working: WorkingSet, folder: HouseholdFolder, household: String, setup: LocalSyncState.Setup, local: LocalSyncState, sequence: Int,
         newDevice: @escaping @Sendable () -> String) throws {
        self.working = working
        self.folder = folder
        self.household = household
        self.setup = setup
        device = setup.device
        self.local = local
        self.sequence = sequence
        self.newDevice = newDevice
        index = try local.index(device: setup.device, committed: sequence).0
    }

    mutating func run() throws {
        // This device's own changes are written again where they lost to a version it had
        // merged before (a price seen earlier than one merged, a line bought elsewhere).
        var touched = try publish()
        present = Set(folder.devices())
        var progress = true
        while progress {
            progress = false
            for other in present.sorted() where other != device {
                while try applyNext(of: other, into: &touched) { progress = true }
            }
        }
        var winners = snapshot
        for key in touched { winners[key] = index.winner(key).map { SyncPart(payload: $0.payload, isBought: $0.isBought, seen: $0.seen) } }
        let parts = try SyncParts(currency: working.settings().currency)
        if !winners.isEmpty { try Materializer(repositories: working, index: index, parts: parts).apply(winners) }
        let capture = ChangeCapture(working)
        try Materializer(repositories: capture, index: index, parts: parts).repair(items: Set(winners.keys.filter { $0.kind == .item }.map { $0.ids[0] }))
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
        for (other, applied) in index.applied where other != device {
            let kept = Set(present.contains(other) ? folder.segments(of: other) : [])
            if let missing = (0...max(applied, 0)).last(where: { $0 <= applied && !kept.contains($0) }), missing > (index.gone[other] ?? -1) {
                lost[other] = applied
            }
        }
        if !lost.isEmpty {
            let number = index.sent + 1
            try local.writeSending(number)
            var covers = index.applied
            covers[device] = index.sent
            try folder.write(Segment(household: household, device: device, number: number, after: covers, isSnapshot: true, versions: try snapshotVersions()))
            written = number
            index.sent = number
            index.gone.merge(lost) { max($0, $1) }
        }
        if folder.device(device) == nil { try folder.writeDevice(device, name: setup.name.isEmpty ? device : setup.name, left: false) }
    }

    /// The data whole: the versions the index knows, and every other part stamped `.zero`.
    private func snapshotVersions() throws -> [SyncVersion] {
        var versions: [SyncVersion] = []
        for version in try HouseholdSync.snapshot(of: working) where index.versions[version.key] == nil { versions.append(version) }
        for key in index.versions.keys.sorted() { versions += index.versions[key]! }
        return versions
    }

    /// The part as the data holds it before this exchange writes anything.
    private mutating func base(_ key: SyncKey) throws -> SyncPart {
        if let part = snapshot[key] { return part }
        switch key.owner.kind {
        case .item:
            let id = ItemID(key.owner.ids[0])
            if items[id] == nil { items[id] = .some(try working.item(id)) }
            return items[id]!.map { SyncParts.part(key, of: $0) } ?? .absent
        case .cart:
            let id = CartID(key.owner.ids[0])
            if carts[id] == nil { carts[id] = .some(try working.cart(id)) }
            return carts[id]!.map { SyncParts.part(key, of: $0) } ?? .absent
        default: break
        }
        if owners[key.owner] == nil { owners[key.owner] = try ChangeCapture(working).parts(of: key.owner) }
        if key.kind == .seen {
            // Prices seen are asked for item by item: read them all once.
            try working.preloadManualObservations()
            return SyncPart(payload: try Materializer.seenPayload(key, in: working))
        }
        return owners[key.owner]![key] ?? .absent
    }

    /// Another data directory writes as this device (a copy of this one, or this one put back
    /// from a backup: the folder holds segments of this id this one never wrote). Both would
    /// number their segments alike and lose each other's: this one becomes a device of its own,
    /// having applied what it wrote as the other.
    private mutating func becomeADeviceOfItsOwn() throws {
        let former = device
        device = newDevice()
        formerDevice = former
        if index.sent >= 0 { index.applied[former] = index.sent }
        index.sent = -1
        setup = LocalSyncState.Setup(device: device, folder: setup.folder, name: setup.name)
        try local.writeSetup(setup)
        try folder.writeDevice(device, name: setup.name.isEmpty ? device : setup.name, left: false)
    }

    private mutating func publish() throws -> Set<SyncKey> {
        if let last = folder.segments(of: device).last, last > index.sent {
            // Left by an exchange of this one's that was killed before it was committed: its
            // versions are sent again below (twice is harmless); else another directory's.
            if last == index.sent + 1 && local.sending() == last { index.sent = last } else { try becomeADeviceOfItsOwn() }
        }
        var versions: [SyncVersion] = []
        var lost = Set<SyncKey>()
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
        try folder.write(Segment(household: household, device: device, number: number, after: index.applied, isSnapshot: false, versions: versions))
        written = number
        index.sent = number
        sent = versions.count
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

    /// Applies the next segment of `other` when it is complete and comes after what is applied.
    private mutating func applyNext(of other: String, into touched: inout Set<SyncKey>) throws -> Bool {
        let number = (index.applied[other] ?? -1) + 1
        let name = "\(other)/\(Segment.fileName(number))"
        guard folder.segments(of: other).contains(number) else { return false }
        switch folder.read(other, number, household: household) {
        case .incomplete:
            if !waiting.contains(name) { waiting.append(name) }
            return false
        case .damaged(let reason):
            if !damaged.contains(name) { damaged.append("\(name): \(reason)") }
            return false
        case .complete(let segment):
            // A snapshot stands alone; another segment comes after what it names (what a
            // vanished device said comes in a snapshot: its place in the order is gone).
            if !segment.isSnapshot {
                for (device, applied) in segment.after where device != self.device && present.contains(device)
                    && (index.applied[device] ?? -1) < applied { return false }
            }
            for version in segment.versions {
                if segment.isSnapshot && version.stamp == .zero && index.versions[version.key] == nil {
                    snapshot[version.key] = SyncPart(payload: version.payload, isBought: version.isBought, seen: version.seen)
                    touched.remove(version.key)
                } else {
                    let base = try base(version.key)
                    if try index.add(version, base: { base }) { touched.insert(version.key) }
                }
                received += 1
            }
            index.applied[other] = number
            if segment.isSnapshot {
                // What it covers of each device is in it: those segments need not be read.
                for (covered, through) in segment.after where covered != device { index.applied[covered] = max(index.applied[covered] ?? -1, through) }
            }
            waiting.removeAll { $0 == name }
            return true
        }
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
