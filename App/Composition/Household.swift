import DataLayer
import Domain

/// A data directory's household sync, as every front uses it (docs/SYNC.md): start a household
/// in a folder, join one, exchange changes, show where each device stands, leave. Built by
/// `AppContainer.household()` over the container's own directory, lock timeout, clock and
/// identifiers; a folder that was a git work tree when the device set up is pulled before and
/// pushed after (`Household+Transport.swift`).
public struct Household: Sendable {
    let directory: String
    let lockTimeout: Duration
    let clock: @Sendable () -> Int64
    let newDevice: @Sendable () -> String

    init(directory: String, lockTimeout: Duration, clock: @escaping @Sendable () -> Int64, newDevice: @escaping @Sendable () -> String) {
        self.directory = directory
        self.lockTimeout = lockTimeout
        self.clock = clock
        self.newDevice = newDevice
    }

    /// Starts a household in `folder` (an existing directory, absolute) with this directory's data.
    /// - Throws: `SyncError.alreadySetUp` when this directory syncs already; `.alreadyAHousehold`
    ///   when `folder` is one; `.unusableFolder` for a folder Grock cannot keep a household in (the
    ///   data directory, inside it, missing); `.git` when a git folder cannot be pulled or pushed;
    ///   an invalid device `name` is refused before anything is written.
    public func start(folder: String, name: String) async throws {
        let transport = SyncTransport.found(in: folder)
        _ = try await sync(with: transport).start(folder: folder, device: newDevice(), name: name)
        // Set up already: a failure must not report the start as failed. Unrecorded, it is
        // decided the same way (by the folder) at the next exchange, and recorded then.
        try? transport.record(in: directory)
    }

    /// Joins the household in `folder`: this directory, empty, takes its data.
    /// - Returns: what the first exchange sent and took in.
    /// - Throws: `SyncError.alreadySetUp`; `.notAHousehold` for a folder without a household;
    ///   `.dataToReplace` when this directory holds data; `.noStart` when the household's start
    ///   cannot be taken yet (nothing was joined); `.unusableFolder` or `.git` as for `start`.
    public func join(folder: String, name: String) async throws -> SyncReport {
        let transport = SyncTransport.found(in: folder)
        let report = try await sync(with: transport).join(folder: folder, device: newDevice(), name: name)
        // Joined already: as for `start`, an unrecorded transport is decided at the next exchange.
        try? transport.record(in: directory)
        return report
    }

    /// Sends this device's changes and merges the others'.
    /// - Returns: how many changes went each way, and the segments waiting, damaged or refused.
    /// - Throws: `SyncError.notSetUp` when this directory is in no household;
    ///   `.householdLost` or `.otherHousehold` when the folder's household is gone or another;
    ///   `.git` when the pull or the push fails (after a failed push the merge is committed here
    ///   already); `StorageError` when the data cannot be changed.
    public func exchange() async throws -> SyncReport { try await sync().exchange() }

    /// Where this device and every other in its household stand, read without changing anything
    /// and without pulling a git folder: what `grock sync status` shows.
    /// - Returns: the folder and household, each device with its segments applied and last change
    ///   seen, the changes waiting to be sent, and the segments still arriving, damaged or refused.
    /// - Throws: `SyncError.notSetUp` when this data directory is in no household;
    ///   `SyncError.householdLost` or `.otherHousehold` when the folder lost its household file
    ///   or now holds another; `SyncError.damaged` or `.unusableFolder` for files that cannot be read.
    public func status() async throws -> SyncStatus { try await sync().status() }

    /// Stops syncing; the data stays, and so do this device's files in the folder.
    /// - Parameter discardingUnsent: leave even though changes made here were not sent yet.
    /// - Throws: `SyncError.notSetUp` when this directory is in no household; `.unsentChanges`
    ///   when changes wait to be sent (unless `discardingUnsent`). A folder gone, read-only or
    ///   unreadable does not stop the leave: the others are told only if it can be.
    public func leave(discardingUnsent: Bool = false) async throws { try await sync().leave(discardingUnsent: discardingUnsent) }

    /// What `doctor` finds in the household folder and `sync/`.
    func diagnose() async -> [HealthCheck] { await HouseholdSync(directory: directory, now: clock, newDevice: newDevice).diagnose() }
}
