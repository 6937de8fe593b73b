// Read only to bring data of schema 2 forward (`LegacyFiles`).

/// `state.json` of schema 2: the items were inside it, and history was JSON Lines.
struct StateRecordV2: Codable {
    var schema: Int
    var settings: SettingsRecord
    var stores: [StoreRecord]
    var categories: [CategoryRecord]
    var items: [ItemRecord]
    var carts: [CartRecord]
    var historyBytes: Int
    var undo: UndoRecord
}
