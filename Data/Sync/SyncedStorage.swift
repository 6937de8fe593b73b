import Domain

/// The storage of a data directory that syncs: the file store, with each change also kept in
/// `sync/outbox` (in the same transaction) for the household, and undo that takes back this
/// device's last change as a new change that syncs (not the directory's last, which may be a
/// merge of other devices' changes).
public final class SyncedStorage: Storage, Sendable {
    let inner: FileStorage
    let local: LocalSyncState
    let now: @Sendable () -> Int64

    /// - Parameter now: the wall clock in milliseconds since 1970.
    public init(_ inner: FileStorage, now: @escaping @Sendable () -> Int64) {
        self.inner = inner
        local = LocalSyncState(directory: inner.directory)
        self.now = now
    }

    /// The file store underneath (what `grock doctor` checks).
    public var files: FileStorage { inner }

    /// Whether the data directory at `directory` syncs (one look at a file).
    public static func isSetUp(in directory: String) -> Bool { LocalSyncState(directory: directory).isSetUp }

    /// The file store's read: syncing adds nothing to one.
    public func read<T>(_ body: sending (any Repositories) throws -> T) async throws -> sending T { try await inner.read(body) }

    /// The file store's streamed read of history, for a backup.
    public func readWithHistory<T>(_ body: sending (any Repositories, any HistoryReader) throws -> T) async throws -> sending T {
        try await inner.readWithHistory(body)
    }

    /// The file store's changes, including the merges an exchange commits (another process).
    public func changes() -> AsyncStream<StorageChange> { inner.changes() }

    /// The file store's write; while the directory syncs, the parts it changed are stamped with
    /// this device's clock and written to `sync/outbox` in the same transaction (a change that
    /// changes nothing leaves no entry), for the next exchange to send.
    /// - Throws: what `body` and the file store throw, or `SyncError.damaged` when
    ///   `sync/device.tsv` cannot be read; `DomainError.currencyDigitsDiffer` for a currency of
    ///   other decimals (the other devices hold amounts this one may not have merged yet, and
    ///   refuse it: `SegmentCheck`). Then nothing is committed.
    public func write<T>(_ body: sending (any Repositories) throws -> Change<T>) async throws -> sending T {
        let (local, now) = (self.local, self.now)
        return try await writeWithOutbox { working, sequence in
            // Read under the lock: a household started or joined meanwhile is one this change must
            // reach. Until sync is set up (or after it left) there is nobody to tell.
            guard local.isSetUp else { return (try body(working), nil) }
            let device = try local.setup().device
            let capture = ChangeCapture(working)
            let before = working.settings().currency
            let change = try body(capture)
            let after = try capture.settings().currency
            if after.minorDigits != before.minorDigits { throw DomainError.currencyDigitsDiffer(from: before.code, to: after.code) }
            let differences = try capture.differences()
            guard !differences.isEmpty else { return (change, nil) }
            let stamp = try local.tick(device: device, now: now())
            return (change,
                    try OutboxEntry(sequence: sequence, stamp: stamp, summary: change.summary, kind: .change,
                                    differences: differences).bytes)
        }
    }

    /// A change of the file store with its entry in the outbox: `body` returns the change and
    /// the entry's bytes (nil when the household has nothing to hear of it), and the entry is
    /// written once everything else of the change is, just before it commits.
    private func writeWithOutbox<T>(_ body: sending (WorkingSet, Int) throws -> (Change<T>, outbox: [UInt8]?)) async throws -> sending T {
        let local = self.local
        return try await inner.write(numbered: { working, sequence in
            let (change, outbox) = try body(working, sequence)
            return Change((value: change.value, outbox: outbox), summary: change.summary)
        }, beforeCommit: { sequence, made in try local.writeOutbox(made.outbox, sequence: sequence) }).value.value
    }

    /// Takes back this device's latest change not taken back yet, as a new change: each part
    /// it changed goes back to what it was, unless another device changed it since (then the
    /// other device's version stays).
    public func undoLastChange() async throws -> String {
        let local = self.local
        if !local.isSetUp {
            // Checked again under the lock: a household started or joined meanwhile must hear of
            // the undo, which then takes back a change through the outbox, as below.
            do {
                return try await inner.undoLastChange(underLock: { if local.isSetUp { throw SyncStartedMeanwhile() } })
            } catch is SyncStartedMeanwhile {}
        }
        let now = self.now
        return try await writeWithOutbox { working, sequence in
            // Read under the lock, as `write` reads it: the id a new identity gave meanwhile.
            let device = try local.setup().device
            // Picked under the lock: two undos at once (the CLI and `serve`) take back two changes.
            guard let target = try SyncedStorage.lastUndoable(in: local) else { throw DomainError.nothingToUndo }
            let capture = ChangeCapture(working)
            let parts = try SyncParts(currency: working.settings().currency)
            let index = try local.index(device: device, committed: sequence).0
            let materializer = Materializer(repositories: capture, index: index, parts: parts)
            // A trip put back that spending cannot count now (merged trips took the room) is
            // refused as any change would be, not left out.
            guard try materializer.apply(try SyncedStorage.partsBack(target, capture: capture, index: index)).isEmpty else {
                throw DomainError.amountOverflow
            }
            // What was done meanwhile stays whole: a category an item was put in since is kept.
            try materializer.repair()
            try working.checkForSync()
            let differences = SyncedStorage.seenAsUndone(try capture.differences(), target: target)
            let summary = "undid \(target.summary)"
            let entry = OutboxEntry(sequence: sequence, stamp: try local.tick(device: device, now: now()), summary: summary,
                                    kind: .undo(of: target.sequence), differences: differences)
            return (Change(target.summary, summary: summary), try entry.bytes)
        }
    }

    /// This device's latest change not taken back yet (an undo takes back the one it names).
    private static func lastUndoable(in local: LocalSyncState) throws -> OutboxEntry? {
        var undone = Set<Int>()
        for number in try local.outboxNumbers().reversed() {
            guard let entry = try local.outboxEntry(number) else { continue }
            switch entry.kind {
            case .undo(let target): undone.insert(target)
            case .repair: continue
            case .change: if !undone.contains(number) { return entry }
            }
        }
        return nil
    }

    /// What each part `target` changed goes back to: what it was before, for each part no other
    /// device changed since (a part that changed again stays as it is now).
    private static func partsBack(_ target: OutboxEntry, capture: ChangeCapture, index: SyncIndex) throws -> [SyncKey: SyncPart] {
        var back: [SyncKey: SyncPart] = [:]
        var owners: [SyncKey: [SyncKey: SyncPart]] = [:]
        for difference in target.differences {
            let owner = difference.key.owner
            let parts = try owners[owner] ?? capture.parts(of: owner)
            owners[owner] = parts
            let current = difference.key.kind == .seen ? try seenPart(difference, capture) : parts[difference.key] ?? .absent
            let ownerGone = parts.isEmpty
            guard current.payload == difference.after.payload || (ownerGone && difference.before == difference.after) else { continue }
            back[difference.key] = difference.before
            // A deletion taken back brings the thing back as the household last had it: a
            // rename another device made before the deletion is kept.
            if difference.after.payload == nil, difference.key.kind != .seen, let live = index.newestLive(difference.key) {
                back[difference.key] = SyncPart(payload: live.payload, isBought: live.isBought, seen: live.seen)
            }
        }
        return back
    }

    /// A price put back counts as seen when the price it takes back was: else the price taken
    /// back, seen later, would win again everywhere (the newest price seen wins).
    private static func seenAsUndone(_ differences: [ChangeCapture.Difference], target: OutboxEntry) -> [ChangeCapture.Difference] {
        let undoneSeen = Dictionary(target.differences.compactMap { difference in
            difference.after.seen.map { (difference.key, $0) }
        }) { max($0, $1) }
        return differences.map { difference in
            guard difference.key.kind == .price, difference.after.payload != nil, let undone = undoneSeen[difference.key],
                  undone > difference.after.seen ?? .min else { return difference }
            var after = difference.after
            after.seen = undone
            return ChangeCapture.Difference(key: difference.key, before: difference.before, after: after)
        }
    }

    private static func seenPart(_ difference: ChangeCapture.Difference, _ repositories: any Repositories) throws -> SyncPart {
        let payload = difference.after.payload ?? difference.before.payload ?? ""
        let parts = try SyncParts(currency: try repositories.settings().currency)
        let observation = try parts.observation(payload, key: difference.key)
        return try repositories.manualObservations(of: observation.item).contains(observation) ? SyncPart(payload: payload) : .absent
    }

    /// Erasing a device of a household would tell nothing to the others and leave it unable to
    /// merge: refused while it syncs.
    public func eraseEverything() async throws {
        guard local.isSetUp else { return try await inner.eraseEverything() }
        // The folder only names where it syncs: a damaged setup still refuses the erase.
        throw SyncError.erasingWhileSyncing(folder: (try? local.setup().folder) ?? "a household folder")
    }
}

/// A plain undo was chosen before the lock, and the directory syncs now: the undo goes through
/// the outbox instead.
private struct SyncStartedMeanwhile: Error {}
