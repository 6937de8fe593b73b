/// The record of a category: in `state.tsv`, backups and sync parts.
struct CategoryRecord: Codable, Equatable {
    var id: String
    var name: String
    var sortOrder: Int
}
