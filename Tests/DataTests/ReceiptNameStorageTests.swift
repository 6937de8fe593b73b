@testable import DataLayer
@testable import Domain
import Foundation
import TestSupport
import Testing

/// The names a store's receipts give items, once learned, survive every file and transfer, and
/// go with the item they name.
@Suite struct ReceiptNameStorageTests {
    /// Learns "h milch" and "bio bananen\tkg" (a tab, to be escaped) at Aldi.
    private func learn(_ world: TestWorld) async throws {
        let u = world.useCases
        let milk = try await u.showItem("Milk").item.id
        let bananas = try await u.showItem("Bananas").item.id
        try await u.storage.write { repositories in
            var aldi = try #require(try repositories.allStores().first { $0.name == "Aldi" })
            aldi.receiptNames = ["h milch": milk, "bio bananen\tkg": bananas]
            try repositories.save(aldi)
            return Change((), summary: "learned receipt names")
        }
    }

    private func names(_ u: UseCases) async throws -> [String: String] {
        let stores = try await u.storage.read { try $0.allStores() }
        let aldi = try #require(stores.first { $0.name == "Aldi" })
        var named: [String: String] = [:]
        for (text, item) in aldi.receiptNames { named[text] = try await u.showItem(item.rawValue).item.name }
        return named
    }

    @Test(arguments: StorageKind.allCases)
    func learnedNamesComeBackAndGoWithTheirItem(kind: StorageKind) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (storage, reopen) = try await kind.make(in: directory)
        let world = try await TestWorld.stocked(storage: storage)
        try await learn(world)
        let again = UseCases(storage: reopen(), clock: world.clock, ids: SequentialIdentifiers())
        #expect(try await names(again) == ["h milch": "Milk", "bio bananen\tkg": "Bananas"])
        _ = try await again.deleteItem("Milk")
        #expect(try await names(again) == ["bio bananen\tkg": "Bananas"], "a deleted item's receipt names go with it")
        _ = try await again.undoLastChange()
        #expect(try await names(again) == ["h milch": "Milk", "bio bananen\tkg": "Bananas"])
    }

    @Test func theStateFileKeepsThemUnderTheirStoreAndABackupCarriesThem() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (storage, _) = try await StorageKind.file.make(in: directory)
        let world = try await TestWorld.stocked(storage: storage)
        try await learn(world)
        let file = storage as! FileStorage
        let state = String(decoding: try Data(contentsOf: URL(fileURLWithPath: file.statePath)), as: UTF8.self)
        let lines = state.split(separator: "\n").map(String.init)
        let aldi = try #require(lines.firstIndex { $0.hasPrefix("S\t") && $0.hasSuffix("\tAldi") })
        #expect(lines[aldi + 1].hasPrefix("A\t") && lines[aldi + 1].hasSuffix("\tbio bananen\\tkg"), "sorted, escaped, after their store")
        #expect(lines[aldi + 2].hasPrefix("A\t") && lines[aldi + 2].hasSuffix("\th milch"))
        let bytes = try BackupCodec.encode(try await world.useCases.createBackup())
        #expect(String(decoding: bytes, as: UTF8.self).contains("\"receiptNames\""))
        let restored = TestWorld(storage: InMemoryStorage()).useCases
        try await restored.restoreBackup(try BackupCodec.decode(bytes))
        #expect(try await names(restored) == ["h milch": "Milk", "bio bananen\tkg": "Bananas"])
        #expect(try BackupCodec.encode(try await restored.createBackup()) == bytes)
    }

    /// A backup whose receipt names name no item, or one name twice, is refused whole.
    @Test func aBackupWithReceiptNamesThatDoNotHoldIsRefused() async throws {
        let world = try await TestWorld.stocked(storage: InMemoryStorage())
        try await learn(world)
        let text = String(decoding: try BackupCodec.encode(try await world.useCases.createBackup()), as: UTF8.self)
        let milk = try await world.useCases.showItem("Milk").item.id.rawValue
        for damaged in [text.replacingOccurrences(of: "\"itemId\" : \"\(milk)\"", with: "\"itemId\" : \"nope\""),
                        text.replacingOccurrences(of: "\"bio bananen\\tkg\"", with: "\"h milch\"")] {
            #expect(damaged != text)
            #expect(throws: BackupCodec.Failure.self) { try BackupCodec.decode(Array(damaged.utf8)) }
        }
    }

    /// A receipt name before any store, or given twice for one, makes the state unreadable.
    @Test func aStateWithReceiptNamesThatDoNotHoldIsRefused() throws {
        let header = "grock-state\t7\t\nF\t\t\t0\t1\t1\nT\tEUR\t1\n"
        #expect(throws: StorageError.self) { try StateCodec.decode(Array((header + "A\tx\tmilch\n").utf8), path: "state.tsv") }
        let twice = header + "S\ts1\t2026-03-02T10:00:00+01:00\t0\tAldi\nA\ti1\tmilch\nA\ti2\tmilch\n"
        let record = try StateCodec.decode(Array(twice.utf8), path: "state.tsv")
        #expect(throws: RecordError.self) { try RecordMapper(settings: record.settings).store(record.stores[0]) }
    }
}
