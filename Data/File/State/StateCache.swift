import Synchronization

/// The state a `FileStorage` wrote or read last (with its vault, when it knows it), so that
/// showing the result of a change, or a second read, does not decode again what it has just
/// encoded or decoded. Valid while `state.tsv` is that very file: files there are replaced by
/// rename, never changed in place, so the same device, inode, size and modification time mean
/// the same bytes.
final class StateCache: Sendable {
    /// The vault a remembered state names, as far as it is known.
    enum Vault {
        /// Its index: read and indexed by this process, or the index a change wrote from.
        case index(VaultIndex)
        /// The bytes this process has just written, indexed only if a read needs an item.
        case bytes([UInt8])
    }

    private struct Known {
        let identity: FileIdentity
        let record: StateRecord
        var vault: Vault?
    }

    private let last = Mutex<Known?>(nil)

    /// The remembered state, if the state file is still the one of `identity`.
    func record(ifStill identity: FileIdentity?) -> StateRecord? {
        last.withLock { known in
            guard let known, known.identity == identity else { return nil }
            return known.record
        }
    }

    /// Remembers `record` as the state file of `identity` (nothing, when the file is gone).
    func remember(_ record: StateRecord, at identity: FileIdentity?, vault: Vault? = nil) {
        last.withLock { $0 = identity.map { Known(identity: $0, record: record, vault: vault) } }
    }

    /// Forgets the state: the state file is about to be replaced or removed.
    func forget() {
        last.withLock { $0 = nil }
    }

    /// What is known of the vault of `record`, when `record` is the remembered state.
    func vault(of record: StateRecord) -> Vault? {
        last.withLock { known in
            guard let known, known.record == record else { return nil }
            return known.vault
        }
    }

    /// Keeps the index of the vault of `record` with it, when `record` is the remembered state
    /// and nothing is known of its vault yet: the next read of it (`prices` reads three times)
    /// does not read and index the vault again.
    func keep(_ index: VaultIndex, for record: StateRecord) {
        last.withLock { known in
            guard var current = known, current.record == record, current.vault == nil else { return }
            current.vault = .index(index)
            known = current
        }
    }
}
