import Domain

/// History for a backup, a record at a time: read from the file in pieces under the same
/// shared lock as `read`, so that a backup of any size holds one completed cart at a time.
extension FileStorage {
    public func readWithHistory<T>(_ body: sending (any Repositories, any HistoryReader) throws -> T) async throws -> sending T {
        try await read { repositories in
            // `read` holds the shared lock and has just read this state (it is kept, so this
            // costs no second decode): the history it names cannot change until `body` returns.
            let record = try loadState().record
            let currency = try repositories.settings().currency
            guard let file = record.history, record.historyBytes > 0 else { return try body(repositories, HistoryLog()) }
            if file.hasSuffix(".jsonl") { return try body(repositories, try loadHistory(record, currency: currency)) }
            try verifyHistory(of: record)
            let history = try HistoryStream(ChunkedFile(path(file), length: record.historyBytes, header: HistoryCodec.header), currency: currency)
            return try body(repositories, history)
        }
    }
}
