/// The shops, removed ones included (history still names them).
public protocol StoreRepository: AnyObject {
    /// Every store ever added, removed ones too (`Store.isRemoved`); in no promised order.
    func allStores() throws -> [Store]
    /// Stores `store`, replacing the one with its id, or adding it; stores are never deleted.
    func save(_ store: Store) throws
}
