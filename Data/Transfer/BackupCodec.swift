import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A complete backup as one versioned JSON document, in the same record shapes as the data
/// directory's files. Encoding is deterministic (sorted keys, entities by id, history in its
/// order), so exporting a restored backup gives the same bytes.
public enum BackupCodec {
    static let format = "grock-backup"
    static let currentSchema = 1

    struct Document: Codable {
        var format: String
        var schema: Int
        var settings: SettingsRecord
        var stores: [StoreRecord]
        var categories: [CategoryRecord]
        var items: [ItemRecord]
        var carts: [CartRecord]
        var completedCarts: [CartRecord]
        var observations: [ObservationRecord]
    }

    /// Why a file is not a backup Grock can restore.
    public struct Failure: Error, ClassifiedError, Sendable, Equatable, CustomStringConvertible {
        /// A backup that cannot be read is input to fix.
        public var kind: ErrorKind { .invalidInput }

        /// What is wrong with the file: not a backup, written by a newer Grock, or which record
        /// cannot be read.
        public let description: String
    }

    /// The backup as one JSON document (`Writer`, into memory).
    /// - Throws: what `JSONEncoder` throws; Grock's records (strings, integers, flags, never a
    ///   float) always encode, but an error is passed on rather than trapped.
    public static func encode(_ backup: Backup) throws -> [UInt8] {
        var bytes: [UInt8] = []
        var writer = Writer { bytes += $0 }
        try writer.begin(Backup(settings: backup.settings, stores: backup.stores, categories: backup.categories, items: backup.items,
                                activeCarts: backup.activeCarts, completedCarts: [], observations: []))
        for cart in backup.completedCarts { try writer.add(completedCart: cart) }
        for observation in backup.observations { try writer.add(observation: observation) }
        try writer.end()
        return bytes
    }

    /// Writes a backup as it comes (a `BackupSink`), a record at a time, so that history is
    /// never in memory whole: the bytes `JSONEncoder` gives for the whole `Document` (pretty
    /// printed, keys sorted, as earlier versions wrote backups), then a line break. Each record
    /// is encoded by `JSONEncoder` and indented to its depth; the document around them (its keys
    /// in sorted order, `[`, `,`, `]`) is written here.
    public struct Writer: BackupSink {
        private let output: ([UInt8]) throws -> Void
        private let encoder: JSONEncoder
        /// What `begin` gave, written after history (its keys sort after `completedCarts`).
        private var head: Backup?
        private var completedCarts = 0
        private var observations = 0
        private var inObservations = false

        /// - Parameter output: takes each piece of the document, in order.
        public init(_ output: @escaping ([UInt8]) throws -> Void) {
            self.output = output
            encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        }

        /// Writes the document's opening, with the active carts and the categories (keys sorted), up
        /// to the list of completed carts; the rest of `backup` is held back until its key comes.
        public mutating func begin(_ backup: Backup) throws {
            head = backup
            try output(Array("{\n  \"carts\" : ".utf8) + (try value(backup.activeCarts.map(CartRecord.init), depth: 1))
                + Array(",\n  \"categories\" : ".utf8) + (try value(backup.categories.map(CategoryRecord.init), depth: 1))
                + Array(",\n  \"completedCarts\" : [".utf8))
        }

        /// Writes one completed cart into the document's list of them.
        public mutating func add(completedCart: Cart) throws {
            try output(Array((completedCarts == 0 ? "\n    " : ",\n    ").utf8) + (try value(CartRecord(completedCart), depth: 2)))
            completedCarts += 1
        }

        /// Writes one price seen by hand; the first closes the completed carts' list and writes
        /// the items, whose key sorts between the two.
        public mutating func add(observation: PriceObservation) throws {
            if !inObservations { try startObservations() }
            try output(Array((observations == 0 ? "\n    " : ",\n    ").utf8) + (try value(ObservationRecord(observation), depth: 2)))
            observations += 1
        }

        /// Closes the document with the schema and what `begin` held back (settings, stores, and the
        /// items when no observation came); without a `begin` nothing is written.
        public mutating func end() throws {
            guard let head else { return }
            if !inObservations { try startObservations() }
            try output(Array(((observations == 0 ? "\n\n  ]" : "\n  ]") + ",\n  \"schema\" : \(currentSchema),\n  \"settings\" : ").utf8)
                + (try value(SettingsRecord(currency: head.settings.currency.code, isSetUp: head.settings.isSetUp), depth: 1))
                + Array(",\n  \"stores\" : ".utf8) + (try value(head.stores.map(StoreRecord.init), depth: 1)) + Array("\n}\n".utf8))
        }

        private mutating func startObservations() throws {
            inObservations = true
            try output(Array(((completedCarts == 0 ? "\n\n  ]" : "\n  ]") + ",\n  \"format\" : \"\(format)\",\n  \"items\" : ").utf8)
                + (try value((head?.items ?? []).map(ItemRecord.init), depth: 1)) + Array(",\n  \"observations\" : [".utf8))
        }

        /// `value` as `JSONEncoder` writes it `depth` levels down: every line after the first
        /// indented two spaces a level, except the empty line of an empty array.
        private func value(_ value: some Encodable, depth: Int) throws -> [UInt8] {
            let encoded = [UInt8](try encoder.encode(value))
            var bytes: [UInt8] = []
            bytes.reserveCapacity(encoded.count + encoded.count / 4)
            var start = 0
            for index in encoded.indices where encoded[index] == 0x0A {
                bytes.append(contentsOf: encoded[start...index])
                start = index + 1
                if start < encoded.count && encoded[start] != 0x0A { bytes.append(contentsOf: repeatElement(0x20, count: 2 * depth)) }
            }
            bytes.append(contentsOf: encoded[start...])
            return bytes
        }
    }

    /// Reads a backup, checking every value with the rules of typed input (`check`).
    /// - Throws: `Failure` naming what is wrong, and where.
    public static func decode(_ bytes: [UInt8]) throws -> Backup {
        struct Header: Decodable { var format: String?; var schema: Int? }
        let data = Data(bytes)
        let header: Header
        do { header = try JSONDecoder().decode(Header.self, from: data) } catch {
            throw Failure(description: "not a Grock backup: \(RecordCodec.describe(error))")
        }
        guard header.format == format else { throw Failure(description: "not a Grock backup (no \"format\": \"\(format)\")") }
        guard let schema = header.schema, schema <= currentSchema else {
            throw Failure(description: "the backup has schema \(header.schema ?? 0), "
                                           + "but this version of Grock reads up to \(currentSchema): a newer Grock wrote it")
        }
        do {
            let document = try JSONDecoder().decode(Document.self, from: data)
            try check(document)
            let mapper = try RecordMapper(settings: document.settings)
            let active = try ActiveState(StateRecord(settings: document.settings, stores: document.stores, categories: document.categories,
                                                     carts: document.carts, vault: nil, history: nil, historyBytes: 0, months: [],
                                                     undo: UndoRecord(nextSequence: 1, entries: [])),
                                         items: try document.items.map(mapper.item))
            let completed = try document.completedCarts.map(mapper.cart)
            guard completed.allSatisfy({ $0.status == .completed }) else { throw RecordError("a completed cart is not completed") }
            // In the document's order, as `ActiveState` checked them: it holds each record of the
            // document (it refused any id twice), so nothing is left out.
            return Backup(settings: active.settings, stores: document.stores.compactMap { active.stores[StoreID($0.id)] },
                          categories: document.categories.compactMap { active.categories[CategoryID($0.id)] },
                          items: document.items.compactMap { active.items[ItemID($0.id)] },
                          activeCarts: document.carts.compactMap { active.carts[CartID($0.id)] }, completedCarts: completed,
                          observations: try document.observations.map(mapper.observation))
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(description: "the backup cannot be read: \(RecordCodec.describe(error))")
        }
    }
}
