import Domain
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a replicator around the household folder does before and after an exchange: nothing
/// for Syncthing or a cloud drive (they run by themselves); pull, then commit and push, for a
/// git work tree. The front supplies it (running `git` is no business of the data layer).
public protocol FolderTransport: Sendable {
    /// Brings the other devices' files in (before the exchange).
    func pull(_ folder: String) throws
    /// Sends this device's new files out (after the exchange): `files` are relative to `folder`.
    func push(_ folder: String, device: String, files: [String]) throws
}

/// The folder needs nothing done: a replicator keeps it in step by itself.
public struct PassiveTransport: FolderTransport {
    public init() {}
    public func pull(_ folder: String) throws {}
    public func push(_ folder: String, device: String, files: [String]) throws {}
}

/// What an exchange did.
public struct SyncReport: Sendable, Hashable {
    /// Changes of this device sent out, and versions of other devices' changes taken in.
    public let sent: Int
    public let received: Int
    /// Segments still arriving (no end yet), and damaged ones (`device/NNNNNNNN.seg: reason`).
    public let waiting: [String]
    public let damaged: [String]
}

/// The state of a device's sync, for `grock sync status`.
public struct SyncStatus: Sendable, Hashable {
    public struct Device: Sendable, Hashable {
        public let id: String
        public let name: String
        public let isThis: Bool
        public let hasLeft: Bool
        /// Segments in the folder, and how many of them this device has applied.
        public let segments: Int
        public let applied: Int
        /// The newest change of this device seen, in ms since 1970 (nil: none yet).
        public let lastSeen: Int64?
    }

    public let folder: String
    public let household: String
    public let devices: [Device]
    /// Changes made here that the next `grock sync` sends.
    public let pending: Int
    public let waiting: [String]
    public let damaged: [String]
}

/// Sets a data directory up to sync with a household folder and exchanges changes with it.
/// See docs/SYNC.md.
public struct HouseholdSync: Sendable {
    let storage: FileStorage
    let local: LocalSyncState
    let transport: any FolderTransport

    public init(directory: String, lockTimeout: Duration = .seconds(10), transport: any FolderTransport = PassiveTransport()) {
        storage = FileStorage(directory: directory, lockTimeout: lockTimeout)
        local = LocalSyncState(directory: directory)
        self.transport = transport
    }

    /// Makes `folder` a household's, with this data directory's data as its start.
    /// - Returns: the new device's id.
    public func start(folder path: String, device: String, name: String) async throws -> String {
        guard !local.isSetUp else { throw SyncError.alreadySetUp(folder: try local.setup().folder) }
        let folder = try HouseholdFolder(path: path)
        try transport.pull(path)
        guard !folder.isHousehold else { throw SyncError.alreadyAHousehold(folder: path) }
        let local = self.local
        try await storage.write(numbered: { working, _ in
            // A price seen twice alike is kept once: the household keeps prices seen as a set.
            var seen = Set<PriceObservation>()
            for observation in try working.manualObservations(of: nil) where !seen.insert(observation).inserted {
                try working.forget(observation)
                try working.record([observation])
            }
            let snapshot = try HouseholdSync.snapshot(of: working)
            try folder.create(household: device)
            try folder.writeDevice(device, name: name, left: false)
            try folder.write(Segment(device: device, number: 0, after: [:], isSnapshot: true, versions: snapshot))
            try local.writeSetup(LocalSyncState.Setup(device: device, folder: path))
            return Change((), summary: "started syncing through \(path)")
        }, beforeCommit: { _ in })
        try transport.push(path, device: device, files: [HouseholdFolder.marker, "devices/\(device)"])
        return device
    }

    /// Joins the household of `folder`: this (empty) data directory takes the household's data.
    public func join(folder path: String, device: String, name: String) async throws -> SyncReport {
        guard !local.isSetUp else { throw SyncError.alreadySetUp(folder: try local.setup().folder) }
        let folder = try HouseholdFolder(path: path)
        try transport.pull(path)
        _ = try folder.household()
        let empty = try await storage.read { repositories in
            try repositories.allStores().isEmpty && repositories.itemNames().isEmpty && repositories.activeCarts().isEmpty
                && repositories.completedTrips().isEmpty && repositories.manualObservations(of: nil).isEmpty
        }
        guard empty else { throw SyncError.dataToReplace }
        try FileSystem.makeDirectory(storage.directory)
        try folder.writeDevice(device, name: name, left: false)
        try local.writeSetup(LocalSyncState.Setup(device: device, folder: path))
        return try await exchange(pulled: true)
    }

    /// Sends this device's changes and merges the others'.
    public func exchange() async throws -> SyncReport { try await exchange(pulled: false) }

    private func exchange(pulled: Bool) async throws -> SyncReport {
        let setup = try local.setup()
        let folder = try HouseholdFolder(path: setup.folder)
        if !pulled { try transport.pull(setup.folder) }
        _ = try folder.household()
        let result = Pending()
        let (local, device) = (self.local, setup.device)
        let outcome = try await storage.write(numbered: { working, sequence in
            var merge = try Merge(working: working, folder: folder, device: device, local: local, sequence: sequence)
            try merge.run()
            result.set(merge.outbox)
            return Change(merge, summary: "synced: \(merge.sent) changes sent, \(merge.received) received")
        }, beforeCommit: { sequence in
            try local.writeOutbox(result.value, sequence: sequence)
        })
        try FileSystem.writeAtomically(outcome.indexBytes, to: local.indexPath(outcome.sequence))
        try FileSystem.writeAtomically(Array("\(outcome.index.clock)\n".utf8), to: local.clockPath)
        local.removeIndexes(keeping: outcome.sequence)
        if let segment = outcome.written { try transport.push(setup.folder, device: device, files: ["devices/\(device)/" + Segment.fileName(segment)]) }
        return SyncReport(sent: outcome.sent, received: outcome.received, waiting: outcome.waiting, damaged: outcome.damaged)
    }

    public func status() async throws -> SyncStatus {
        let setup = try local.setup()
        let folder = try HouseholdFolder(path: setup.folder)
        let household = try folder.household()
        let local = self.local
        let (index, pending) = try await storage.read { _ in
            let committed = try storage.loadState().record.undo.nextSequence
            let index = try local.index(device: setup.device, committed: committed).0
            let pending = try local.outboxNumbers().filter { $0 > index.published && $0 < committed }.count { try local.outboxEntry($0) != nil }
            return (index, pending)
        }
        var waiting: [String] = [], damaged: [String] = []
        var devices: [SyncStatus.Device] = []
        for id in folder.devices() {
            let info = folder.device(id)
            let segments = folder.segments(of: id)
            let applied = id == setup.device ? segments.count : (index.applied[id].map { $0 + 1 } ?? 0)
            for number in segments where number >= applied && id != setup.device {
                switch folder.read(id, number) {
                case .incomplete: waiting.append("\(id)/\(Segment.fileName(number))")
                case .damaged(let reason): damaged.append("\(id)/\(Segment.fileName(number)): \(reason)")
                case .complete: break
                }
            }
            let lastSeen = index.versions.values.lazy.flatMap { $0 }.filter { $0.stamp.device == id }.map(\.stamp.milliseconds).max()
            devices.append(SyncStatus.Device(id: id, name: info?.name ?? id, isThis: id == setup.device, hasLeft: info?.left ?? false,
                                             segments: segments.count, applied: applied, lastSeen: lastSeen))
        }
        return SyncStatus(folder: setup.folder, household: household, devices: devices, pending: pending, waiting: waiting, damaged: damaged)
    }

    /// Stops syncing this data directory (its data stays; its files in the folder stay for the
    /// others, marked as left).
    public func leave() async throws {
        let setup = try local.setup()
        if let folder = try? HouseholdFolder(path: setup.folder), let info = folder.device(setup.device) {
            try folder.writeDevice(setup.device, name: info.name, left: true)
            try? transport.push(setup.folder, device: setup.device, files: ["devices/\(setup.device)"])
        }
        for name in FileSystem.names(in: local.outboxDirectory) { unlink(local.outboxDirectory + "/" + name) }
        rmdir(local.outboxDirectory)
        unlink(local.devicePath)
        for name in FileSystem.names(in: local.syncDirectory) { unlink(local.syncDirectory + "/" + name) }
        rmdir(local.syncDirectory)
    }

    /// Every part of the data, stamped `.zero`: the household's start.
    static func snapshot(of repositories: any Repositories) throws -> [SyncVersion] {
        var parts: [SyncKey: SyncPart] = SyncParts.parts(of: try repositories.settings())
        for store in try repositories.allStores() { parts.merge(SyncParts.parts(of: store)) { $1 } }
        for category in try repositories.allCategories() { parts.merge(SyncParts.parts(of: category)) { $1 } }
        for item in try repositories.allItems() { parts.merge(SyncParts.parts(of: item)) { $1 } }
        for cart in try repositories.activeCarts() + repositories.completedCarts() { parts.merge(SyncParts.parts(of: cart)) { $1 } }
        for observation in try repositories.manualObservations(of: nil) {
            let (key, payload) = SyncParts.key(of: observation)
            parts[key] = SyncPart(payload: payload)
        }
        return parts.keys.sorted().map { key in
            let part = parts[key]!
            return SyncVersion(key: key, stamp: .zero, replaces: .zero, isBought: part.isBought, seen: part.seen, payload: part.payload)
        }
    }
}

extension HouseholdSync {
    /// The household folder a data directory syncs through.
    public static func folder(of directory: String) throws -> String { try LocalSyncState(directory: directory).setup().folder }
}
