// The record of a store and its receipt names, one family as a receipt name is stored only in its store: in
// `state.tsv`, backups and sync parts.

struct StoreRecord: Codable, Equatable {
    var id: String
    var name: String
    var createdAt: String
    var aisleOrder: [String]
    var removed: Bool
    /// The receipt names learned at this store (schema 7); nil when there are none, so that
    /// the files and backups of a store without any are as before.
    var receiptNames: [ReceiptNameRecord]? = nil
}

/// A receipt's name for an item at one store, in the matcher's key.
struct ReceiptNameRecord: Codable, Equatable {
    var text: String
    var itemId: String
}
