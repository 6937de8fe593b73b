import Domain

/// The history file: `history.tsv`, append-only, sealed by the state (its committed length and
/// checksum); read whole, as spending (through the cache), one cart, or for a backup a record
/// at a time (in pieces under the same shared lock as `read`, so that a backup of any size
/// holds one completed cart at a time).
extension FileStorage {
    /// Runs `body` like `read`, with history handed over a record at a time from the file
    /// (checked first against the length and checksum the state sealed it with), so that a
    /// backup of any size never holds it whole. A history file of an older schema is read whole.
    /// - Throws: `StorageError.unreadable` when history is not the one the state recorded,
    ///   before `body` runs.
    public func readWithHistory<T>(_ body: sending (any Repositories, any HistoryReader) throws -> T) async throws -> sending T {
        try await read { repositories in
            // `read` holds the shared lock and has just read this state (it is kept, so this
            // costs no second decode): the history it names cannot change until `body` returns.
            let record = try loadState().record
            let currency = try repositories.settings().currency
            guard let file = record.history, record.historyBytes > 0 else { return try body(repositories, HistoryLog()) }
            if LegacyFiles.isHistory(file) { return try body(repositories, try loadHistory(record, currency: currency)) }
            try verifyHistory(of: record)
            let history = try HistoryStream(ChunkedFile(path(file), length: record.historyBytes, header: HistoryCodec.header),
                                            currency: currency)
            return try body(repositories, history)
        }
    }

    /// Calls `body` with a reader over the committed bytes of the history file a state goes
    /// with (checked first against its seal), valid only inside it; nil when the state names
    /// no history.
    func withCommittedHistory<T>(_ record: StateRecord, _ body: (ByteReader) throws -> T) throws -> T? {
        guard record.history != nil, record.historyBytes > 0 else { return nil }
        try verifyHistory(of: record)
        return try withUncheckedHistory(record, body)
    }

    /// The same without checking the bytes first: for a caller that has just called
    /// `verifyHistory`.
    func withUncheckedHistory<T>(_ record: StateRecord, _ body: (ByteReader) throws -> T) throws -> T? {
        guard let file = record.history, record.historyBytes > 0 else { return nil }
        let historyPath = path(file)
        guard let answer = try FileBytes.withReader(historyPath, length: record.historyBytes, body) else {
            throw StorageError.unreadable(path: historyPath,
                                          reason: "the file is missing, but \(record.historyBytes) bytes of history were recorded")
        }
        return answer
    }

    /// What is shown must be what was recorded: a history changed since it was sealed is refused
    /// to readers too (`HistoryFile.verify`).
    /// - Returns: the checksum of the committed lines that the check vouches for; nil when the
    ///   file is not `history.tsv` (history of schema 2).
    @discardableResult
    func verifyHistory(of record: StateRecord) throws -> UInt64? {
        guard record.history == FileStorage.historyFile, let opened = try HistoryFile(historyPath, readOnly: true) else { return nil }
        return try opened.verify(committed: record.historyBytes, seal: record.historySeal, forChange: false)
    }

    /// The committed history a state goes with, whole.
    func loadHistory(_ record: StateRecord, currency: Currency) throws -> HistoryLog {
        let legacy = record.history.map(LegacyFiles.isHistory) ?? false
        return try withCommittedHistory(record) { history in
            try legacy ? LegacyFiles.history(history, currency: currency) : HistoryCodec.decode(history, currency: currency)
        } ?? HistoryLog()
    }

    /// The history file a change appends to, checked to be the history the state recorded
    /// (`HistoryFile.verify`), with the checksum of its committed bytes; nil when the change
    /// creates it, or rewrites history of schema 2.
    func openHistory(_ record: StateRecord) throws -> (file: HistoryFile, checksum: UInt64)? {
        guard record.history == FileStorage.historyFile else { return nil }
        guard let file = try HistoryFile(historyPath) else {
            throw StorageError.unreadable(path: historyPath,
                                          reason: "the file is missing, but \(record.historyBytes) bytes of history were recorded")
        }
        return (file, try file.verify(committed: record.historyBytes, seal: record.historySeal))
    }

    /// Appends this change's history events after the committed bytes of `history` (from
    /// `openHistory`) and flushes them; returns the history file, its new length and seal.
    /// Until `state.tsv` records that length, the appended bytes do not count. The first
    /// history is a new file; history of schema 2 is rewritten whole as `history.tsv`.
    func appendHistory(_ working: WorkingSet, to history: (file: HistoryFile, checksum: UInt64)?,
                       record: StateRecord) throws -> (name: String?, bytes: Int, seal: HistorySeal?) {
        guard !working.pending.isEmpty else { return (record.history, record.historyBytes, record.historySeal) }
        if let history {
            let bytes = try HistoryCodec.encode(working.pending.events, header: record.historyBytes == 0)
            return (FileStorage.historyFile, record.historyBytes + bytes.count,
                    try history.file.append(bytes, after: record.historyBytes, checksum: history.checksum))
        }
        if record.history != nil { return try LegacyFiles.rewriteHistory(working, to: historyPath) }
        let bytes = try HistoryCodec.encode(working.pending.events, header: true)
        return (FileStorage.historyFile, bytes.count, try HistoryFile.create(bytes, at: historyPath))
    }
}
