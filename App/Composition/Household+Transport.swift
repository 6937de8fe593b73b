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
    /// The exchange for `folder`, through the transport this device recorded when it set up.
    /// A device set up by an earlier Grock recorded none: it is decided as that Grock did (a git
    /// work tree goes through git) and recorded now, once. Without a folder (this directory is in
    /// no household), `HouseholdSync` refuses before any transport is used.
    func sync(_ folder: String?) -> HouseholdSync {
        var transport = SyncTransport.recorded(in: directory)
        if transport == nil, let folder {
            transport = Self.transport(found: folder)
            // Not recorded (a read-only sync/), it is decided the same way next time.
            try? transport?.record(in: directory)
        }
        return sync(folder, transport ?? .folder)
    }

    func sync(_ folder: String?, _ transport: SyncTransport) -> HouseholdSync {
        let carrier: any FolderTransport = transport == .git ? GitTransport() : PassiveTransport()
        return HouseholdSync(directory: directory, lockTimeout: lockTimeout, transport: carrier, now: clock, newDevice: newDevice)
    }

    /// Git when `folder` is a git work tree now: what the person setting up chose, by the folder
    /// they named.
    static func transport(found folder: String) -> SyncTransport {
        var info = stat()
        return lstat(folder + "/.git", &info) == 0 ? .git : .folder
    }
}
