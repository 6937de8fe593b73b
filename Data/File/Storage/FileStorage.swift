import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Durable storage in one private directory:
///
/// - `state.tsv`: settings, stores, categories, active carts, the undo list, and the names of
///   the vault and history files with the committed length of history. Replaced atomically on
///   every change; that rename is the moment a change happens. (`state.json` in schemas 1-3:
///   read while it is the only state file, replaced by `state.tsv` on the next change.)
/// - `vault-N.tsv`: the vault's items, written anew (as a new file) only by changes to items.
/// - `history.tsv`: completed carts and prices seen by hand, an append-only log.
/// - `undo/N.tsv`: the state before change N (a hard link to the replaced file, not a copy;
///   `undo/N.json` when that was a `state.json`).
/// - `lock`: taken with `flock`, shared to read, exclusive to change.
///
/// A change never reads history, so its cost does not grow with the number of trips. See
/// docs/STORAGE.md.
///
/// It coordinates: the lock (`FileLock`), the state file (`RecordCodec`, `StateCache`), the
/// vault (`VaultIndex`, `VaultOverlay`), history (`HistoryFile`, `SpendingCache`), the names in
/// the directory (`DataFiles`), older schemas (`LegacyFiles`) and `grock doctor` (`Diagnosis`)
/// are types of their own; its extensions (`+Vault`, `+History`, `+Undo`) are the steps of a
/// transaction that use them.
public final class FileStorage: Storage, Sendable {
    /// The data directory, as given: where every file of the store lives, and where sync keeps
    /// `sync/`.
    public let directory: String
    let lockTimeout: Duration
    /// How a wait for another process's lock pauses between its tries.
    let lockPause: @Sendable (Duration) async throws -> Void
    /// The wall clock, in nanoseconds since 1970: a vault file's change time is compared with
    /// it (`settledStamp`).
    let wallClock: @Sendable () -> Int
    /// The state this object wrote or read last.
    let cache = StateCache()
    /// Who listens for changes; it looks at the state file for other processes' commits.
    let feed: ChangeFeed
    /// The files of schemas 1 to 3, read until a change replaces them.
    let legacy: LegacyFiles

    /// - Parameters:
    ///   - lockTimeout: how long to wait for another process using the directory.
    ///   - watchInterval: how often `changes()` looks for other processes' commits while
    ///     someone listens.
    ///   - lockPause: how the wait for the lock pauses between tries: `Task.sleep`, which ends
    ///     the wait when the task is cancelled (tests see the wait begin).
    ///   - wallClock: the time now, in nanoseconds since 1970 (tests let a file's change time
    ///     settle without waiting for it).
    public init(directory: String, lockTimeout: Duration = .seconds(10), watchInterval: Duration = .seconds(1),
                lockPause: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
                wallClock: @escaping @Sendable () -> Int = FileStorage.realTime) {
        self.directory = directory
        self.lockTimeout = lockTimeout
        self.lockPause = lockPause
        self.wallClock = wallClock
        feed = ChangeFeed(watching: directory + "/state.tsv", every: watchInterval)
        legacy = LegacyFiles(directory: directory)
    }

    /// The machine's clock (`CLOCK_REALTIME`, the clock of files' change times), in
    /// nanoseconds since 1970.
    public static let realTime: @Sendable () -> Int = {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int(now.tv_sec) * 1_000_000_000 + Int(now.tv_nsec)
    }

    var statePath: String { directory + "/state.tsv" }
    var undoDirectory: String { directory + "/undo" }
    var lockPath: String { directory + "/lock" }
    func undoPath(_ sequence: Int) -> String { undoDirectory + "/\(sequence).tsv" }
    func path(_ file: String) -> String { directory + "/" + file }
    /// The history file of the current schema.
    static let historyFile = "history.tsv"
    var historyPath: String { path(FileStorage.historyFile) }

    /// Runs `body` holding the directory's lock (`FileLock`), waiting at most `timeout`
    /// (`lockTimeout` unless given) for another process.
    func locked<T>(_ mode: FileLock.Mode, timeout: Duration? = nil, _ body: () throws -> T) async throws -> T {
        try await FileLock.holding(lockPath, mode, timeout: timeout ?? lockTimeout, pause: lockPause, body)
    }

    // MARK: - Storage

    /// Runs `body` over the state under the shared lock, so another process's change is not seen
    /// half done; a directory not made yet reads as empty, and is not created.
    /// - Throws: `StorageError.insecure` for a directory others could change; `.busy` when
    ///   another process holds it past `lockTimeout`; `.unreadable`, `.stateLost` or
    ///   `.newerVersion` for files Grock cannot use.
    public func read<T>(_ body: sending (any Repositories) throws -> T) async throws -> sending T {
        try FileSystem.checkPrivate(directory)
        guard FileSystem.exists(directory) else {
            return try body(WorkingSet(state: try ActiveState(.empty, items: []), history: HistorySource(HistoryLog(), currency: .euro),
                                       months: []))
        }
        return try await locked(.shared) {
            try body(try workingSet(try loadState()))
        }
    }

    /// Runs `body` as one change under the exclusive lock, creating the directory when needed: new
    /// files are written beside the old, and the change happens when `state.tsv` is replaced.
    /// When `body` or any write throws, the data is as it was.
    /// - Throws: what `body` throws, or `StorageError` (`.busy`, `.insecure`, `.io`, and
    ///   `.unreadable` for a state older than files beside it).
    public func write<T>(_ body: sending (any Repositories) throws -> Change<T>) async throws -> sending T {
        try await write(numbered: { working, _ in try body(working) }, beforeCommit: { _, _ in }).value
    }

    /// `write`, telling `body` the number the change will have (`undo`'s sequence) and calling
    /// `beforeCommit` with it and the change's value once everything else is written, just
    /// before the state file is replaced: what sync writes beside a change (`sync/outbox/N.tsv`)
    /// happens exactly when the change does. `beforeCommit` may throw, and then nothing is
    /// committed. `afterCommit` runs once it is, still under the lock: what makes the directory
    /// sync (`sync/device.tsv`) is there before any other change can be written.
    /// - Returns: the change's value and its number.
    @discardableResult
    func write<T>(numbered body: sending (WorkingSet, Int) throws -> Change<T>,
                  beforeCommit: sending (Int, T) throws -> Void,
                  afterCommit: sending (T) throws -> Void = { _ in }) async throws -> sending Committed<T> {
        // The steps in the order docs/ARCHITECTURE.md's `grock trip log` walk-through gives them.
        try checkDirectories()
        try FileSystem.makeDirectory(directory)
        return try await locked(.exclusive) {
            let stored = try loadState()
            let working = try workingSet(stored)
            let sequence = stored.record.undo.nextSequence
            let change = try body(working, sequence)
            // Nothing is written before the history it appends to is known to be sound, and
            // the state known to be the newest.
            let history = working.pending.isEmpty ? nil : try openHistory(stored.record)
            let inventory = DataFiles.inventory(of: stored.record, in: self)
            try requireNothingNewer(inventory)
            // From here on the change is written, into files of new names only: what a killed
            // writer left under such names goes first.
            DataFiles.removeLeftovers(inventory, in: self)
            let vault = try writeVault(working, stored: stored, sequence: sequence)
            let appended = try appendHistory(working, to: history, record: stored.record)
            let undo = try linkUndo(stored, sequence: sequence, summary: change.summary)
            let state = working.state.record(vault: vault.name, vaultChecksum: vault.checksum, vaultStamp: vault.stamp,
                                             history: appended.name, historyBytes: appended.bytes, historySeal: appended.seal,
                                             months: try working.monthsToStore(), undo: undo.record)
            try beforeCommit(sequence, change.value)
            try replaceState(with: state, vault: vault.index.map(StateCache.Vault.index) ?? vault.bytes.map(StateCache.Vault.bytes),
                             summary: change.summary)
            cleanUp(dropped: undo.dropped, vault: vault.name, previousVault: stored.record.vault, undo: undo.record)
            try afterCommit(change.value)
            return Committed(value: change.value, sequence: sequence)
        }
    }

    /// Links the state being replaced as the undo snapshot of change `sequence` (none in a new
    /// directory) and records the change in the undo list, which keeps `UndoPolicy.depth` entries.
    /// - Returns: the new undo list, and the entries it no longer holds, whose snapshots
    ///   `cleanUp` removes after the commit.
    private func linkUndo(_ stored: RecordCodec.StoredState, sequence: Int, summary: String) throws
        -> (record: UndoRecord, dropped: ArraySlice<UndoEntryRecord>) {
        var undo = stored.record.undo
        if let current = stored.path { try keepForUndo(current, as: sequence) }
        undo.nextSequence += 1
        undo.entries.append(UndoEntryRecord(sequence: sequence, summary: summary, hadState: stored.path != nil, vault: stored.record.vault))
        let dropped = undo.entries.prefix(max(0, undo.entries.count - UndoPolicy.depth))
        undo.entries.removeFirst(dropped.count)
        return (undo, dropped)
    }

    /// The commit: inside the change feed's commit, `state` written to a temporary file,
    /// flushed and renamed over `state.tsv`, and remembered with the vault this process may reuse.
    private func replaceState(with state: StateRecord, vault: StateCache.Vault?, summary: String) throws {
        try feed.commit {
            cache.forget()
            try FileSystem.writeAtomically(StateCodec.encode(state), to: statePath)
            // The state of an older schema is now the undo snapshot; its name goes.
            unlink(legacy.statePath)
            cache.remember(state, at: FileIdentity(of: statePath), vault: vault)
            return ((), summary)
        }
    }

    /// After the commit, still under the lock: removes the snapshots of the undo entries
    /// `dropped`, and the vault files that neither the state nor an undo entry uses any more.
    private func cleanUp(dropped: ArraySlice<UndoEntryRecord>, vault: String?, previousVault: String?, undo: UndoRecord) {
        // Best effort: a leftover file is never read.
        for entry in dropped {
            unlink(undoPath(entry.sequence))
            unlink(legacy.undoPath(entry.sequence))
        }
        if vault != previousVault || !dropped.isEmpty { removeUnusedVaults(keeping: [vault] + undo.entries.map(\.vault)) }
    }

    /// Deletes the store's own files, history and undo snapshots included (it cannot be undone),
    /// under the exclusive lock; a directory never made has nothing to erase.
    public func eraseEverything() async throws {
        try checkDirectories()
        guard FileSystem.exists(directory) else { return }
        try await locked(.exclusive) {
            try feed.commit {
                cache.forget()
                try DataFiles.erase(in: self)
                return ((), "erased everything")
            }
        }
    }

    /// The data directory and its `undo` directory are this user's alone (see `FileSystem`).
    func checkDirectories() throws(StorageError) {
        try FileSystem.checkPrivate(directory)
        try FileSystem.checkInner(undoDirectory)
    }

    // MARK: - Reading

    /// The state file as read; the empty state in a new directory.
    func loadState() throws -> RecordCodec.StoredState {
        let identity = FileIdentity(of: statePath)
        if let record = cache.record(ifStill: identity) {
            return RecordCodec.StoredState(record: record, legacyItems: nil, path: statePath)
        }
        if let bytes = try FileSystem.read(statePath) {
            let stored = try RecordCodec.decodeState(bytes, path: statePath)
            // A command often reads twice (the home screen: carts, then spending).
            cache.remember(stored.record, at: identity)
            return stored
        }
        if let bytes = try FileSystem.read(legacy.statePath) { return try RecordCodec.decodeState(bytes, path: legacy.statePath) }
        // No state: a new directory, unless Grock's other files are there. Then the state was
        // lost (deleted, or not copied along), and starting afresh would write over them.
        let data = try FileSystem.listing(of: directory).filter(DataFiles.isData).sorted()
        let snapshots = try FileSystem.listing(of: undoDirectory).filter { DataFiles.snapshotNumber($0) != nil }
        if !data.isEmpty || !snapshots.isEmpty {
            let found = (data + (snapshots.isEmpty ? [] : ["undo/"])).prefix(4).joined(separator: ", ")
            throw StorageError.stateLost(path: statePath, found: found)
        }
        return RecordCodec.StoredState(record: .empty, legacyItems: nil, path: nil)
    }

    /// The state and its items.
    func load() throws -> (StateRecord, [Item]) {
        let stored = try loadState()
        return (stored.record, try items(of: stored))
    }

    func activeState(_ record: StateRecord, path: String) throws -> ActiveState {
        do { return try ActiveState(record) } catch { throw StorageError.unreadable(path: path, reason: "\(error)") }
    }

    private func workingSet(_ stored: RecordCodec.StoredState) throws -> WorkingSet {
        try WorkingSetAssembly(storage: self, stored: stored).workingSet()
    }

    // MARK: - Writing

    /// Refuses a state that files beside it are newer than (`DataFiles.Inventory.newer`).
    func requireNothingNewer(_ inventory: DataFiles.Inventory) throws(StorageError) {
        guard !inventory.newer.isEmpty else { return }
        let named = inventory.newer.prefix(3).joined(separator: ", ") + (inventory.newer.count > 3 ? ", ..." : "")
        throw StorageError.unreadable(path: statePath,
                                      reason: "it is older than files beside it (\(named)): it was put back from a copy or a "
            + "snapshot, and a change would delete the newer files and cut history; put back the newest state.tsv, "
            + "or move those files away")
    }

}

extension FileStorage {
    /// Changes committed through this object, and those of other processes, noticed when
    /// `state.tsv` changes (looked at every `watchInterval` while someone listens).
    public func changes() -> AsyncStream<StorageChange> { feed.subscribe() }
}
