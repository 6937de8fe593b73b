/// The shops, removed ones included (history still names them).
public protocol StoreRepository: AnyObject {
    func allStores() throws -> [Store]
    func save(_ store: Store) throws
}
