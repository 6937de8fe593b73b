import Domain
import FoundationEssentials

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
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// Every id in a backup: they go into Grock's compact files unescaped, so a hand-made
    /// backup with a tab or a line break in one must be refused, not restored.
    private static func identifiers(of document: Document) -> [String] {
        var ids = document.stores.flatMap { [$0.id] + $0.aisleOrder } + document.categories.map(\.id)
        ids += document.items.flatMap { [$0.id, $0.categoryId] + $0.prices.map(\.storeId) }
        for cart in document.carts + document.completedCarts {
            ids.append(cart.id)
            ids += cart.lines.flatMap { [$0.itemId] + [$0.plannedStoreId, $0.actualStoreId].compactMap { $0 } }
        }
        return ids + document.observations.flatMap { [$0.itemId, $0.storeId] }
    }

    /// 1 to 64 ASCII letters, digits, `-`, `_`, `.` or `:`: what Grock's identifier sources and
    /// earlier schemas made.
    static func isIdentifier(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 64 && text.utf8.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || [0x2D, 0x5F, 0x2E, 0x3A].contains(byte)
        }
    }

    public static func encode(_ backup: Backup) -> [UInt8] {
        let document = Document(format: format, schema: currentSchema,
                                settings: SettingsRecord(currency: backup.settings.currency.code, isSetUp: backup.settings.isSetUp),
                                stores: backup.stores.map(StoreRecord.init), categories: backup.categories.map(CategoryRecord.init),
                                items: backup.items.map(ItemRecord.init), carts: backup.activeCarts.map(CartRecord.init),
                                completedCarts: backup.completedCarts.map(CartRecord.init),
                                observations: backup.observations.map(ObservationRecord.init))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array(try! encoder.encode(document)) + [0x0A]  // plain records always encode
    }

    /// - Throws: `Failure` naming what is wrong.
    public static func decode(_ bytes: [UInt8]) throws -> Backup {
        struct Header: Decodable { var format: String?; var schema: Int? }
        let data = Data(bytes)
        let header: Header
        do { header = try JSONDecoder().decode(Header.self, from: data) } catch {
            throw Failure(description: "not a Grock backup: \(RecordCodec.describe(error))")
        }
        guard header.format == format else { throw Failure(description: "not a Grock backup (no \"format\": \"\(format)\")") }
        guard let schema = header.schema, schema <= currentSchema else {
            throw Failure(description: "the backup has schema \(header.schema ?? 0), but this grock reads up to \(currentSchema); upgrade grock")
        }
        do {
            let document = try JSONDecoder().decode(Document.self, from: data)
            if let bad = identifiers(of: document).first(where: { !isIdentifier($0) }) {
                throw Failure(description: "the backup has an id Grock does not write: \"\(bad)\"")
            }
            let mapper = try RecordMapper(settings: document.settings)
            let active = try ActiveState(StateRecord(settings: document.settings, stores: document.stores, categories: document.categories,
                                                     carts: document.carts, vault: nil, history: nil, historyBytes: 0, months: [],
                                                     undo: UndoRecord(nextSequence: 1, entries: [])),
                                         items: try document.items.map(mapper.item))
            let completed = try document.completedCarts.map(mapper.cart)
            guard completed.allSatisfy({ $0.status == .completed }) else { throw RecordError("a completed cart is not completed") }
            return Backup(settings: active.settings, stores: document.stores.map { active.stores[StoreID($0.id)]! },
                          categories: document.categories.map { active.categories[CategoryID($0.id)]! },
                          items: document.items.map { active.items[ItemID($0.id)]! },
                          activeCarts: document.carts.map { active.carts[CartID($0.id)]! }, completedCarts: completed,
                          observations: try document.observations.map(mapper.observation))
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(description: "the backup cannot be read: \(RecordCodec.describe(error))")
        }
    }
}
