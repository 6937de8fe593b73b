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
    var device: String
    var setup: LocalSyncState.Setup
    let local: LocalSyncState
    let sequence: Int
    let newDevice: @Sendable () -> String
    /// This device's clock (ms since 1970): a segment stamped far ahead of it waits.
    let now: Int64
    /// The device that started the household, when the household's file names it.
    let founder: String?
    /// The id this device had before it became a device of its own.
    var formerDevice: String?
    /// Why it became one: the folder holds segments of its id it did not write.
    var copyFound: String?

    var index: SyncIndex
    /// Changes sent (one per change made here: a price, a line bought, an import) and received
    /// (one per change another device made that changed something here, told by its stamp; the
    /// household's start counts none).
    var sent = 0
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
    /// Whether this device is joining: it takes a start, and its `device` file is written once
    /// the join has committed (a join that fails leaves no device in the folder).
    var joining = false
    /// Whether a start was taken whole in this exchange (a device joining must take one).
    var tookStart: Bool { joining && !trustsStart }
    /// The number of the segment written, if any.
    var written: Int?
    /// The repairs, as this change's outbox entry.
    var outbox: [UInt8]?
    var owners: [SyncKey: [SyncKey: SyncPart]] = [:]
    /// Items and carts as the data held them before this exchange wrote anything.
    var items: [ItemID: Item?] = [:]
    var carts: [CartID: Cart?] = [:]
    var snapshot: [SyncKey: SyncPart] = [:]
    /// The parts a start taken whole wrote (`StartAssembly.written`) that the rest of the merge looks at again.
    var startWritten: [SyncKey: SyncPart] = [:]
    /// Versions a copy of this data directory wrote over one of its segments, told again.
    var resent: [SyncVersion] = []
    /// The devices with a folder in the household folder.
    var present: Set<String> = []
    /// Each device's folder as listed in this exchange (this device's again after it writes).
    var listings: [String: HouseholdFolder.Listing] = [:]

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
        // A start taken whole is the household's data as it is: its lines are planned as its
        // devices planned them (following its prices here would send a change nobody made).
        for key in winners.keys.filter({ $0.kind == .price }).sorted() {
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
            let stamp = try local.tick(device: device, now: max(now, index.clock.milliseconds))
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
        if !joining, folder.device(device) == nil { try folder.writeDevice(device, name: setup.name.isEmpty ? device : setup.name, left: false) }
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

    func note(_ list: inout [String], _ message: String) {
        if !list.contains(message) { list.append(message) }
    }
}
