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
public final class FileStorage: Storage, Sendable {
    public let directory: String
    let lockTimeout: Duration
    /// The state this object wrote or read last (with its vault, when it wrote one), so that
    /// showing the result of a change, or a second read, does not decode again what it has just
    /// encoded or decoded. Valid while `state.tsv` is that very file: files here are replaced by
    /// rename, never changed in place, so the same device, inode, size and modification time
    /// mean the same bytes.
    let lastKnown = Mutex<KnownState?>(nil)
    /// Who listens for changes; it looks at the state file for other processes' commits.
    let feed: ChangeFeed

    struct KnownState {
        let identity: FileIdentity
        let record: StateRecord
        /// The vault the state names, when this object wrote the state: its index when the
        /// change had one, else the bytes just written (indexed only if a read needs an item).
        let vault: VaultCodec.Index?
        let vaultBytes: [UInt8]?
    }

    /// - Parameters:
    ///   - lockTimeout: how long to wait for another process using the directory.
    ///   - watchInterval: how often `changes()` looks for other processes' commits while
    ///     someone listens.
    public init(directory: String, lockTimeout: Duration = .seconds(10), watchInterval: Duration = .seconds(1)) {
        self.directory = directory
        self.lockTimeout = lockTimeout
        feed = ChangeFeed(watching: directory + "/state.tsv", every: watchInterval)
    }

    var statePath: String { directory + "/state.tsv" }
    var undoDirectory: String { directory + "/undo" }
    var lockPath: String { directory + "/lock" }
    func undoPath(_ sequence: Int) -> String { undoDirectory + "/\(sequence).tsv" }
    func path(_ file: String) -> String { directory + "/" + file }
    /// The history file of the current schema.
    static let historyFile = "history.tsv"
    var historyPath: String { path(FileStorage.historyFile) }

    // MARK: - Storage

    public func read<T>(_ body: sending (any Repositories) throws -> T) async throws -> sending T {
        try FileSystem.checkPrivate(directory)
        guard FileSystem.exists(directory) else {
            return try body(WorkingSet(state: try ActiveState(.empty, items: []), history: .empty(.euro), months: []))
        }
        return try await FileLock.holding(lockPath, .shared, timeout: lockTimeout) {
            try body(try workingSet(try loadState()))
        }
    }

    public func write<T>(_ body: sending (any Repositories) throws -> Change<T>) async throws -> sending T {
        try await write(numbered: { working, _ in try body(working) }, beforeCommit: { _, _ in })
    }

    /// `write`, telling `body` the number the change will have (`undo`'s sequence) and calling
    /// `beforeCommit` with it once everything else is written, just before the state file is
    /// replaced: what sync writes beside a change (`sync/outbox/N.tsv`) happens exactly when
    /// the change does. `beforeCommit` may throw, and then nothing is committed.
    func write<T>(numbered body: sending (WorkingSet, Int) throws -> Change<T>,
                  beforeCommit: sending (Int, T) throws -> Void) async throws -> sending T {
        try checkDirectories()
        try FileSystem.makeDirectory(directory)
        return try await FileLock.holding(lockPath, .exclusive, timeout: lockTimeout) {
            let stored = try loadState()
            let hadState = stored.path != nil
            let record = stored.record
            let working = try workingSet(stored)
            let change = try body(working, record.undo.nextSequence)
            // Nothing is written before the history it appends to is known to be sound, and
            // the state known to be the newest.
            let history = working.pending.isEmpty ? nil : try openHistory(record)
            let inventory = DataFiles.inventory(of: record, in: self)
            try requireNothingNewer(inventory)
            // From here on the change is written, into files of new names only: what a killed
            // writer left under such names goes first.
            removeLeftovers(inventory)

            let sequence = record.undo.nextSequence
            let (vault, vaultChecksum, vaultStamp, vaultBytes, vaultIndex) = try writeVault(working, stored: stored, sequence: sequence)
            let (historyName, historyBytes, historySeal) = try appendHistory(working, to: history, record: record)
            var undo = record.undo
            if let current = stored.path { try keepForUndo(current, as: sequence) }
            undo.nextSequence += 1
            undo.entries.append(UndoEntryRecord(sequence: sequence, summary: change.summary, hadState: hadState, vault: record.vault))
            let dropped = undo.entries.prefix(max(0, undo.entries.count - UndoPolicy.depth))
            undo.entries.removeFirst(dropped.count)

            let state = working.state.record(vault: vault, vaultChecksum: vaultChecksum, vaultStamp: vaultStamp, history: historyName, historyBytes: historyBytes, historySeal: historySeal,
                                             months: try working.monthsToStore(), undo: undo)
            try beforeCommit(sequence, change.value)
            try feed.commit {
                lastKnown.withLock { $0 = nil }
                try FileSystem.writeAtomically(StateCodec.encode(state), to: statePath)
                // The state of an older schema is now the undo snapshot; its name goes.
                unlink(legacyStatePath)
                if let identity = FileIdentity(of: statePath) {
                    lastKnown.withLock { $0 = KnownState(identity: identity, record: state, vault: vaultIndex, vaultBytes: vaultIndex == nil ? vaultBytes : nil) }
                }
                return ((), change.summary)
            }
            // Best effort from here: a leftover file is never read.
            for entry in dropped {
                unlink(undoPath(entry.sequence))
                unlink(legacyUndoPath(entry.sequence))
            }
            if vault != record.vault || !dropped.isEmpty { removeUnusedVaults(keeping: [vault] + undo.entries.map(\.vault)) }
            return change.value
        }
    }

    public func eraseEverything() async throws {
        try checkDirectories()
        guard FileSystem.exists(directory) else { return }
        try await FileLock.holding(lockPath, .exclusive, timeout: lockTimeout) {
            try feed.commit { try eraseFiles(); return ((), "erased everything") }
        }
    }

    private func eraseFiles() throws {
        lastKnown.withLock { $0 = nil }
        // The state goes first: without it, whatever is left is ignored and overwritten.
        let names = FileSystem.names(in: directory)
        let data = names.filter { DataFiles.isData($0) || DataFiles.isTemporary($0) }
        for file in ["state.tsv", "state.json"] + data where unlink(path(file)) != 0 && errno != ENOENT { throw FileSystem.failure(path(file)) }
        try FileSystem.syncDirectory(of: statePath)
        for name in FileSystem.names(in: undoDirectory) where DataFiles.snapshotNumber(name) != nil { unlink(undoDirectory + "/" + name) }
    }

    /// The data directory and its `undo` directory are this user's alone (see `FileSystem`).
    func checkDirectories() throws(StorageError) {
        try FileSystem.checkPrivate(directory)
        try FileSystem.checkInner(undoDirectory)
    }

    // MARK: - Reading

    /// The state file as read; the empty state in a new directory.
    func loadState() throws -> RecordCodec.StoredState {
        if let last = lastKnown.withLock({ $0 }), FileIdentity(of: statePath) == last.identity {
            return RecordCodec.StoredState(record: last.record, legacyItems: nil, path: statePath)
        }
        let identity = FileIdentity(of: statePath)
        if let bytes = try FileSystem.read(statePath) {
            let stored = try RecordCodec.decodeState(bytes, path: statePath)
            // A command often reads twice (the home screen: carts, then spending).
            if let identity {
                lastKnown.withLock { $0 = KnownState(identity: identity, record: stored.record, vault: nil, vaultBytes: nil) }
            }
            return stored
        }
        if let bytes = try FileSystem.read(legacyStatePath) { return try RecordCodec.decodeState(bytes, path: legacyStatePath) }
        // No state: a new directory, unless Grock's other files are there. Then the state was
        // lost (deleted, or not copied along), and starting afresh would write over them.
        let data = FileSystem.names(in: directory).filter(DataFiles.isData).sorted()
        let snapshots = FileSystem.names(in: undoDirectory).filter { DataFiles.snapshotNumber($0) != nil }
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
        let record = stored.record
        let statePath = stored.path ?? self.statePath
        var state = try activeState(record, path: statePath)
        let currency = state.settings.currency
        var vault: (() throws -> VaultCodec.Index)?
        if let legacy = try legacyItems(of: stored) {
            do { try state.setItems(legacy) } catch let error as RecordError {
                throw StorageError.unreadable(path: statePath, reason: "\(error)")
            }
        } else if let file = record.vault {
            let vaultPath = path(file)
            let known = lastKnown.withLock { $0 }
            if let known, known.record == record, let index = known.vault, index.name == vaultPath {
                vault = { index }
            } else if let known, known.record == record, let bytes = known.vaultBytes {
                vault = { try VaultCodec.Index(bytes, path: vaultPath, verified: true) }  // as this process wrote them
            } else {
                vault = { [self] in
                    let index = try vaultIndex(of: record)
                    // Kept with the state, so that the next read of it (`prices` reads three
                    // times) does not read and index the vault again.
                    lastKnown.withLock { known in
                        if let current = known, current.record == record, current.vault == nil, current.vaultBytes == nil {
                            known = KnownState(identity: current.identity, record: current.record, vault: index, vaultBytes: nil)
                        }
                    }
                    return index
                }
            }
        }
        let historyCarts = HistoryCartIDs()
        var source = HistorySource(
            full: { [self] in try loadHistory(record, currency: currency) },
            spending: { [self] tripsOnly, item in
                guard record.history != nil, record.historyBytes > 0 else { return (SpendingColumns(currency: currency), []) }
                let seal = try verifyHistory(of: record)
                // One item, from a cache that the history's seal vouches for: history is not even mapped.
                if let item, !tripsOnly, let seal, let found = SpendingCache.read(path(SpendingCache.file), currency: currency,
                                                                                  historyLength: record.historyBytes, seal: seal, history: nil, item: item) {
                    return found
                }
                guard let (file, historyPath) = try mappedHistory(record) else { return (SpendingColumns(currency: currency), []) }
                if FileStorage.isLegacyHistory(historyPath) {
                    let log = try loadHistory(record, currency: currency)
                    let spending = try log.spending(currency: currency)
                    return (item.map(spending.lines(of:)) ?? spending, log.manual.filter { item == nil || $0.item == item })
                }
                let (data, manual) = try file.withBytes {
                    try SpendingCache.spending($0, historyPath: historyPath, seal: seal, cachePath: path(SpendingCache.file), currency: currency,
                                               item: tripsOnly ? nil : item)
                }
                if tripsOnly { return (data.tripsOnly, []) }
                return (data, manual)
            },
            cart: { [self] id in
                // The carts history names, found once (from the spending cache's trips when the
                // seal vouches for it, without mapping history): a merge asks for carts new here.
                if historyCarts.ids == nil, record.history != nil, record.historyBytes > 0, let seal = try verifyHistory(of: record) {
                    historyCarts.ids = SpendingCache.readTripIDs(path(SpendingCache.file), historyLength: record.historyBytes, seal: seal)
                }
                let key = HistoryCodec.tripKey(id)
                if let ids = historyCarts.ids, !ids.contains(key) { return nil }
                guard let (file, historyPath) = try committedHistory(record) else { return nil }
                if FileStorage.isLegacyHistory(historyPath) { return try loadHistory(record, currency: currency).cart(id) }
                return try file.withBytes { bytes in
                    let ids = historyCarts.ids ?? HistoryCodec.cartIDs(in: bytes)
                    historyCarts.ids = ids
                    guard ids.contains(key) else { return nil }
                    return try HistoryCodec.decodeCart(id, from: bytes, currency: currency, path: historyPath)
                }
            })
        source.manual = { [self] in
            guard record.history != nil, record.historyBytes > 0, !FileStorage.isLegacyHistory(path(record.history!)) else { return nil }
            guard let seal = try verifyHistory(of: record) else { return nil }
            return SpendingCache.readManual(path(SpendingCache.file), currency: currency, historyLength: record.historyBytes, seal: seal)
        }
        return WorkingSet(state: state, vault: vault, history: source, months: record.months)
    }

    /// The keys (`HistoryCodec.tripKey`) of the carts a history file names, found once per transaction.
    private final class HistoryCartIDs {
        var ids: Set<UInt64>?
    }

    // MARK: - Writing

    /// Deletes the leftovers (best effort, under the exclusive lock, before a change writes):
    /// a later change must be free to create their names.
    private func removeLeftovers(_ inventory: DataFiles.Inventory) {
        for name in inventory.leftovers { unlink(path(name)) }
    }

    /// Refuses a state that files beside it are newer than (`DataFiles.Inventory.newer`).
    func requireNothingNewer(_ inventory: DataFiles.Inventory) throws(StorageError) {
        guard !inventory.newer.isEmpty else { return }
        let named = inventory.newer.prefix(3).joined(separator: ", ") + (inventory.newer.count > 3 ? ", ..." : "")
        throw StorageError.unreadable(path: statePath, reason: "it is older than files beside it (\(named)): it was put back from a copy or a "
            + "snapshot, and a change would delete the newer files and cut history; put back the newest state.tsv, or move those files away")
    }

}

extension FileStorage {
    public func changes() -> AsyncStream<StorageChange> { feed.subscribe() }
}
