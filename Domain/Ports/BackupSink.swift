/// Where a backup goes as it is read: first everything but history, then history one record
/// at a time, so that a backup of any size is written without holding history in memory.
public protocol BackupSink {
    /// Settings, stores, categories, items and active carts, each sorted by id; the backup's
    /// `completedCarts` and `observations` are empty here, and follow one at a time.
    mutating func begin(_ backup: Backup) throws
    /// Every completed cart, in the order they were completed; all come before any observation.
    mutating func add(completedCart: Cart) throws
    /// Every price seen by hand, in the order recorded.
    mutating func add(observation: PriceObservation) throws
    /// After the last of them.
    mutating func end() throws
}
