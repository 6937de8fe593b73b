import Domain

/// Caches the items one transaction saved and deleted: what a new vault file must change.
/// Lives as long as the transaction; an item saved after being deleted (or the reverse)
/// moves from one side to the other.
struct ItemChanges {
    private(set) var saved: [ItemID: Item] = [:]
    private(set) var deleted: Set<ItemID> = []

    var isEmpty: Bool { saved.isEmpty && deleted.isEmpty }

    mutating func save(_ item: Item) {
        saved[item.id] = item
        deleted.remove(item.id)
    }

    mutating func delete(_ id: ItemID) {
        saved[id] = nil
        deleted.insert(id)
    }
}
