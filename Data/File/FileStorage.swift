import Domain
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Durable storage in one private directory:
///
/// - `state.json`: the active state (settings, stores, categories, items, active carts, the
///   undo list, and how many bytes of history are committed). Replaced atomically on every
///   change; that rename is the moment a change happens.
/// - `history.jsonl`: completed carts and price observations, an append-only event log.
/// - `undo/N.json`: the state before change N (a hard link to the replaced file, not a copy).
/// - `lock`: taken with `flock`, shared to read, exclusive to change.
///
/// A change reads and writes the active state and appends to history; it never reads history,
/// so its cost does not grow with the number of trips. See docs/STORAGE.md.
public final class FileStorage: Storage, Sendable {
    public let directory: String
    private let lockTimeout: Duration

    public init(directory: String, lockTimeout: Duration = .seconds(10)) {
        self.directory = directory
        self.lockTimeout = lockTimeout
    }

    var statePath: String { directory + "/state.json" }
    var historyPath: String { directory + "/history.jsonl" }
    var undoDirectory: String { directory + "/undo" }
    var lockPath: String { directory + "/lock" }
    func undoPath(_ sequence: Int) -> String { undoDirectory + "/\(sequence).json" }

    // MARK: - Storage

    public func read<T>(_ body: (any Repositories) throws -> T) throws -> T {
        guard FileManager.default.fileExists(atPath: directory) else {
            return try body(WorkingSet(state: try ActiveState(.empty), loadHistory: { [] }))
        }
        return try FileLock.holding(lockPath, .shared, timeout: lockTimeout) {
            let record = try loadState()
            return try body(try workingSet(record))
        }
    }

    public func write<T>(_ body: (any Repositories) throws -> Change<T>) throws -> T {
        try FileSystem.makeDirectory(directory)
        return try FileLock.holding(lockPath, .exclusive, timeout: lockTimeout) {
            let hadState = FileManager.default.fileExists(atPath: statePath)
            let record = try loadState()
            let working = try workingSet(record)
            let change = try body(working)

            let historyBytes = try appendHistory(working.pending, committed: record.historyBytes)
            var undo = record.undo
            let sequence = undo.nextSequence
            if hadState { try keepForUndo(sequence) }
            undo.nextSequence += 1
            undo.entries.append(UndoEntryRecord(sequence: sequence, summary: change.summary, hadState: hadState))
            let dropped = undo.entries.prefix(max(0, undo.entries.count - UndoPolicy.depth))
            undo.entries.removeFirst(dropped.count)

            try FileSystem.writeAtomically(RecordCodec.encodeState(working.state.record(historyBytes: historyBytes, undo: undo)), to: statePath)
            for entry in dropped { unlink(undoPath(entry.sequence)) }  // best effort: a leftover file is never read
            return change.value
        }
    }

    public func undoLastChange() throws -> String {
        guard FileManager.default.fileExists(atPath: statePath) else { throw DomainError.nothingToUndo }
        return try FileLock.holding(lockPath, .exclusive, timeout: lockTimeout) {
            let record = try loadState()
            _ = try activeState(record, path: statePath)
            guard let entry = record.undo.entries.last else { throw DomainError.nothingToUndo }
            let restored: StateRecord
            if entry.hadState {
                let path = undoPath(entry.sequence)
                guard let bytes = try FileSystem.read(path) else {
                    throw StorageError.unreadable(path: path, reason: "the state before \"\(entry.summary)\" is missing")
                }
                restored = try RecordCodec.decodeState(bytes, path: path)
                _ = try activeState(restored, path: path)
                guard rename(path, statePath) == 0 else { throw FileSystem.failure(statePath) }
                try FileSystem.syncDirectory(of: statePath)
            } else {
                restored = .empty
                try FileSystem.writeAtomically(RecordCodec.encodeState(.empty), to: statePath)
            }
            try cutHistory(to: restored.historyBytes)
            return entry.summary
        }
    }

    public func eraseEverything() throws {
        guard FileManager.default.fileExists(atPath: directory) else { return }
        try FileLock.holding(lockPath, .exclusive, timeout: lockTimeout) {
            // The state goes first: without it, whatever is left is ignored and overwritten.
            for path in [statePath, historyPath] where unlink(path) != 0 && errno != ENOENT { throw FileSystem.failure(path) }
            try FileSystem.syncDirectory(of: statePath)
            if let names = try? FileManager.default.contentsOfDirectory(atPath: undoDirectory) {
                for name in names { unlink(undoDirectory + "/" + name) }
            }
        }
    }

    // MARK: - Reading

    /// The state record, `.empty` in a new directory.
    func loadState() throws -> StateRecord {
        guard let bytes = try FileSystem.read(statePath) else { return .empty }
        return try RecordCodec.decodeState(bytes, path: statePath)
    }

    private func activeState(_ record: StateRecord, path: String) throws -> ActiveState {
        do { return try ActiveState(record) } catch { throw StorageError.unreadable(path: path, reason: "\(error)") }
    }

    private func workingSet(_ record: StateRecord) throws -> WorkingSet {
        let state = try activeState(record, path: statePath)
        let historyPath = self.historyPath
        return WorkingSet(state: state, loadHistory: { try FileStorage.loadHistory(historyPath, committed: record.historyBytes) })
    }

    /// The committed events of the history file.
    static func loadHistory(_ path: String, committed: Int) throws -> [HistoryEventRecord] {
        guard committed > 0 else { return [] }
        guard let bytes = try FileSystem.read(path) else {
            throw StorageError.unreadable(path: path, reason: "the file is missing, but \(committed) bytes of history were recorded")
        }
        guard bytes.count >= committed else {
            throw StorageError.unreadable(path: path, reason: "it has \(bytes.count) bytes, but \(committed) were recorded (truncated)")
        }
        return try RecordCodec.decodeHistory(bytes[..<committed], path: path)
    }

    // MARK: - Writing

    /// Appends events after the committed bytes and flushes them; returns the new length.
    /// Until `state.json` records that length, the appended bytes do not count.
    private func appendHistory(_ events: [HistoryEventRecord], committed: Int) throws -> Int {
        guard !events.isEmpty else { return committed }
        var bytes: [UInt8] = committed == 0 ? RecordCodec.encodeLine(HistoryHeaderRecord.current) : []
        for event in events { bytes += RecordCodec.encodeLine(event) }
        let fd = open(historyPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw FileSystem.failure(historyPath) }
        defer { close(fd) }
        if committed > 0 {
            var info = stat()
            guard fstat(fd, &info) == 0 else { throw FileSystem.failure(historyPath) }
            var last: UInt8 = 0
            guard Int(info.st_size) >= committed, pread(fd, &last, 1, off_t(committed - 1)) == 1, last == 0x0A else {
                throw StorageError.unreadable(path: historyPath, reason: "it is shorter than recorded or its last line is cut off")
            }
        }
        guard ftruncate(fd, off_t(committed)) == 0, lseek(fd, off_t(committed), SEEK_SET) >= 0 else { throw FileSystem.failure(historyPath) }
        try FileSystem.writeAll(bytes, to: fd, path: historyPath)
        guard fsync(fd) == 0 else { throw FileSystem.failure(historyPath) }
        if committed == 0 { try FileSystem.syncDirectory(of: historyPath) }
        return committed + bytes.count
    }

    /// Drops history bytes past `length` after an undo. Only ever shortens the file: a file
    /// already shorter than recorded is damaged, and is left for `doctor` to report.
    private func cutHistory(to length: Int) throws {
        var info = stat()
        guard stat(historyPath, &info) == 0, Int(info.st_size) > length else { return }
        guard truncate(historyPath, off_t(length)) == 0 else { throw FileSystem.failure(historyPath) }
    }

    /// Keeps the current state file as the undo snapshot of change `sequence`, without copying.
    private func keepForUndo(_ sequence: Int) throws {
        try FileSystem.makeDirectory(undoDirectory)
        let path = undoPath(sequence)
        unlink(path)
        guard link(statePath, path) == 0 else { throw FileSystem.failure(path) }
        try FileSystem.syncDirectory(of: path)
    }
}


