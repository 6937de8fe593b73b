#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The state file in any schema: the compact `state.tsv` (schema 4, `StateCodec`) or the JSON
/// `state.json` of schemas 1 to 3, which is still read (and migrates on the next change).
/// Decoding checks the schema version first, so a newer file is refused before its shapes are
/// looked at.
enum RecordCodec {
    private struct SchemaHeader: Decodable { var schema: Int }

    /// A state file as read: the record in the current schema and, for a file of schema 1 or
    /// 2, the items it held itself (later schemas keep them in the vault file).
    struct StoredState {
        var record: StateRecord
        var legacyItems: [ItemRecord]?
        /// The file it was read from; nil for the empty state of a new directory.
        var path: String?
        /// Whether its checksum was emptied (edited by hand), so it was read unchecked.
        var isHandEdited = false
    }

    /// - Throws: `StorageError.unreadable` or `.newerVersion`, naming `path`.
    static func decodeState(_ bytes: [UInt8], path: String) throws -> StoredState {
        var stored = try decodeStateRecord(bytes, path: path)
        stored.path = path
        return stored
    }

    private static func decodeStateRecord(_ bytes: [UInt8], path: String) throws -> StoredState {
        if StateCodec.recognises(bytes) {
            return StoredState(record: try StateCodec.decode(bytes, path: path), legacyItems: nil,
                               isHandEdited: StateCodec.isHandEdited(bytes))
        }
        try requireJSONObject(bytes, path: path)
        do {
            return try decodeJSONState(Data(bytes), path: path)
        } catch let error as StorageError {
            throw error
        } catch {
            throw StorageError.unreadable(path: path, reason: describe(error))
        }
    }

    /// Refuses, before any decoding, a file that cannot be a JSON state: empty, or not an object.
    private static func requireJSONObject(_ bytes: [UInt8], path: String) throws {
        guard let first = bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
            throw StorageError.unreadable(path: path, reason: "the file is empty")
        }
        guard first == UInt8(ascii: "{") else { throw StorageError.unreadable(path: path, reason: "it is not a Grock state file") }
    }

    /// A JSON state of schema 1 to 3, in the current shape; its schema is read first.
    private static func decodeJSONState(_ data: Data, path: String) throws -> StoredState {
        let decoder = JSONDecoder()
        let schema = try decoder.decode(SchemaHeader.self, from: data).schema
        switch schema {
        case 3:
            var record = try decoder.decode(StateRecord.self, from: data)
            record.schema = StateRecord.currentSchema
            return StoredState(record: record, legacyItems: nil)
        case 2: return upgrade(try decoder.decode(StateRecordV2.self, from: data))
        case 1: return upgrade(try decoder.decode(StateRecordV1.self, from: data).migrated())
        case let newer where newer > StateRecord.currentSchema:
            throw StorageError.newerVersion(path: path, found: newer, supported: StateRecord.currentSchema)
        default: throw RecordError("unknown schema version \(schema)")
        }
    }

    /// Schema 2 in the current shape: the items come along apart, history stays JSON Lines
    /// until the next change that adds to it rewrites it.
    static func upgrade(_ old: StateRecordV2) -> StoredState {
        StoredState(record: StateRecord(settings: old.settings, stores: old.stores, categories: old.categories, carts: old.carts,
                                        vault: nil, history: old.historyBytes > 0 ? "history.jsonl" : nil, historyBytes: old.historyBytes,
                                        months: old.historyBytes > 0 ? nil : [], undo: old.undo),
                    legacyItems: old.items)
    }

    /// The committed events of a history file of schema 1 (JSON Lines; its first `length` bytes).
    static func decodeHistory(_ bytes: ArraySlice<UInt8>, path: String) throws -> [HistoryEventRecord] {
        var events: [HistoryEventRecord] = []
        let decoder = JSONDecoder()
        var lineNumber = 0
        for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast() {
            lineNumber += 1
            do {
                if lineNumber == 1 {
                    try checkHistoryHeader(try decoder.decode(HistoryHeaderRecord.self, from: Data(line)), path: path)
                    continue
                }
                events.append(try decoder.decode(HistoryEventRecord.self, from: Data(line)))
            } catch let error as StorageError {
                throw error
            } catch {
                throw StorageError.unreadable(path: path, reason: "line \(lineNumber): \(describe(error))")
            }
        }
        if bytes.last != 0x0A && !bytes.isEmpty { throw StorageError.unreadable(path: path, reason: "the last line is cut off") }
        return events
    }

    private static func checkHistoryHeader(_ header: HistoryHeaderRecord, path: String) throws {
        if header.schema > HistoryHeaderRecord.currentSchema {
            throw StorageError.newerVersion(path: path, found: header.schema, supported: HistoryHeaderRecord.currentSchema)
        }
    }

    /// A short sentence for a decoding failure: where, and what.
    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        func at(_ path: [any CodingKey]) -> String {
            path.isEmpty ? "" : " at " + path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "it is not valid JSON (truncated or damaged)" : "bad value\(at(context.codingPath))"
        case .keyNotFound(let key, let context): return "missing \"\(key.stringValue)\"\(at(context.codingPath))"
        case .typeMismatch(_, let context): return "wrong type\(at(context.codingPath))"
        case .valueNotFound(_, let context): return "missing value\(at(context.codingPath))"
        @unknown default: return "it is not what grock wrote"
        }
    }
}
