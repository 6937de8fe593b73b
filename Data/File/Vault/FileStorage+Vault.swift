import Domain
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The vault files: a whole vault `vault-N.tsv`, written as a new file by a change to items
/// (N is the change's number), or such a whole vault with an overlay `vault-B+N.tsv` of the
/// items changed since (`VaultOverlay`); the state names the one it reads first (the
/// overlay, when there is one) with the checksum of its bytes.
extension FileStorage {
    /// A change writes an overlay instead of a whole vault only when the whole vault is at
    /// least this large: below it, writing it whole costs as little.
    static let overlayMinimum = 16 * 1024
    /// ... and while the overlay stays within this fraction of the whole vault (1/N): past it,
    /// the change folds the overlay into a new whole vault, so that reading stays bounded.
    static let overlayFraction = 8

    /// The items a state goes with: from its vault file, or for schema 2 from the state itself.
    /// Every vault file is checked against its checksum here (doctor, backups), never trusted
    /// by its stamp.
    func items(of stored: RecordCodec.StoredState) throws -> [Item] {
        let currency: Currency
        do { currency = try RecordMapper(settings: stored.record.settings).currency } catch {
            throw StorageError.unreadable(path: stored.path ?? statePath, reason: "\(error)")
        }
        if let legacy = try legacy.items(of: stored) { return legacy }
        guard let vault = stored.record.vault else { return [] }
        if DataFiles.vaultBase(vault) != nil {
            return try vaultIndex(of: stored.record, trustingStamp: false).allItems(currency: currency)
        }
        return try VaultCodec.decode(try vaultFile(path(vault), recorded: stored.record.vaultChecksum).bytes, currency: currency,
                                     path: path(vault))
    }

    /// The index of the vault a state names: of the whole vault, or of the whole vault with
    /// its overlay on it (each file checked against the checksum recorded for it: the
    /// overlay's by the state, the whole vault's by the overlay). The whole vault's checksum is
    /// not computed when the file still has the stamp the state recorded for it (inode and
    /// change time, as history's seal: nothing has written to it since its checksum was found
    /// right), unless `trustingStamp` is false.
    func vaultIndex(of record: StateRecord, trustingStamp: Bool = true) throws -> VaultIndex {
        let name = record.vault ?? ""
        let headPath = path(name)
        let head = try vaultFile(headPath, recorded: record.vaultChecksum)
        guard let base = DataFiles.vaultBase(name) else {
            var index = try VaultIndex(head.bytes, path: headPath, verified: trustingStamp && head.matches(record.vaultStamp))
            index.stamp = index.isTrusted ? head.stamp : nil
            return index
        }
        let currency: Currency
        do { currency = try RecordMapper(settings: record.settings).currency } catch {
            throw StorageError.unreadable(path: statePath, reason: "\(error)")
        }
        var overlay = try VaultOverlay.decode(head.bytes, currency: currency, path: headPath)
        guard overlay.base == base else {
            throw StorageError.unreadable(path: headPath, reason: "it lies on \(overlay.base), but its name says \(base)")
        }
        let whole = try vaultFile(path(base), recorded: overlay.baseChecksum)
        overlay.baseSize = whole.bytes.count
        var index = try VaultIndex(whole.bytes, path: path(base), verified: trustingStamp && whole.matches(record.vaultStamp))
        index.stamp = index.isTrusted ? whole.stamp : nil
        return index.overlaid(by: overlay, at: headPath)
    }

    /// A vault file as read: its bytes, and its stamp when it was opened.
    struct VaultFile {
        let bytes: [UInt8]
        let stamp: String?
        /// Whether the header's checksum was the recorded one (checked by `vaultFile`) and the
        /// file still has `recorded` stamp: then the bytes are the ones whose checksum was
        /// found right when that stamp was recorded.
        let checksumRecorded: Bool

        func matches(_ recorded: String?) -> Bool {
            checksumRecorded && recorded != nil && stamp == recorded
        }
    }

    /// The bytes of a vault file, which must be the one recorded (its header's checksum):
    /// another vault copied over it would silently change the items.
    func vaultFile(_ vaultPath: String, recorded: String?) throws -> VaultFile {
        var stamp: String?
        guard let bytes = try FileSystem.read(vaultPath,
                                              status: { [wallClock] in stamp = FileStorage.settledStamp($0, now: wallClock()) }) else {
            throw StorageError.unreadable(path: vaultPath, reason: "the vault file is missing")
        }
        let isOverlay = DataFiles.vaultBase(String(vaultPath.split(separator: "/").last ?? "")) != nil
        if let recorded, (isOverlay ? VaultOverlay.checksum(of: bytes) : VaultCodec.checksum(of: bytes)) != recorded {
            throw StorageError.unreadable(path: vaultPath,
                                          reason: "it is not the vault the state recorded (another vault copied over it?); "
                + "put back the right file or a copy of the directory")
        }
        return VaultFile(bytes: bytes, stamp: stamp, checksumRecorded: recorded != nil)
    }

    /// Deletes vault files that neither the state nor an undo snapshot uses any more (an
    /// overlay uses its whole vault too).
    func removeUnusedVaults(keeping names: [String?]) {
        let used = Set(names.flatMap(DataFiles.vaultFiles))
        for name in FileSystem.names(in: directory) where DataFiles.vaultNumber(name) != nil && !used.contains(name) {
            unlink(path(name))
        }
    }

    /// Writes the vault a change leaves when the change touched items (or moves schema 2's
    /// items out of the state), else keeps the state's: an overlay `vault-B+N.tsv` of the
    /// items changed since the whole vault `vault-B.tsv`, while it stays small beside it
    /// (`overlayMinimum`, `overlayFraction`), else a new whole vault `vault-N.tsv`.
    /// - Returns: the vault file's name (nil: no items), its checksum, the stamp of the whole
    ///   vault under it (see `StateRecord.vaultStamp`), and what a later read in this process
    ///   may reuse: the index, or the bytes when there was none.
    func writeVault(_ working: WorkingSet, stored: RecordCodec.StoredState, sequence: Int) throws
        -> (name: String?, checksum: String?, stamp: String?, bytes: [UInt8]?, index: VaultIndex?) {
        let record = stored.record
        guard !working.itemChanges.isEmpty || stored.legacyItems?.isEmpty == false else {
            // The stamp this change found the whole vault with, when it read it, else the one recorded.
            return (record.vault, record.vaultChecksum, working.vault.index.map(\.stamp) ?? record.vaultStamp, nil, working.vault.index)
        }
        guard try working.hasItems() else { return (nil, nil, nil, nil, nil) }
        if let index = working.vault.index, let overlay = nextOverlay(after: index, record: record, working) {
            let bytes = overlay.encode()
            if bytes.count <= overlay.baseSize / FileStorage.overlayFraction, let base = DataFiles.vaultNumber(overlay.base) {
                let name = "vault-\(base)+\(sequence).tsv"
                try FileSystem.createNew(bytes, at: path(name))
                // The whole vault's bytes are shared, not copied: the overlay's items are looked up first.
                return (name, VaultOverlay.checksum(of: bytes), index.stamp, nil, index.overlaid(by: overlay, at: path(name)))
            }
        }
        let vault = "vault-\(sequence).tsv"
        var index = working.vault.index.map {
            $0.rewritten(changed: working.itemChanges.saved, deleted: working.itemChanges.deleted, path: path(vault))
        }
        let bytes = try index?.bytes ?? VaultCodec.encode(Array(try working.loadedState().items.values))
        try FileSystem.createNew(bytes, at: path(vault))
        // A file just written has no settled stamp yet (see `settledStamp`): the next change
        // that reads it records one.
        index?.stamp = nil
        return (vault, VaultCodec.checksum(of: bytes), nil, bytes, index)
    }

    /// A vault file's stamp (`HistoryFile.stamp`: inode and change time), or nil when its
    /// change time is less than `settledAge` before `now` (the wall clock, in nanoseconds since
    /// 1970): the change time has the granularity of the kernel's tick (4 ms here), so a write
    /// in the same tick as the last one could leave it unchanged; a stamp recorded only once
    /// that tick is long past changes with any later write.
    static func settledStamp(_ info: stat, now: Int) -> String? {
        #if canImport(Darwin)
        let changed = info.st_ctimespec
        #else
        let changed = info.st_ctim
        #endif
        let age = now - (Int(changed.tv_sec) * 1_000_000_000 + Int(changed.tv_nsec))
        return age > settledAge ? HistoryFile.stamp(info) : nil
    }

    /// 100 ms, in nanoseconds: many ticks.
    static let settledAge = 100_000_000

    /// The overlay this change would write on the whole vault under `index`; nil when the
    /// vault is to be written whole (small, without a checksum to lie on, or none yet).
    private func nextOverlay(after index: VaultIndex, record: StateRecord, _ working: WorkingSet) -> VaultOverlay? {
        let current: VaultOverlay
        if let overlay = index.overlay {
            current = overlay
        } else {
            guard let name = record.vault, DataFiles.vaultBase(name) == nil, index.path == path(name),
                  let checksum = VaultCodec.checksum(of: index.bytes) else { return nil }
            current = VaultOverlay(base: name, baseChecksum: checksum, baseSize: index.bytes.count, changed: [:], deleted: [])
        }
        guard current.baseSize >= FileStorage.overlayMinimum else { return nil }
        return current.applying(saved: working.itemChanges.saved, removed: working.itemChanges.deleted)
    }
}
