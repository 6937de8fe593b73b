import Domain
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Where this device and the household stand, read without changing anything: `grock sync
// status` and what `grock doctor` checks of the folder and `sync/`.
extension HouseholdSync {
    /// Where this device and each other in the folder stand, read without changing anything and
    /// without the transport (no `git pull`): a folder that lost its household file still shows
    /// what this device remembers.
    /// - Returns: the folder and household, each device with the segments listed and applied and
    ///   its newest change seen, the changes waiting to be sent, and what waits, is damaged or
    ///   was refused.
    /// - Throws: `SyncError.notSetUp` when the directory does not sync; `.householdLost` or
    ///   `.otherHousehold` when the folder's household is gone or not this device's; `.damaged` or
    ///   `.unusableFolder` for sync files or a folder that cannot be read; `StorageError` when the
    ///   data directory cannot be.
    public func status() async throws -> SyncStatus {
        let setup = try local.setup()
        let folder = try HouseholdFolder(path: setup.folder)
        // A folder that lost its household file still shows what this device knows (`grock sync` writes it again).
        guard let household = folder.isHousehold ? try folder.household() : setup.household else {
            throw SyncError.householdLost(folder: folder.path)
        }
        if let remembered = setup.household, remembered != household {
            throw SyncError.otherHousehold(folder: folder.path, found: household, this: remembered)
        }
        let (index, pending) = try await storage.read { _ in try unsent(device: setup.device) }
        var waiting: [String] = [], damaged: [String] = []
        var devices: [SyncStatus.Device] = []
        let clock = now()
        for id in folder.devices() {
            let info = folder.device(id)
            let segments = folder.segments(of: id)
            let last = index.applied[id] ?? -1
            let applied = id == setup.device ? segments.count : segments.count { $0 <= last && !index.isSkipped($0, of: id) }
            let listing = folder.listing(of: id)
            let withdrawal = index.withdrawn[id] ?? info?.withdrawal
            for number in segments where (number > last || index.isSkipped(number, of: id)) && id != setup.device {
                // One file at a time, its versions let go as read: what waits may be large, and
                // nothing bounds how many conflict copies of it a replicator leaves.
                for file in listing.files(number) {
                    var latest: Int64 = 0
                    let reading = folder.read(id, file: file, number: number, household: household) { _, version in
                        latest = max(latest, Withdrawal.date(of: version, of: id, unless: withdrawal, now: clock))
                    }
                    switch reading {
                    case .incomplete: waiting.append("\(id)/\(file)")
                    case .damaged(let reason): damaged.append("\(id)/\(file): \(reason)")
                    case .complete(let segment):
                        if let reason = SegmentCheck.wait(latest: latest, now: clock) {
                            waiting.append("\(id)/\(file): \(reason)")
                        } else if number > last + 1, number == segments.first(where: { $0 > last }),
                                  !(segment.isSnapshot && (segment.after[id] ?? -1) >= number - 1) {
                            // As the exchange says it: only a snapshot that covers them stands alone.
                            waiting.append(Merge.missing(last + 1, of: id))
                        } else if number <= last {
                            waiting.append("\(id)/\(file): it turned up after a snapshot said it covered it; the next exchange reads it")
                        }
                    }
                }
            }
            let lastSeen = index.versions.values.lazy.flatMap { $0 }.filter { $0.stamp.device == id }.map(\.stamp.milliseconds).max()
            devices.append(SyncStatus.Device(id: id, name: info?.name ?? id, isThis: id == setup.device, hasLeft: info?.left ?? false,
                                             segments: segments.count, applied: applied, lastSeen: lastSeen,
                                             restampedAs: withdrawal.map { folder.device($0.successor)?.name ?? $0.successor }))
        }
        return SyncStatus(folder: setup.folder, household: household, devices: devices, pending: pending, waiting: waiting,
                          damaged: damaged, quarantined: index.quarantined)
    }

    /// `grock doctor`'s look at sync: this device's files in `sync/` (set-up, index, every
    /// change not yet sent) must read; what the folder holds that was refused or is damaged is
    /// told, as the folder's business rather than this data directory's problem.
    public func diagnose() async -> [HealthCheck] {
        guard local.isSetUp else { return [] }
        var checks: [HealthCheck] = []
        do {
            let status = try await self.status()
            checks.append(HealthCheck(subject: "sync", detail: "syncs through \(status.folder) as one of \(status.devices.count) devices; "
                + "\(Wording.counted(status.pending, "change")) to send", isProblem: false))
            for refusal in status.quarantined {
                checks.append(HealthCheck(subject: "sync (refused from the folder)", detail: refusal, isProblem: false))
            }
            for damage in status.damaged {
                checks.append(HealthCheck(subject: "sync (damaged in the folder)", detail: damage, isProblem: false))
            }
        } catch {
            checks.append(HealthCheck(subject: "sync", detail: "\(error)", isProblem: true))
        }
        // Every change in the outbox must read: undo and the next exchange read them.
        do {
            for number in try local.outboxNumbers() {
                do { _ = try local.outboxEntry(number) } catch {
                    checks.append(HealthCheck(subject: local.outboxPath(number), detail: "\(error)", isProblem: true))
                }
            }
        } catch {
            checks.append(HealthCheck(subject: local.outboxDirectory, detail: "\(error)", isProblem: true))
        }
        return checks
    }
}
