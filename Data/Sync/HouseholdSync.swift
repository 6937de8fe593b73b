import Domain
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Sets a data directory up to sync with a household folder and exchanges changes with it.
/// See docs/SYNC.md. Its parts: starting a household (`+Start`), joining one (`+Join`), an
/// exchange (`+Exchange`) and whether one has anything to do (`+Idle`), where things stand
/// (`+Status`) and leaving (`+Leave`).
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
    func prepare(_ path: String, name: String) throws -> HouseholdFolder {
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
            throw SyncError.unusableFolder(path: folder.path,
                                           reason: "is the data directory, inside it, or holds it; use a folder of its own")
        }
    }

    /// The household folder a data directory syncs through.
    public static func folder(of directory: String) throws -> String { try LocalSyncState(directory: directory).setup().folder }
}
