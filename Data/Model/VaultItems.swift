import Domain

/// Caches the vault's index, read (and its references checked) the first time an item is
/// needed, and whether the active state holds every item already, so that the index is no
/// longer asked. Never invalidated: the vault cannot change while the transaction holds the
/// lock, and the items the transaction changes are kept in its state and `ItemChanges`.
struct VaultItems {
    /// Reads the index; nil once it has been read (or when there is no vault to read).
    private var loader: (() throws -> VaultIndex)?
    /// The index: items are decoded from it one by one, as asked for.
    private(set) var index: VaultIndex?
    /// Whether the active state holds every item.
    var allLoaded: Bool

    /// - Parameter loader: reads the vault's index; nil when the state holds every item already.
    init(_ loader: (() throws -> VaultIndex)?) {
        self.loader = loader
        allLoaded = loader == nil
    }

    /// The index, read on first use and checked against `state`: every reference is checked
    /// now, so that no change carries a damaged vault along.
    /// - Throws: `StorageError.unreadable` when the vault cannot be read or names a category or
    ///   store the state does not hold.
    mutating func index(checkedAgainst state: ActiveState) throws -> VaultIndex? {
        if let loader {
            self.loader = nil
            let index = try loader()
            for category in index.categories where state.categories[CategoryID(category)] == nil {
                throw StorageError.unreadable(path: index.name, reason: "an item refers to missing category \(category)")
            }
            for store in index.stores ?? [] where state.stores[StoreID(store)] == nil {
                throw StorageError.unreadable(path: index.name, reason: "a price is at missing store \(store)")
            }
            self.index = index
        }
        return index
    }
}
