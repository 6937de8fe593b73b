import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The undo journal: each change keeps the state it replaced as `undo/N.tsv` (a hard link), and
/// `undoLastChange` puts it back, with the vault it names and history cut back to its length,
/// once history is checked to be the one both states recorded. See docs/STORAGE.md, "Undo".
extension FileStorage {
    /// Puts back the state the latest change replaced (`undo/N.tsv`), with its vault, and cuts
    /// history back to the length it recorded, under the exclusive lock.
    /// - Returns: the summary of the change taken back.
    /// - Throws: `DomainError.nothingToUndo` when no change is left (or the directory holds no
    ///   data); `StorageError` when the state, history or files beside them do not agree, and
    ///   nothing is changed.
    public func undoLastChange() async throws -> String { try await undoLastChange(underLock: {}) }

    /// `undoLastChange()`, once `check` has run under the lock: what it throws ends the undo
    /// with nothing changed (`SyncedStorage` chose this undo before it took the lock, and checks
    /// that the directory still does not sync).
    func undoLastChange(underLock check: () throws -> Void) async throws -> String {
        try checkDirectories()
        guard FileSystem.exists(directory) else { throw DomainError.nothingToUndo }
        return try await locked(.exclusive) { try feed.commit { () throws -> (value: String, summary: String) in
            try check()
            let stored = try loadState()
            guard let current = stored.path else { throw DomainError.nothingToUndo }
            let record = stored.record
            _ = try activeState(record, path: current)   // a damaged state is reported, not replaced
            guard let entry = record.undo.entries.last else { throw DomainError.nothingToUndo }
            try requireNothingNewer(DataFiles.inventory(of: record, in: self))
            var (restored, snapshot, gone) = (StateRecord.empty, String?.none, 0)
            if entry.hadState { (restored, snapshot, gone) = try stateBefore(entry, current: record) }
            // History goes back to the restored length, but only after checking that the file
            // is the history this state and the restored one recorded. A state from before the
            // first trip names no history: it is given the file cut back to its header, so the
            // name is never left to a file no state knows.
            let fromJSON = snapshot?.hasSuffix(".json") == true
            let history = fromJSON ? nil : try historyToCut(current: record, restored: &restored)
            cache.forget()
            if let snapshot, fromJSON {
                try legacy.restoreState(from: snapshot, replacing: statePath)
                if restored.history != record.history, record.history == FileStorage.historyFile { unlink(historyPath) }
            } else if let snapshot, gone == 0, history?.rewritesState != true {
                guard rename(snapshot, statePath) == 0 else { throw FileSystem.failure(statePath) }
                try FileSystem.syncDirectory(of: statePath)
            } else {
                restored.undo.entries.removeFirst(gone)
                try FileSystem.writeAtomically(StateCodec.encode(restored), to: statePath)
                if let snapshot { unlink(snapshot) }
            }
            if let history { try history.file.cut(to: history.length) }
            return (entry.summary, "undid \(entry.summary)")
        } }
    }

    /// The state before change `entry` as its snapshot keeps it, checked to be that state (the
    /// change it leads to, the vault it names, which must still exist), with how many of its
    /// oldest undo entries the current list no longer has.
    private func stateBefore(_ entry: UndoEntryRecord,
                             current record: StateRecord) throws -> (restored: StateRecord, file: String, gone: Int) {
        let file = existingUndoPath(entry.sequence)
        guard let bytes = try FileSystem.read(file) else {
            throw StorageError.unreadable(path: file, reason: "the state before \"\(entry.summary)\" is missing")
        }
        let restored = try RecordCodec.decodeState(bytes, path: file).record
        _ = try activeState(restored, path: file)
        // A snapshot put there by hand (an older or newer one) would take the directory
        // somewhere else than one step back, cutting history it does not know.
        guard restored.undo.nextSequence == entry.sequence, restored.vault == entry.vault else {
            throw StorageError.unreadable(path: file, reason: "it is not the state before change \(entry.sequence) (\"\(entry.summary)\"): "
                + "it leads to change \(restored.undo.nextSequence) and names \(restored.vault ?? "no vault")")
        }
        for case let vault? in DataFiles.vaultFiles(restored.vault) where !FileSystem.exists(path(vault)) {
            throw StorageError.unreadable(path: path(vault), reason: "the vault before \"\(entry.summary)\" is missing")
        }
        // The restored state was written when its oldest undo entries still had their
        // snapshots; later changes dropped them (past fifty), and with them the entries
        // older than the current list's first. Those changes can no longer be undone,
        // so the restored list forgets them too. (A snapshot missing for any other
        // reason is damage, reported when undo reaches it.)
        let oldestKept = record.undo.entries.first?.sequence ?? entry.sequence
        let gone = restored.undo.entries.prefix { $0.sequence < oldestKept }.count
        return (restored, file, gone)
    }

    /// The history file an undo cuts, checked, and the length it cuts it to; nil when the
    /// undone change added no history.
    private func historyToCut(current: StateRecord,
                              restored: inout StateRecord) throws -> (file: HistoryFile, length: Int, rewritesState: Bool)? {
        guard current.history == FileStorage.historyFile, restored.history == nil || restored.history == current.history,
              restored.historyBytes < current.historyBytes || restored.history == nil else { return nil }
        guard let file = try HistoryFile(historyPath) else {
            throw StorageError.unreadable(path: historyPath,
                                          reason: "the file is missing, but \(current.historyBytes) bytes of history were recorded")
        }
        var rewritesState = false
        if restored.history == nil {
            let header = Array((HistoryCodec.header + "\n").utf8)
            restored.history = FileStorage.historyFile
            restored.historyBytes = header.count
            restored.historySeal = HistorySeal(checksum: Checksum.lines(header, continuing: 0), stamp: nil)
            rewritesState = true
        }
        _ = try file.verify(committed: current.historyBytes, seal: current.historySeal,
                            prefix: restored.historySeal.map { (restored.historyBytes, $0.checksum) })
        return (file, restored.historyBytes, rewritesState)
    }

    /// The snapshot of change `sequence` as it exists: `N.tsv`, else schema 1 to 3's `N.json`.
    func existingUndoPath(_ sequence: Int) -> String {
        !FileSystem.exists(undoPath(sequence)) && FileSystem.exists(legacy.undoPath(sequence))
            ? legacy.undoPath(sequence)
            : undoPath(sequence)
    }

    /// Keeps the current state file as the undo snapshot of change `sequence`, without copying.
    func keepForUndo(_ current: String, as sequence: Int) throws {
        try FileSystem.makeDirectory(undoDirectory)
        let snapshot = current == statePath ? undoPath(sequence) : legacy.undoPath(sequence)
        guard link(current, snapshot) == 0 else {
            if errno == EEXIST {
                throw StorageError.unreadable(path: snapshot, reason: "it already exists, but change \(sequence) has not happened yet")
            }
            throw FileSystem.failure(snapshot)
        }
        try FileSystem.syncDirectory(of: snapshot)
    }
}
