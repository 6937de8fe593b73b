/// What a store's receipts call the user's items, learned from receipts matched before:
/// `BIO BANANEN` at Aldi is the vault's Bananas.
///
/// An alias holds for its store alone, since chains abbreviate differently (`GV WHOLE MILK` at
/// Walmart says nothing about Tesco's receipts).
public struct ReceiptAliases: Sendable, Hashable {
    private var table: [StoreID: [String: ItemID]]

    /// - Parameter entries: aliases as stored; a later entry for the same name and store wins.
    public init(_ entries: [ReceiptAlias] = []) {
        table = [:]
        for entry in entries { learn(entry.receiptName, is: entry.item, at: entry.store) }
    }

    /// Every alias, ordered by store and name: what a storage writes.
    public var entries: [ReceiptAlias] {
        table.flatMap { store, names in names.map { ReceiptAlias(store: store, receiptName: $0.key, item: $0.value) } }
            .sorted { ($0.store, $0.receiptName) < ($1.store, $1.receiptName) }
    }

    /// The item `receiptName` was last confirmed as on a receipt of `store`.
    public func item(for receiptName: String, at store: StoreID) -> ItemID? {
        table[store]?[ReceiptAliases.key(receiptName)]
    }

    /// Remembers that `receiptName` on receipts of `store` is `item`, replacing what it was.
    public mutating func learn(_ receiptName: String, is item: ItemID, at store: StoreID) {
        let key = ReceiptAliases.key(receiptName)
        guard !key.isEmpty else { return }
        table[store, default: [:]][key] = item
    }

    /// Forgets what `receiptName` is at `store`.
    public mutating func forget(_ receiptName: String, at store: StoreID) {
        table[store]?[ReceiptAliases.key(receiptName)] = nil
        if table[store]?.isEmpty == true { table[store] = nil }
    }

    /// Forgets every alias of `item`: for an item deleted from the vault.
    public mutating func forgetItem(_ item: ItemID) {
        for store in table.keys {
            table[store] = table[store]?.filter { $0.value != item }
            if table[store]?.isEmpty == true { table[store] = nil }
        }
    }

    /// The form a receipt name is looked up in: case-, accent- and spacing-insensitive, sizes
    /// and all (`MILCH 1,5% 1L` and `Milch 1,5%  1l` are one alias, `MILCH 3,5% 1L` another).
    public static func key(_ receiptName: String) -> String { Name.key(receiptName) }
}

/// One learned alias: on receipts of `store`, `receiptName` is `item`.
public struct ReceiptAlias: Sendable, Hashable {
    /// The store whose receipts print the name.
    public let store: StoreID
    /// The name as `ReceiptAliases.key` folds it.
    public let receiptName: String
    /// The item the name stands for.
    public let item: ItemID

    /// An alias; `receiptName` is folded by `ReceiptAliases.key`, so any spelling of it will do.
    public init(store: StoreID, receiptName: String, item: ItemID) {
        self.store = store
        self.receiptName = ReceiptAliases.key(receiptName)
        self.item = item
    }
}
