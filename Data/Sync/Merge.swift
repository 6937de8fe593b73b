import Domain


/// One exchange, inside the change that stores it: publish this device's outbox as a segment,
/// apply every complete segment of the others whose predecessors are applied, write the
/// winners into the data, repair, check.
///
/// Its state, by concern: who this device is (`identity`), what the folder holds (`listings`),
/// the parts as they stood (`base`), what is merged (`index`) and what the exchange tells
/// (`tally`).
struct Merge {
    let working: WorkingSet
    let folder: HouseholdFolder
    let household: String
    let local: LocalSyncState
    let sequence: Int
    let newDevice: @Sendable () -> String
    /// This device's clock (ms since 1970): a segment stamped far ahead of it waits.
    let now: Int64
    /// The device that started the household, when the household's file names it.
    let founder: String?
    /// Whether this device is joining: it takes a start, and its `device` file is written once
    /// the join has committed (a join that fails leaves no device in the folder).
    let joining: Bool
    /// Checks each version from the folder before it can win.
    let check: SegmentCheck
    /// Whether this exchange restamps this device's changes stamped ahead (`restamp`).
    let restamping: Bool

    /// This device; a new id when the folder shows that another data directory writes as it.
    var identity: DeviceIdentity
    var listings: FolderListings
    var base: BaseParts
    var index: SyncIndex
    var tally = MergeTally()
    /// Whether the next snapshot applied is this device's start, taken whole: a device that has
    /// merged nothing yet (it is joining). Any other snapshot only fills in what this device lacks.
    var trustsStart: Bool
    /// The repairs, as this change's outbox entry.
    var outbox: [UInt8]?
    /// The segment that last changed each thing here, by the thing's key: what a refusal made
    /// after the versions are applied names (`uncountable`).
    var origins: [SyncKey: String] = [:]
    /// Why this device took a new id in this exchange, when it did not find a copy of itself.
    var why: SyncReport.NewIdentity?
    /// The devices other than this one whose `device` file this exchange wrote (the ids it had
    /// before a restamp): pushed with its own files.
    var formerFilesWritten: Set<String> = []

    var device: String { identity.device }
    /// Whether a start was taken whole in this exchange (a device joining must take one).
    var tookStart: Bool { joining && !trustsStart }
    var indexBytes: [UInt8] { get throws { try index.bytes } }

    init(working: WorkingSet, folder: HouseholdFolder, household: String, founder: String?, setup: LocalSyncState.Setup, joining: Bool,
         restamping: Bool = false, local: LocalSyncState, sequence: Int, now: Int64, newDevice: @escaping @Sendable () -> String) throws {
        self.working = working
        self.folder = folder
        self.household = household
        self.local = local
        self.sequence = sequence
        self.newDevice = newDevice
        self.now = now
        self.founder = founder
        self.joining = joining
        self.restamping = restamping
        identity = DeviceIdentity(setup)
        listings = FolderListings(folder)
        base = BaseParts(working)
        index = try local.index(device: setup.device, committed: sequence).0
        if let committed = index.device, committed != setup.device { identity.resume(committed) }
        let currency = working.settings().currency
        check = SegmentCheck(parts: try SyncParts(currency: currency), currency: currency)
        trustsStart = index.applied.isEmpty && index.sent < 0
    }

    mutating func run() throws {
        if restamping { try requireRestampable() }
        // This device's own changes are written again where they lost to a version it had
        // merged before (a price seen earlier than one merged, a line bought elsewhere).
        var touched = try publish()
        listings.listDevices()
        touched.formUnion(try readWithdrawals())
        // A device joining takes the household's start first: the snapshot of the device that
        // started it (any other snapshot only fills in what this device lacks).
        if trustsStart, let founder, listings.present.contains(founder), listings[founder].numbers.first == 0 {
            if try holdsNothing() && listings[founder].files(0).count == 1 {
                _ = try applyStart(of: founder, into: &touched)
            } else {
                _ = try applyNext(of: founder, into: &touched)
            }
        }
        var progress = true
        while progress {
            progress = false
            for other in listings.present.sorted() where other != device {
                while try applyNext(of: other, into: &touched) { progress = true }
            }
        }
        for other in listings.present.sorted() where other != device { try applyTurnedUp(of: other, into: &touched) }
        // After what the others said: the stamps given anew come after all of it.
        if restamping { touched.formUnion(try restamp()) }
        // A wall clock that once read far ahead leaves this device's clock there (a hybrid clock
        // never goes back): every change it stamps is as far ahead, and the other devices merge
        // them only when their clocks are that late. Told on each exchange until restamped.
        if isAhead { tally.stampedAhead = index.clock.milliseconds }
        var winners = base.takeSnapshot()
        for key in touched { winners[key] = index.winner(key).map { SyncPart(payload: $0.payload, isBought: $0.isBought, seen: $0.seen) } }
        let parts = try SyncParts(currency: working.settings().currency)
        if !winners.isEmpty {
            let refused = try Materializer(repositories: working, index: index, parts: parts).apply(winners)
            refused.forEach { tally.refuse($0) }
            quarantine(refused.map { uncountable($0) })
        }
        let capture = ChangeCapture(working)
        // A line being planned follows a price merged as it follows a price set here.
        let today = Timestamp(clamping: now / 1000).day
        let startWritten = base.takeStartWritten()
        let changed = startWritten.isEmpty ? winners : winners.merging(startWritten) { winner, _ in winner }
        // A start taken whole is the household's data as it is: its lines are planned as its
        // devices planned them (following its prices here would send a change nobody made).
        for key in winners.keys.filter({ $0.kind == .price }).sorted() {
            guard let item = try capture.item(ItemID(key.ids[0])) else { continue }
            let store = StoreID(key.ids[1])
            // A price gone there (forgotten): the line goes to the cheapest store, as on one device.
            // A cart whose plan cannot follow the price and still be counted (100,000 kg at a
            // price per milligram) keeps its plan, alike on every device.
            let left = try LinePlanner.replanPlannedLines(of: item, at: store,
                                                          keepingStore: item.priceOption(at: store)?.currentPrice(on: today) != nil,
                                                          in: capture, on: today, leavingUncountable: true)
            quarantine(left.map { cart in
                "\(origins[key.owner] ?? "a merged change"): \(key): cart \(Echo.quoted(cart)) keeps its plan, "
                    + "as following this price it would cost more than Grock can count"
            })
        }
        try Materializer(repositories: capture, index: index, parts: parts)
            .repair(items: Set(changed.keys.filter { $0.kind == .item }.map { $0.ids[0] }), written: changed)
        let repairs = try capture.differences()
        if !repairs.isEmpty {
            // After every version merged, counter too: a repair stamped before the version it
            // replaces is refused by every other device. From the index's clock alone, which
            // holds every stamp of this device's changes once they are published (the `clock`
            // file is last exchange's, far ahead still in the exchange that restamps).
            var clock = HybridClock(device: device, latest: index.clock)
            let stamp = clock.tick(now: now)
            outbox = try OutboxEntry(sequence: sequence, stamp: stamp, summary: "settled what two devices did at once",
                                     kind: .repair, differences: repairs).bytes
        }
        try working.checkForSync()
        try writeSnapshotIfLost()
        index.device = device
        if !joining, folder.device(device) == nil { try folder.writeDevice(device, name: identity.name, left: false) }
    }
}
