// `StoreRecord` from and to `Store`.

import Domain

extension StoreRecord {
    init(_ store: Store) {
        self.init(id: store.id.rawValue, name: store.name, createdAt: store.createdAt.description,
                  aisleOrder: store.aisleOrder.map(\.rawValue), removed: store.isRemoved,
                  receiptNames: store.receiptNames.isEmpty ? nil
                      : store.receiptNames.sorted { $0.key < $1.key }.map { ReceiptNameRecord(text: $0.key, itemId: $0.value.rawValue) })
    }
}

extension RecordMapper {
    func store(_ record: StoreRecord) throws -> Store {
        var names: [String: ItemID] = [:]
        for name in record.receiptNames ?? [] {
            guard !name.text.isEmpty, names.updateValue(ItemID(name.itemId), forKey: name.text) == nil else {
                throw RecordError("store \(record.id) has the receipt name \"\(name.text)\" twice, or an empty one")
            }
        }
        return Store(id: StoreID(record.id), name: record.name, createdAt: try time(record.createdAt),
                     aisleOrder: record.aisleOrder.map(CategoryID.init), isRemoved: record.removed, receiptNames: names)
    }
}
