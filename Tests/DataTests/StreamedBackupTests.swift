@testable import DataLayer
import Domain
import Foundation
import TestSupport
import Testing

/// A backup is read and written a record at a time: the same bytes as before, the same
/// history as the repositories give, and memory that does not grow with history.
@Suite struct StreamedBackupTests {
    /// Every kind of record a backup holds: trips (one reopened and finished again, one
    /// deleted), an impulse buy, prices seen by hand, a promotion, an active cart, a removed
    /// store with an aisle order.
    static func world(_ storage: any Storage) async throws -> UseCases {
        let u = try await TestWorld.stocked(storage: storage).useCases
        _ = try await u.setAisleOrder(store: "Lidl", categories: ["Bakery"])
        _ = try await u.setPrice(item: "Milk", store: "Lidl", price: "0.89", isPromotion: true, promotionUntil: Day(iso: "2026-03-20"))
        for (name, item) in [("First", "Milk"), ("Second", "Bread"), ("Third", "Bananas")] {
            _ = try await u.createCart(name: name, budget: "20", items: [item, "Milk"])
            _ = try await u.startTrip(name)
            _ = try await u.logPurchase(cart: name, item: item)
            _ = try await u.addImpulseItem(cart: name, name: "Gum \"mint\"", price: "0.99")
            _ = try await u.finishTrip(name)
            _ = try await u.setPrice(item: "Bread", store: "Lidl", price: "2.59")
        }
        _ = try await u.reopenCart("First")
        _ = try await u.logPurchase(cart: "First", item: "Milk", price: "1.15")
        _ = try await u.finishTrip("First")
        _ = try await u.deleteCart("Second")
        _ = try await u.createCart(name: "Next", items: ["Bananas"])
        _ = try await u.removeStore("Lidl")
        return u
    }

    /// Earlier versions encoded the whole `Document` with `JSONEncoder`; the streamed backup is
    /// the same bytes, so backups of either compare equal.
    @Test(arguments: [false, true])
    func theStreamedBackupIsTheDocumentJSONEncoderWrote(empty: Bool) async throws {
        let u = empty ? TestWorld(storage: InMemoryStorage()).useCases : try await Self.world(InMemoryStorage())
        let backup = try await u.createBackup()
        #expect(empty || (backup.completedCarts.count == 2 && !backup.observations.isEmpty && !backup.activeCarts.isEmpty))
        let document = BackupCodec.Document(format: BackupCodec.format, schema: BackupCodec.currentSchema,
                                            settings: SettingsRecord(currency: backup.settings.currency.code,
                                                isSetUp: backup.settings.isSetUp),
                                            stores: backup.stores.map(StoreRecord.init),
                                                categories: backup.categories.map(CategoryRecord.init),
                                            items: backup.items.map(ItemRecord.init), carts: backup.activeCarts.map(CartRecord.init),
                                            completedCarts: backup.completedCarts.map(CartRecord.init),
                                            observations: backup.observations.map(ObservationRecord.init))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let expected = Array(try encoder.encode(document)) + [0x0A]
        #expect(String(decoding: try BackupCodec.encode(backup), as: UTF8.self) == String(decoding: expected, as: UTF8.self))
    }

    /// History read a record at a time is the history the repositories give, in the same order:
    /// a cart finished again counts once, where it was finished last; a deleted one not at all.
    @Test(arguments: StorageKind.allCases)
    func historyReadARecordAtATimeIsTheRepositoriesHistory(kind: StorageKind) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let storage = try await kind.make(in: directory).storage
        _ = try await Self.world(storage)
        let (expected, streamed) = try await storage.readWithHistory { repositories, history in
            var carts: [Cart] = [], observations: [PriceObservation] = []
            try history.forEachCompletedCart { carts.append($0) }
            try history.forEachManualObservation { observations.append($0) }
            return ((try repositories.completedCarts(), try repositories.manualObservations(of: nil)), (carts, observations))
        }
        #expect(streamed.0.map(\.name) == ["Third", "First"])
        #expect(streamed.0 == expected.0)
        #expect(streamed.1 == expected.1)
        #expect(streamed.1.count == 8)
    }

    /// A history of thousands of lines read in pieces of 4 KiB: the buffer stays one piece,
    /// whatever the size of the file, and the records are those a whole read finds. A line
    /// longer than a piece grows the buffer only as far as that line needs.
    @Test func historyIsReadInPiecesOfBoundedSize() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let storage = FileStorage(directory: directory.path + "/data")
        let u = try await TestWorld.stocked(storage: storage).useCases
        for trip in 0..<40 {
            _ = try await u.importPurchases((0..<50).map { line in
                Purchase(date: Day(daysSince1970: 20_000 + trip), trip: "Trip \(trip)", store: "Aldi", category: "Pantry",
                         item: "Item \(line)" + String(repeating: "x", count: trip == 7 && line == 3 ? 90 : 0), quantity: .one, unit: .each,
                         price: Money(minorUnits: Int64(100 + line), currency: .euro))
            })
        }
        let record = try storage.load().0
        let path = storage.path(try #require(record.history))
        #expect(record.historyBytes > 25 * 4096)
        let whole = try storage.loadHistory(record, currency: .euro)
        var inMemory: [Int] = [], inPieces: [Int] = []
        try RecordBytes(bytes: ArraySlice(try #require(FileManager.default.contents(atPath: path))).prefix(record.historyBytes),
                        header: HistoryCodec.header, path: path).forEachRecord { inMemory.append($0.lineNumber) }
        let largest = try ChunkedFile(path, length: record.historyBytes, header: HistoryCodec.header, pieceSize: 4096).walk {
            inPieces.append($0.lineNumber) }
        #expect(largest == 4096)
        #expect(inPieces == inMemory)
        #expect(inPieces.count > 2_000)
        // Pieces smaller than a line: each line is still read whole, and only that line's worth of buffer is needed.
        let tiny = ChunkedFile(path, length: record.historyBytes, header: HistoryCodec.header, pieceSize: 16)
        let streamed = try HistoryStream(tiny, currency: .euro)
        var carts: [Cart] = []
        try streamed.forEachCompletedCart { carts.append($0) }
        #expect(carts == whole.completedCarts)
        #expect(try tiny.walk { _ in } <= 512)
    }

    /// A history that is cut short, ends in a cut-off line, is damaged inside or is a link is
    /// refused before any record is handed over.
    @Test func aDamagedHistoryIsRefusedBeforeAnythingIsHandedOver() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let storage = FileStorage(directory: directory.path + "/data")
        _ = try await Self.world(storage)
        let record = try storage.load().0
        let path = storage.path(try #require(record.history))
        let bytes = try #require(FileManager.default.contents(atPath: path))
        let text = String(decoding: bytes, as: UTF8.self)
        let damaged = [
            ("shorter than recorded", bytes.prefix(record.historyBytes - 10), record.historyBytes, "truncated"),
            ("a cut-off line", bytes.prefix(record.historyBytes - 1), record.historyBytes - 1, "the last line is cut off"),
            ("a damaged line", Data(text.replacingOccurrences(of: "\teach\t", with: "\tbushel\t").utf8), record.historyBytes, "line "),
        ]
        for (name, contents, length, reason) in damaged {
            try contents.write(to: URL(fileURLWithPath: directory.path + "/damaged"))
            var handed = 0
            do {
                let history = try HistoryStream(ChunkedFile(directory.path + "/damaged", length: length, header: HistoryCodec.header,
                    pieceSize: 64),
                                                currency: .euro)
                try history.forEachCompletedCart { _ in handed += 1 }
                Issue.record("\(name): read")
            } catch let error as StorageError {
                #expect("\(error)".contains(reason), "\(name): \(error)")
            }
            #expect(handed == 0, "\(name)")
        }
        symlink(path, directory.path + "/link")
        #expect(throws: StorageError.self) {
            try ChunkedFile(directory.path + "/link", length: record.historyBytes, header: HistoryCodec.header).forEachRecord { _ in }
        }
    }
}

/// A document written piece by piece to a file appears whole on commit, or not at all.
@Suite struct UserFileWriterTests {
    @Test func aFileAppearsWholeOnCommitAndNotBefore() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/backup.json"
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: path))
        let writer = try UserFile.Writer(replacing: path)
        for _ in 0..<1_000 { try writer.write(Array(repeating: 0x61, count: 100)) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old\n")
        try writer.commit()
        #expect(FileManager.default.contents(atPath: path)?.count == 100_000)
        #expect(writer.count == 100_000)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["backup.json"])
    }

    /// Given up (a failure part way, then dropped): the old file stays and no temporary is left.
    @Test func aWriterGivenUpLeavesTheOldFileAndNoTemporary() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/backup.json"
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: path))
        do {
            let writer = try UserFile.Writer(replacing: path)
            try writer.write(Array(repeating: 0x61, count: 200_000))
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).count == 2)
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["backup.json"])
        // A file where nothing can be created: refused before anything is written.
        #expect(throws: StorageError.self) { try UserFile.Writer(replacing: directory.path + "/missing/backup.json") }
    }

    /// A link at the file's name is replaced, never written through.
    @Test func aLinkAtTheNameIsReplacedNotFollowed() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let victim = directory.path + "/victim"
        try Data("precious\n".utf8).write(to: URL(fileURLWithPath: victim))
        symlink(victim, directory.path + "/backup.json")
        let writer = try UserFile.Writer(replacing: directory.path + "/backup.json")
        try writer.write(Array("new\n".utf8))
        try writer.commit()
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious\n")
        #expect(try String(contentsOfFile: directory.path + "/backup.json", encoding: .utf8) == "new\n")
    }
}
