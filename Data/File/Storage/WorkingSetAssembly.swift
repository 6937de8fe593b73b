/// How a `FileStorage` turns the state file as read into the working set a transaction's body
/// sees: the active state at once, the items from schema 2's state or lazily from the vault
/// (reusing what the storage's `StateCache` knows of it), and history through `HistoryAccess`.
struct WorkingSetAssembly {
    let storage: FileStorage
    let stored: RecordCodec.StoredState

    func workingSet() throws -> WorkingSet {
        let record = stored.record
        let statePath = stored.path ?? storage.statePath
        var state = try storage.activeState(record, path: statePath)
        var vault: (() throws -> VaultIndex)?
        if let legacy = try storage.legacy.items(of: stored) {
            do { try state.setItems(legacy) } catch let error as RecordError {
                throw StorageError.unreadable(path: statePath, reason: "\(error)")
            }
        } else if let file = record.vault {
            vault = vaultIndex(of: record, at: storage.path(file))
        }
        let history = HistoryAccess(storage, record: record, currency: state.settings.currency)
        return WorkingSet(state: state, vault: vault, history: history.source, months: record.months)
    }

    /// The index of the vault at `vaultPath` that `record` names, found when an item is first
    /// needed: the one the cache holds, else from the bytes it holds (as this process wrote
    /// them), else read from the file and kept in the cache with the state.
    private func vaultIndex(of record: StateRecord, at vaultPath: String) -> () throws -> VaultIndex {
        switch storage.cache.vault(of: record) {
        case .index(let index) where index.name == vaultPath:
            return { index }
        case .bytes(let bytes):
            return { try VaultIndex(bytes, path: vaultPath, verified: true) }
        case .index, nil:
            return { [storage] in
                let index = try storage.vaultIndex(of: record)
                storage.cache.keep(index, for: record)
                return index
            }
        }
    }
}
