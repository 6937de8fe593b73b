import Domain
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Leaving the household: `grock sync leave`, which refuses while changes wait to be sent.
extension HouseholdSync {
    /// This device's index, and how many of its changes in the outbox it has not published:
    /// read under the directory's lock.
    func unsent(device: String) throws -> (SyncIndex, Int) {
        let committed = try storage.loadState().record.undo.nextSequence
        let index = try local.index(device: device, committed: committed).0
        let pending = try local.outboxNumbers().filter { $0 > index.published && $0 < committed }.count { try local.outboxEntry($0) != nil }
        return (index, pending)
    }

    /// Stops syncing this data directory (its data stays; its files in the folder stay for the
    /// others, marked as left), under the directory's lock so that no change lands meanwhile.
    /// - Parameter discardingUnsent: leave even though changes made here were not sent yet
    ///   (they stay in this device's data, and never reach the household).
    /// - Throws: `SyncError.notSetUp`; `.unsentChanges` when changes wait to be sent, and
    ///   `.damaged` when the outbox holds changes but the sync state cannot tell which wait
    ///   (both unless `discardingUnsent`): nothing is changed.
    public func leave(discardingUnsent: Bool = false) async throws {
        guard local.isSetUp else { throw SyncError.notSetUp }
        try await storage.locked(.exclusive) {
            // A damaged `sync/device.tsv` must not keep a device from leaving (it is what
            // leaving removes), but it must not hide changes waiting in the outbox either.
            let setup = try? local.setup()
            if !discardingUnsent, try !local.outboxNumbers().isEmpty {
                let pending: Int
                do {
                    pending = try unsent(device: local.setup().device).1
                } catch {
                    throw SyncError.damaged(what: local.syncDirectory,
                                            reason: "what waits to be sent cannot be told (\(error)); "
                                                        + "grock sync leave --discard leaves without it")
                }
                if pending > 0 { throw SyncError.unsentChanges(count: pending) }
            }
            // Its setup gone, the data directory no longer syncs: the one step that must happen,
            // and first, so that a leave that fails has changed nothing.
            guard unlink(local.devicePath) == 0 || errno == ENOENT else { throw FileSystem.failure(local.devicePath) }
            // Telling the others is a courtesy: leaving must work with the folder gone, unreadable
            // or read-only, so none of these errors stops it.
            if let setup, let folder = try? HouseholdFolder(path: setup.folder), let info = folder.device(setup.device) {
                try? folder.writeDevice(setup.device, name: info.name, left: true)
                try? transport.push(setup.folder, device: setup.device, files: ["devices/\(setup.device)"])
            }
            // What is left of `sync/` is read by nothing once the setup is gone; a file that cannot
            // be removed stays, harmless, and a later `sync init` or `join` writes over it.
            for name in FileSystem.names(in: local.outboxDirectory) { unlink(local.outboxDirectory + "/" + name) }
            rmdir(local.outboxDirectory)
            for name in FileSystem.names(in: local.syncDirectory) { unlink(local.syncDirectory + "/" + name) }
            rmdir(local.syncDirectory)
        }
    }
}
