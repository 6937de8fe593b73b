import Adapters
import DataLayer
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which transport a household's exchange goes through: git (Adapters' `GitTransport`) or
/// none (a replicator keeps the folder in step). It is chosen once, when the device starts or
/// joins, by the folder the person named, and recorded in `sync/transport`; never read from the
/// folder at each exchange, since a peer could plant a `.git` whose config names a program for
/// git to run (docs/SYNC.md).
extension Household {
    /// The exchange, through the transport this device recorded when it set up. A device set up
    /// by an earlier Grock recorded none: it is decided as that Grock did (a git work tree goes
    /// through git) and recorded now, once; only then is `sync/device.tsv` read here, for the
    /// folder (the exchange reads it itself). In no household, `HouseholdSync` refuses before any
    /// transport is used.
    func sync() -> HouseholdSync {
        sync(with: SyncTransport.recorded(in: directory) ?? decidedOnce() ?? .folder)
    }

    func sync(with transport: SyncTransport) -> HouseholdSync {
        let carrier: any FolderTransport = transport == .git ? GitTransport() : PassiveTransport()
        return HouseholdSync(directory: directory, lockTimeout: lockTimeout, transport: carrier, now: clock, newDevice: newDevice)
    }

    /// The transport of a device that recorded none, decided by its folder and recorded; nil in no
    /// household (or when `sync/device.tsv` cannot be read: the exchange that asked reads it again
    /// and says what is wrong with it).
    private func decidedOnce() -> SyncTransport? {
        guard let folder else { return nil }
        let transport = Self.transport(found: folder)
        // Not recorded (a read-only sync/), it is decided the same way next time.
        try? transport.record(in: directory)
        return transport
    }

    /// Git when `folder` is a git work tree now: what the person setting up chose, by the folder
    /// they named.
    static func transport(found folder: String) -> SyncTransport {
        var info = stat()
        return lstat(folder + "/.git", &info) == 0 ? .git : .folder
    }
}
