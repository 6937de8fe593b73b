import DataLayer
import Domain

/// A data directory's household sync, as every front uses it (docs/SYNC.md): start a household
/// in a folder, join one, exchange changes, show where each device stands, leave. Built by
/// `AppContainer.household()` over the container's own directory, lock timeout, clock and
/// identifiers; a folder that was a git work tree when the device set up is pulled before and
/// pushed after (`Household+Transport.swift`).
///
/// What a front catches: the errors thrown underneath are DataLayer's, which no front imports,
/// and none needs to. Each is a `ClassifiedError` whose `kind` a front answers by (an exit code,
/// an RPC error's `data.kind`) and whose description is the sentence to show as it is (it names
/// the folder or file at fault); `Remedy(for:)` names what a person can do where there is
/// something (start or join a household, leave it first, run doctor); `ErrorKind.isTransient`
/// tells a directory busy with another process of Grock (try again). The `- Throws:` below
/// say which kind each failure is.
///
/// Every call runs on the global concurrent executor (`@concurrent`), off its caller's actor:
/// an exchange reads and writes files and may wait minutes on git, and a front that answers
/// several clients on its main actor (`grock serve`, `grock rpc`) goes on answering meanwhile.
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
    /// - Throws: `.conflict` when this directory syncs already, or `folder` is a household's
    ///   already (`Remedy.joinHousehold`); `.storage` for a folder Grock cannot keep a household
    ///   in (the data directory, inside it, missing) or a git folder that cannot be pulled or
    ///   pushed; `.invalidInput` for a device `name` that cannot be one, refused before anything
    ///   is written.
    @concurrent
    public func start(folder: String, name: String) async throws {
        let transport = SyncTransport.found(in: folder)
        _ = try await sync(with: transport).start(folder: folder, device: newDevice(), name: name)
        // Set up already: a failure must not report the start as failed. Unrecorded, it is
        // decided the same way (by the folder) at the next exchange, and recorded then.
        try? transport.record(in: directory)
    }

    /// Joins the household in `folder`: this directory, empty, takes its data.
    /// - Returns: what the first exchange sent and took in.
    /// - Throws: `.conflict` when this directory syncs already, holds data
    ///   (`Remedy.exportThenReset`), or the household's start cannot be taken yet (nothing was
    ///   joined); `.notFound` for a folder without a household (`Remedy.startHousehold`);
    ///   `.storage` or `.invalidInput` as for `start`.
    @concurrent
    public func join(folder: String, name: String) async throws -> SyncReport {
        let transport = SyncTransport.found(in: folder)
        let report = try await sync(with: transport).join(folder: folder, device: newDevice(), name: name)
        // Joined already: as for `start`, an unrecorded transport is decided at the next exchange.
        try? transport.record(in: directory)
        return report
    }

    /// Sends this device's changes and merges the others'.
    /// - Returns: how many changes went each way, and the segments waiting, damaged or refused.
    /// - Throws: `.refused` when this directory is in no household
    ///   (`Remedy.startOrJoinHousehold`); `.conflict` when the folder's household is gone or
    ///   another; `.storage` when the pull or the push fails (after a failed push the merge is
    ///   committed here already) or the data cannot be changed (`Remedy.runDoctor` for a file
    ///   that cannot be read); transient while another process holds the data directory.
    @concurrent
    public func exchange() async throws -> SyncReport { try await sync().exchange() }

    /// An exchange that first sends again, stamped now and under a new device id, this device's
    /// changes stamped more than a day ahead of its clock (it once read that late, and the
    /// others wait for them); the dates that clock wrote into their records come back to now.
    /// - Returns: as `exchange`, with `why` `.restamped(count:)`.
    /// - Throws: as `exchange`; `.refused` when no change is stamped that far ahead, or when the
    ///   clock reads more than a day before a change merged from another device (set it right
    ///   first). Nothing is changed then.
    @concurrent
    public func restamp() async throws -> SyncReport { try await sync().restamp() }

    /// Where this device and every other in its household stand, read without changing anything
    /// and without pulling a git folder: what `grock sync status` shows.
    /// - Returns: the folder and household, each device with its segments applied and last change
    ///   seen, the changes waiting to be sent, and the segments still arriving, damaged or refused.
    /// - Throws: `.refused` when this data directory is in no household
    ///   (`Remedy.startOrJoinHousehold`); `.conflict` when the folder lost its household file or
    ///   now holds another; `.storage` for files that cannot be read.
    @concurrent
    public func status() async throws -> SyncStatus { try await sync().status() }

    /// Stops syncing; the data stays, and so do this device's files in the folder.
    /// - Parameter discardingUnsent: leave even though changes made here were not sent yet.
    /// - Throws: `.refused` when this directory is in no household
    ///   (`Remedy.startOrJoinHousehold`), or when changes wait to be sent (unless
    ///   `discardingUnsent`). A folder gone, read-only or unreadable does not stop the leave:
    ///   the others are told only if it can be.
    @concurrent
    public func leave(discardingUnsent: Bool = false) async throws { try await sync().leave(discardingUnsent: discardingUnsent) }

    /// What `doctor` finds in the household folder and `sync/`.
    @concurrent
    func diagnose() async -> [HealthCheck] { await HouseholdSync(directory: directory, now: clock, newDevice: newDevice).diagnose() }
}
