import Domain
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The vault file: `vault-N.tsv`, written as a new file by each change to items (N is the
/// change's number), named by the state with the checksum of its bytes.
extension FileStorage {
    /// The items a state goes with: from its vault file, or for schema 2 from the state itself.
    func items(of stored: RecordCodec.StoredState) throws -> [Item] {
        let currency: Currency
        do { currency = try RecordMapper(settings: stored.record.settings).currency } catch {
            throw StorageError.unreadable(path: stored.path ?? statePath, reason: "\(error)")
        }
        if let legacy = try legacyItems(of: stored) { return legacy }
        guard let vault = stored.record.vault else { return [] }
        return try VaultCodec.decode(try vaultBytes(of: stored.record), currency: currency, path: path(vault))
    }

    /// The bytes of the vault file a state names, which must be the one it recorded (its
    /// header's checksum): another vault copied over it would silently change the items.
    func vaultBytes(of record: StateRecord) throws -> [UInt8] {
        let vaultPath = path(record.vault ?? "")
        guard let bytes = try FileSystem.read(vaultPath) else {
            throw StorageError.unreadable(path: vaultPath, reason: "the vault file is missing")
        }
        if let recorded = record.vaultChecksum, VaultCodec.checksum(of: bytes) != recorded {
            throw StorageError.unreadable(path: vaultPath, reason: "it is not the vault the state recorded (another vault copied over it?); "
                + "put back the right file or a copy of the directory")
        }
        return bytes
    }

    /// Deletes vault files that neither the state nor an undo snapshot uses any more.
    func removeUnusedVaults(keeping used: Set<String?>) {
        for name in FileSystem.names(in: directory) where DataFiles.vaultNumber(name) != nil && !used.contains(name) {
            unlink(path(name))
        }
    }

    /// Writes the vault a change leaves as a new file `vault-N.tsv` when the change touched
    /// items (or moves schema 2's items out of the state), else keeps the state's.
    /// - Returns: the vault file's name (nil: no items), its checksum, and what a later read in
    ///   this process may reuse: the rewritten index, or the bytes when there was none.
    func writeVault(_ working: WorkingSet, stored: RecordCodec.StoredState, sequence: Int) throws
        -> (name: String?, checksum: String?, bytes: [UInt8]?, index: VaultCodec.Index?) {
        let record = stored.record
        guard working.itemsChanged || stored.legacyItems?.isEmpty == false else {
            return (record.vault, record.vaultChecksum, nil, working.vaultIndex)
        }
        guard try working.hasItems() else { return (nil, nil, nil, nil) }
        let vault = "vault-\(sequence).tsv"
        let index = working.vaultIndex.map { $0.rewritten(changed: working.changedItems, deleted: working.deletedItems, path: path(vault)) }
        let bytes = try index?.bytes ?? VaultCodec.encode(Array(try working.loadedState().items.values))
        try FileSystem.createNew(bytes, at: path(vault))
        return (vault, VaultCodec.checksum(of: bytes), bytes, index)
    }
}
