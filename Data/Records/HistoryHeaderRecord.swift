// Read only to bring history of schema 2 forward (`HistoryLog(legacy:)`).

/// The first line of `history.jsonl`.
struct HistoryHeaderRecord: Codable, Equatable {
    static let currentSchema = 1
    var schema: Int
    var file: String

    static let current = HistoryHeaderRecord(schema: currentSchema, file: "grock-history")
}
