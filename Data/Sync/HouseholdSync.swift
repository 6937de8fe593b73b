import Domain
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Sets a data directory up to sync with a household folder and exchanges changes with it.
/// See docs/SYNC.md.
public struct HouseholdSync: Sendable {
    let storage: FileStorage
    let local: LocalSyncState
    let transport: any FolderTransport
    /// A new device id, for a data directory found to be a copy of another device's.
    let newDevice: @Sendable () -> String
    /// This device's clock, in ms since 1970: a change stamped more than a day ahead of it waits.
    let now: @Sendable () -> Int64

    /// Sync for the data directory `directory`, read and changed through a file store of its own.
    /// - Parameters:
    ///   - lockTimeout: how long a change waits for another process using the directory.
    ///   - transport: what a replicator needs done around an exchange (`git`); nothing by default.
    ///   - now: the wall clock in ms since 1970, which stamps changes and decides which wait.
    ///   - newDevice: a fresh device id, for a data directory found to be a copy of another
    ///     device's (which then becomes a device of its own).
    public init(directory: String, lockTimeout: Duration = .seconds(10), transport: any FolderTransport = PassiveTransport(),
                now: @escaping @Sendable () -> Int64 = HouseholdSync.wallClock, newDevice: @escaping @Sendable () -> String) {
        storage = FileStorage(directory: directory, lockTimeout: lockTimeout)
        local = LocalSyncState(directory: directory)
        self.transport = transport
        self.now = now
        self.newDevice = newDevice
    }

    /// The machine's clock, in ms since 1970.
    public static let wallClock: @Sendable () -> Int64 = {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
    }

    /// The folder, checked, and brought up to date by the transport; the name checked.
    private func prepare(_ path: String, name: String) throws -> HouseholdFolder {
        let folder = try HouseholdFolder(path: path)
        try check(folder)
        _ = try Name.validated(name, kind: "device")
        try transport.pull(path)
        return folder
    }

    /// Refuses a folder Grock cannot keep a household in: one with a line break or another
    /// control character in its path, the data directory itself, a folder inside it or one
    /// holding it (the replicator would copy Grock's own files, locks and undo journal).
    func check(_ folder: HouseholdFolder) throws {
        guard !folder.path.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw SyncError.unusableFolder(path: Echo.quoted(folder.path), reason: "has a control character in its path")
        }
        let household = FileSystem.realPath(folder.path) ?? folder.path
        let data = FileSystem.realPath(storage.directory) ?? storage.directory
        // `/` holds everything (its path with a slash added is `//`, which nothing starts with).
        func holds(_ outer: String, _ inner: String) -> Bool { outer == "/" || inner.hasPrefix(outer + "/") }
        if household == data || holds(data, household) || holds(household, data) {
            throw SyncError.unusableFolder(path: folder.path, reason: "is the data directory, inside it, or holds it; use a folder of its own")
        }
    }

    /// Makes `folder` a household's, with this data directory's data as its start: one change,
    /// with the folder written just before it commits (its household file last) and this data
    /// directory set up to sync once it has. A start that fails takes back what it wrote in the
    /// folder: the folder is as it was, and this data directory does not sync.
    /// - Returns: the new device's id.
    public func start(folder path: String, device: String, name: String) async throws -> String {
        guard !local.isSetUp else { throw SyncError.alreadySetUp(folder: try local.setup().folder) }
        let folder = try prepare(path, name: name)
        guard !folder.isHousehold else { throw SyncError.alreadyAHousehold(folder: path) }
        let local = self.local
        let household = newDevice()
        do {
            _ = try await storage.write(numbered: { working, _ in
                // A price seen twice alike is kept once: the household keeps prices seen as a set.
                var seen = Set<PriceObservation>()
                for observation in try working.manualObservations(of: nil) where !seen.insert(observation).inserted {
                    try working.forget(observation)
                    try working.record([observation])
                }
                let snapshot = try HouseholdSync.snapshot(of: working)
                return Change(snapshot, summary: "started syncing through \(path)")
            }, beforeCommit: { sequence, snapshot in
                // The folder first: what fails there leaves nothing in `sync/`.
                _ = try folder.write(Segment(household: household, device: device, number: 0, after: [:], isSnapshot: true, versions: snapshot))
                try folder.writeDevice(device, name: name, left: false)
                try folder.create(household: household, founder: device, exclusive: true)
                try local.makeDirectories()
                var index = SyncIndex(device: device)
                index.sent = 0
                index.published = sequence
                try FileSystem.writeAtomically(try index.bytes, to: local.indexPath(sequence))
            })
            try local.writeSetup(LocalSyncState.Setup(device: device, folder: path, name: name, household: household))
        } catch {
            folder.remove(household: household, device: device)
            throw error
        }
        try transport.push(path, device: device, files: [HouseholdFolder.marker, "devices/\(device)"])
        return device
    }

    /// Joins the household of `folder`: this (empty) data directory takes the household's data,
    /// in one change (`exchange`), and syncs once it has.
    public func join(folder path: String, device: String, name: String) async throws -> SyncReport {
        guard !local.isSetUp else { throw SyncError.alreadySetUp(folder: try local.setup().folder) }
        let folder = try prepare(path, name: name)
        let setup = LocalSyncState.Setup(device: device, folder: path, name: name, household: try folder.household())
        return try await exchange(joining: setup)
    }

    /// Sends this device's changes and merges the others'.
    public func exchange() async throws -> SyncReport { try await exchange(joining: nil) }

    /// - Parameter joining: the setup of a device joining (its folder pulled already), written
    ///   once the household's data is here; nil for a device that syncs already.
    private func exchange(joining: LocalSyncState.Setup?) async throws -> SyncReport {
        var setup = try joining ?? local.setup()
        let folder = try HouseholdFolder(path: setup.folder)
        if joining == nil { try transport.pull(setup.folder) }
        let (household, founder, rewritten) = try householdOf(folder, setup: setup)
        if setup.household == nil && joining == nil {
            // Set up by an earlier Grock: the household is remembered from now on.
            setup.household = household
            try local.writeSetup(setup)
        }
        if !rewritten, joining == nil, try await isIdle(setup: setup, folder: folder) { return SyncReport(sent: 0, received: 0, waiting: [], damaged: []) }
        let (local, newDevice, now) = (self.local, self.newDevice, self.now())
        let known = setup
        let outcome = try await storage.write(numbered: { working, sequence in
            if let joining { try HouseholdSync.makeReady(working, toJoin: joining.folder) }
            var merge = try Merge(working: working, folder: folder, household: household, founder: founder, setup: known, joining: joining != nil,
                                  local: local, sequence: sequence, now: now, newDevice: newDevice)
            try merge.run()
            if let joining, !merge.tookStart {
                // Joined without a start, the device would hold only what changed since.
                let reason = (merge.tally.waiting + merge.tally.damaged).first ?? "the folder of the device that started it is gone, and no other device wrote a snapshot yet"
                throw SyncError.noStart(folder: joining.folder, reason: reason)
            }
            return Change(merge, summary: "synced: \(merge.tally.sent) changes sent, \(merge.tally.received) received")
        }, beforeCommit: { sequence, merge in
            try local.makeDirectories()
            try local.writeOutbox(merge.outbox, sequence: sequence)
            // The index goes with the change: one that was not committed is never read.
            try FileSystem.writeAtomically(try merge.indexBytes, to: local.indexPath(sequence))
        }).value
        if let joining {
            try local.writeSetup(joining)
            try folder.writeDevice(joining.device, name: joining.name.isEmpty ? joining.device : joining.name, left: false)
        }
        // A hint only (the clock is read back from the index when this file is missing or behind).
        try? FileSystem.writeAtomically(Array("\(outcome.index.clock)\n".utf8), to: local.clockPath)
        local.removeIndexes(keeping: outcome.sequence)
        try transport.push(setup.folder, device: outcome.device, files: (rewritten ? [HouseholdFolder.marker] : []) + ["devices/\(outcome.device)"])
        return outcome.tally.report(formerDevice: outcome.identity.former, folderRewritten: rewritten)
    }

    /// A data directory with nothing but what `grock init` gives (its categories, its currency)
    /// takes the household's instead: kept, they would be the same categories twice.
    private static func makeReady(_ working: WorkingSet, toJoin path: String) throws {
        guard try working.allStores().isEmpty && working.itemNames().isEmpty && working.activeCarts().isEmpty
            && working.completedTrips().isEmpty && working.manualObservations(of: nil).isEmpty else { throw SyncError.dataToReplace }
        for category in working.allCategories() { working.deleteCategory(category.id) }
    }

    /// Whether an exchange would do nothing: no change of this device's to send, no segment of
    /// another's past what is merged, none of this device's missing, copied or overwritten, its `device` file
    /// there. Then nothing is read beyond the index's numbers and nothing is written: an exchange
    /// with nothing incoming costs the same after years of changes as on the first day.
    private func isIdle(setup: LocalSyncState.Setup, folder: HouseholdFolder) async throws -> Bool {
        let local = self.local
        let (index, pending) = try await storage.read { _ in
            let committed = try storage.loadState().record.undo.nextSequence
            let index = try local.index(device: setup.device, committed: committed, versions: false).0
            return (index, local.outboxNumbers().contains { $0 > index.published && $0 < committed })
        }
        guard !pending, folder.device(setup.device) != nil else { return false }
        let devices = folder.devices()
        for device in devices {
            let listing = folder.listing(of: device)
            if device == setup.device {
                // Its own: a segment it did not write, a conflict copy, or one missing (a snapshot is due).
                guard listing.firstConflict == nil, (listing.numbers.last ?? -1) == index.sent,
                      index.lastSent.map({ folder.checksum(of: device, index.sent) == $0.checksum }) ?? true,
                      !Merge.snapshotDue(listed: listing.numbers, through: index.sent, gone: index.gone[device]) else { return false }
            } else {
                guard (listing.numbers.last ?? -1) <= (index.applied[device] ?? -1),
                      !listing.numbers.contains(where: { index.isSkipped($0, of: device) }) else { return false }
            }
        }
        // A device this one merged whose segments vanished: a snapshot is due.
        for (other, applied) in index.applied {
            let listed = devices.contains(other) ? folder.listing(of: other).numbers : []
            guard !Merge.snapshotDue(listed: listed, through: applied, gone: index.gone[other]) else { return false }
        }
        return true
    }

    /// The household of the folder, which must be this device's: a folder that lost its
    /// household file (emptied by a replicator, a drive wiped) gets it back from a device that
    /// remembers the household; a folder of another household is refused, never merged.
    /// - Returns: the household, its founder if known, and whether its file was written again.
    private func householdOf(_ folder: HouseholdFolder, setup: LocalSyncState.Setup) throws -> (String, String?, Bool) {
        guard folder.isHousehold else {
            guard let household = setup.household else { throw SyncError.householdLost(folder: folder.path) }
            try folder.create(household: household, founder: nil)
            return (household, nil, true)
        }
        let marker = try folder.marker()
        if let remembered = setup.household, remembered != marker.id {
            throw SyncError.otherHousehold(folder: folder.path, found: marker.id, this: remembered)
        }
        return (marker.id, marker.founder, false)
    }

    /// Every part of the data, stamped `.zero`: the household's start.
    static func snapshot(of repositories: any Repositories) throws -> [SyncVersion] {
        var parts: [SyncKey: SyncPart] = try SyncParts.parts(of: repositories.settings())
        for store in try repositories.allStores() { parts.merge(try SyncParts.parts(of: store)) { $1 } }
        for category in try repositories.allCategories() { parts.merge(try SyncParts.parts(of: category)) { $1 } }
        for item in try repositories.allItems() { parts.merge(try SyncParts.parts(of: item)) { $1 } }
        for cart in try repositories.activeCarts() + repositories.completedCarts() { parts.merge(try SyncParts.parts(of: cart)) { $1 } }
        for observation in try repositories.manualObservations(of: nil) {
            let (key, payload) = try SyncParts.key(of: observation)
            parts[key] = SyncPart(payload: payload)
        }
        return parts.sorted { $0.key < $1.key }.map { key, part in
            SyncVersion(key: key, stamp: .zero, replaces: .zero, isBought: part.isBought, seen: part.seen, payload: part.payload)
        }
    }
}

extension HouseholdSync {
    /// The household folder a data directory syncs through.
    public static func folder(of directory: String) throws -> String { try LocalSyncState(directory: directory).setup().folder }
}
