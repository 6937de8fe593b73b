@testable import DataLayer
import Domain
import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The vault as a whole file and an overlay of the items changed since (`vault-B+N.tsv`): a
/// change to one item of a large vault writes an overlay, not the vault; overlays fold into a
/// new whole vault; undo, reopening, leftovers and damage work across both.
@Suite struct VaultOverlayTests {
    /// The stocked directory with 200 more items, so that the whole vault is large enough
    /// for overlays (`FileStorage.overlayMinimum`).
    func largeVault() async throws -> (TemporaryDirectory, FileStorage, UseCases) {
        let (directory, storage, world) = try await FileStorageTests().stockedDirectory()
        let now = world.clock.now()
        try await storage.write { repositories in
            let category = try #require(repositories.allCategories().first).id
            let stores = try repositories.allStores().map(\.id)
            for number in 0..<200 {
                let prices = stores.map {
                    PriceOption(store: $0, unit: .each,
                        regular: PriceQuote(price: Money(minorUnits: 100 + Int64(number), currency: .euro), observedAt: now),
                                promotion: nil)
                }
                try repositories.save(Item(id: ItemID("filler-\(1000 + number)"), name: "Filler \(number)", categoryID: category,
                    prices: prices))
            }
            return Change((), summary: "added fillers")
        }
        return (directory, storage, world.useCases)
    }

    func vaultName(_ storage: FileStorage) throws -> String { try #require(try storage.load().0.vault) }

    func price(_ item: String, _ storage: FileStorage) async throws -> Int64? {
        let u = UseCases(storage: FileStorage(directory: storage.directory), clock: FakeClock(), ids: SequentialIdentifiers())
        return try await u.showItem(item).item.prices.first { $0.regular != nil }?.regular?.price.minorUnits
    }

    func names(_ storage: FileStorage) async throws -> [String] {
        let u = UseCases(storage: FileStorage(directory: storage.directory), clock: FakeClock(), ids: SequentialIdentifiers())
        return try await u.browseVault().flatMap(\.items).map(\.item.name).sorted()
    }

    func isHealthy(_ storage: FileStorage) async -> Bool {
        await FileStorage(directory: storage.directory).diagnose().allSatisfy { !$0.isProblem }
    }

    @Test func aPriceChangeInALargeVaultWritesOnlyAnOverlay() async throws {
        let (directory, storage, u) = try await largeVault()
        defer { directory.remove() }
        let whole = try vaultName(storage)
        #expect(DataFiles.vaultBase(whole) == nil)
        let wholeBytes = try #require(FileManager.default.contents(atPath: storage.path(whole)))
        _ = try await u.setPrice(item: "Filler 7", store: "Aldi", price: "9.99")
        let overlay = try vaultName(storage)
        #expect(DataFiles.vaultBase(overlay) == whole)
        let overlayBytes = try #require(FileManager.default.contents(atPath: storage.path(overlay)))
        #expect(overlayBytes.starts(with: Array("grock-vault-overlay\t1\t".utf8)))
        #expect(overlayBytes.count < 1000 && wholeBytes.count > FileStorage.overlayMinimum)
        // The whole vault is not written again.
        #expect(FileManager.default.contents(atPath: storage.path(whole)) == wholeBytes)
        // Read back by a new process, and by this one.
        #expect(try await price("Filler 7", storage) == 999)
        #expect(try await u.showItem("Filler 7").item.prices.contains { $0.regular?.price.minorUnits == 999 })
        #expect(try await names(storage).count == 203)
        // The next change writes the next overlay on the same whole vault; a deletion is kept.
        _ = try await u.deleteItem("Filler 8")
        _ = try await u.addItem(name: "Eggs", category: "Dairy", price: "2.99", store: "Aldi")
        let next = try vaultName(storage)
        #expect(DataFiles.vaultBase(next) == whole && next != overlay)
        let afterDelete = try await names(storage)
        #expect(afterDelete.count == 203 && !afterDelete.contains("Filler 8") && afterDelete.contains("Eggs"))
        #expect(try await price("Filler 7", storage) == 999)
        #expect(await isHealthy(storage))
        // Undo goes back through the overlays to the whole vault, each state with its items.
        _ = try await u.undoLastChange()
        let undone = try await names(storage)
        #expect(!undone.contains("Filler 8") && !undone.contains("Eggs") && undone.count == 202)
        _ = try await u.undoLastChange()
        #expect(try vaultName(storage) == overlay)
        #expect(try await names(storage).contains("Filler 8"))
        _ = try await u.undoLastChange()
        #expect(try vaultName(storage) == whole)
        #expect(try await price("Filler 7", storage) == 107)
        #expect(await isHealthy(storage))
        // Files no state names any more are removed by the next change; the whole vault stays.
        _ = try await u.setPrice(item: "Filler 9", store: "Aldi", price: "1.23")
        let files = try FileManager.default.contentsOfDirectory(atPath: storage.directory).filter { $0.hasPrefix("vault-") }
        #expect(!files.contains(next) && files.contains(whole))
    }

    @Test func overlaysFoldIntoANewWholeVaultAndUndoCrossesTheFold() async throws {
        let (directory, storage, u) = try await largeVault()
        defer { directory.remove() }
        let whole = try vaultName(storage)
        var changes = 0
        var beforeFold: String?
        while DataFiles.vaultBase(try vaultName(storage)) != nil || changes == 0 {
            beforeFold = try vaultName(storage)
            _ = try await u.setPrice(item: "Filler \(changes)", store: "Aldi", price: "7.\(10 + changes)")
            changes += 1
            #expect(changes < 100, "never folded")
            if changes >= 100 { return }
        }
        let folded = try vaultName(storage)
        #expect(changes > 5 && folded != whole && DataFiles.vaultBase(folded) == nil)
        #expect(try #require(beforeFold).hasPrefix(String(whole.dropLast(4)) + "+"))
        // Every change is in the new whole vault.
        for number in 0..<changes { #expect(try await price("Filler \(number)", storage) == 710 + Int64(number)) }
        #expect(try await price("Filler \(changes)", storage) == 100 + Int64(changes))
        // After the fold, overlays lie on the new whole vault.
        _ = try await u.setPrice(item: "Milk", store: "Aldi", price: "1.11")
        #expect(DataFiles.vaultBase(try vaultName(storage)) == folded)
        #expect(await isHealthy(storage))
        // Undo across the fold: back to the last overlay on the old whole vault.
        _ = try await u.undoLastChange()
        _ = try await u.undoLastChange()
        #expect(try vaultName(storage) == beforeFold)
        #expect(try await price("Filler \(changes - 1)", storage) == 100 + Int64(changes - 1))
        #expect(try await price("Filler \(changes - 2)", storage) == 710 + Int64(changes - 2))
        #expect(await isHealthy(storage))
    }

    @Test func aDamagedOverlayOrWholeVaultIsRefusedAndLeftAsItIs() async throws {
        let (directory, storage, u) = try await largeVault()
        defer { directory.remove() }
        let whole = try vaultName(storage)
        _ = try await u.setPrice(item: "Filler 7", store: "Aldi", price: "9.99")
        let overlay = try vaultName(storage)
        for (file, damage) in [(overlay, "\t999\t"), (whole, "\tFiller 3\n")] {
            let path = storage.path(file)
            let original = try String(contentsOfFile: path, encoding: .utf8)
            let damaged = original.replacingOccurrences(of: damage,
                with: damage.replacingOccurrences(of: "9", with: "8").replacingOccurrences(of: "3", with: "4"))
            #expect(damaged != original)
            try damaged.write(toFile: path, atomically: false, encoding: .utf8)
            let before = directory.snapshot()
            // A new process each time: this one keeps the vault it wrote while the state is unchanged.
            func fresh() -> UseCases {
                UseCases(storage: FileStorage(directory: storage.directory), clock: FakeClock(), ids: SequentialIdentifiers()) }
            for attempt in
                [{ _ = try await fresh().showItem("Filler 7") },
                { _ = try await fresh().setPrice(item: "Filler 1", store: "Aldi", price: "3.33") }] {
                do {
                    try await attempt()
                    Issue.record("\(file): went on although it is damaged")
                } catch let error as StorageError {
                    #expect("\(error)".contains(path) && "\(error)".contains("changed or damaged"), "\(error)")
                }
            }
            #expect(directory.snapshot() == before)
            #expect(await FileStorage(directory: storage.directory).diagnose().contains { $0.isProblem && $0.subject == path })
            // Commands that need no item keep working.
            _ = try await u.listStores()
            try original.write(toFile: path, atomically: false, encoding: .utf8)
        }
        func fresh() -> UseCases {
            UseCases(storage: FileStorage(directory: storage.directory), clock: FakeClock(), ids: SequentialIdentifiers()) }
        // An overlay cut short, one without its checksum, one that names another whole vault.
        let path = storage.path(overlay)
        let original = try String(contentsOfFile: path, encoding: .utf8)
        for damaged in [String(original.dropLast(2)), "grock-vault-overlay\t1\t\n" + original.drop { $0 != "\n" }.dropFirst(),
                        original.replacingOccurrences(of: "\nB\t" + whole, with: "\nB\tvault-1.tsv")] {
            try damaged.write(toFile: path, atomically: false, encoding: .utf8)
            await #expect(throws: StorageError.self) { _ = try await fresh().showItem("Filler 7") }
            #expect(try String(contentsOfFile: path, encoding: .utf8) == damaged)
        }
        try original.write(toFile: path, atomically: false, encoding: .utf8)
        // A whole vault copied over the one the overlay lies on.
        let wholeBytes = try #require(FileManager.default.contents(atPath: storage.path(whole)))
        let other = String(decoding: wholeBytes, as: UTF8.self).replacingOccurrences(of: "\tFiller 3\n", with: "\tFiller 3b\n")
        try Data(VaultCodec.file(lines: Array(other.utf8.drop {
            $0 != 0x0A }.dropFirst()))).write(to: URL(fileURLWithPath: storage.path(whole)))
        await #expect(throws: StorageError.self) { _ = try await fresh().showItem("Filler 3") }
        try wholeBytes.write(to: URL(fileURLWithPath: storage.path(whole)))
        #expect(try await price("Filler 7", storage) == 999)
        #expect(await isHealthy(storage))
    }

    /// The stamp the state records of the whole vault (inode and change time) spares the
    /// checksum while nothing has written to the file; a file changed since (even to the same
    /// size) has another change time and is checked, and refused; doctor never trusts a stamp.
    @Test func aWholeVaultIsTrustedByItsStampOnlyWhileNothingHasWrittenToIt() async throws {
        let (directory, storage, u) = try await largeVault()
        defer { directory.remove() }
        // The next command, a second later by its clock: every file written so far has a settled
        // change time (`settledStamp`), without waiting for it.
        func fresh() -> UseCases {
            let later = FileStorage(directory: storage.directory, wallClock: { FileStorage.realTime() + 1_000_000_000 })
            return UseCases(storage: later, clock: FakeClock(), ids: SequentialIdentifiers())
        }
        func stamp(_ file: String) throws -> String {
            var info = stat()
            #expect(lstat(storage.path(file), &info) == 0)
            return HistoryFile.stamp(info)
        }
        let whole = try vaultName(storage)
        // Just written, its change time is not settled yet (`settledStamp`): no stamp.
        #expect(try storage.load().0.vaultStamp == nil)
        _ = try await u.setPrice(item: "Filler 7", store: "Aldi", price: "9.99")
        // Read by the next command, checked by checksum, the whole vault's settled stamp is recorded.
        _ = try await fresh().setPrice(item: "Filler 8", store: "Aldi", price: "8.88")
        #expect(try storage.load().0.vaultStamp == stamp(whole))
        _ = try await fresh().setPrice(item: "Filler 8", store: "Aldi", price: "8.89")
        #expect(try storage.load().0.vaultStamp == stamp(whole))
        #expect(try await price("Filler 7", storage) == 999)

        // Changed behind Grock's back, same size: refused by what reads an item, even one the
        // change did not touch, and by doctor; left as it is.
        let path = storage.path(whole)
        let original = try #require(FileManager.default.contents(atPath: path))
        let damaged = Data(String(decoding: original, as: UTF8.self).replacingOccurrences(of: "\tFiller 3\n", with: "\tFiller 4\n").utf8)
        #expect(damaged.count == original.count && damaged != original)
        try damaged.write(to: URL(fileURLWithPath: path))
        for attempt in
            [{ _ = try await fresh().showItem("Filler 9") },
            { _ = try await fresh().setPrice(item: "Filler 1", store: "Aldi", price: "3.33") }] {
            await #expect(throws: StorageError.self) { try await attempt() }
        }
        #expect(FileManager.default.contents(atPath: path) == damaged)
        #expect(await FileStorage(directory: storage.directory).diagnose().contains { $0.isProblem && $0.subject == path })

        // Even a state that records the damaged file's stamp (as if it had been changed without
        // its change time moving) does not fool doctor, which checks every checksum.
        var record = try FileStorage(directory: storage.directory).loadState().record
        record.vaultStamp = try stamp(whole)
        try Data(StateCodec.encode(record)).write(to: URL(fileURLWithPath: storage.statePath))
        _ = try await fresh().showItem("Filler 9")   // a reader trusts the settled stamp (and decodes one item)
        #expect(await FileStorage(directory: storage.directory).diagnose().contains { $0.isProblem && $0.subject == path })
        try original.write(to: URL(fileURLWithPath: path))
        // Put back, it has another change time again: checked, found right, and used.
        #expect(try await price("Filler 7", storage) == 999)
        _ = try await fresh().setPrice(item: "Filler 1", store: "Aldi", price: "3.33")
        #expect(try FileStorage(directory: storage.directory).load().0.vaultStamp == stamp(whole))
        #expect(await isHealthy(storage))
    }

    /// A state without a vault stamp (written before it was recorded) is read as before: the
    /// checksum is computed.
    @Test func aStateWithoutAVaultStampIsCheckedByChecksum() async throws {
        let (directory, storage, u) = try await largeVault()
        defer { directory.remove() }
        _ = try await u.setPrice(item: "Filler 7", store: "Aldi", price: "9.99")
        var record = try storage.load().0
        record.vaultStamp = nil
        let bytes = StateCodec.encode(record)
        #expect(!String(decoding: bytes, as: UTF8.self).split(separator: "\n")[1].hasSuffix("\t"))
        try Data(bytes).write(to: URL(fileURLWithPath: storage.statePath))
        #expect(try await price("Filler 7", storage) == 999)
        let whole = try #require(DataFiles.vaultBase(try vaultName(storage)))
        let path = storage.path(whole)
        let original = try String(contentsOfFile: path, encoding: .utf8)
        try original.replacingOccurrences(of: "\tFiller 3\n", with: "\tFiller 4\n").write(toFile: path, atomically: false, encoding: .utf8)
        await #expect(throws: StorageError.self) { _ = try await price("Filler 9", storage) }
    }

    @Test func whatAKilledWriterLeftIsNeverReadAndTheNextChangeRemovesIt() async throws {
        let (directory, storage, u) = try await largeVault()
        defer { directory.remove() }
        let whole = try vaultName(storage)
        _ = try await u.setPrice(item: "Filler 7", store: "Aldi", price: "9.99")
        let overlay = try vaultName(storage)
        let sequence = try storage.load().0.undo.nextSequence
        let base = String(whole.dropLast(4))
        // A change killed before its commit: its overlay (even a valid-looking one), a temporary.
        let leftovers = ["\(base)+\(sequence).tsv", "\(base)+\(sequence).tsv.tmp-12-ab", "vault-\(sequence)+\(sequence + 1).tsv"]
        try FileManager.default.copyItem(atPath: storage.path(overlay), toPath: storage.path(leftovers[0]))
        for name in leftovers.dropFirst() { try Data("x\n".utf8).write(to: URL(fileURLWithPath: storage.path(name))) }
        #expect(try await price("Filler 7", storage) == 999)
        let inventory = DataFiles.inventory(of: try storage.load().0, in: storage)
        #expect(Set(inventory.leftovers) == Set(leftovers))
        #expect(await FileStorage(directory: storage.directory).diagnose().allSatisfy { !$0.isProblem })
        _ = try await u.setPrice(item: "Filler 8", store: "Aldi", price: "8.88")
        // The change took the first name for its own overlay (the leftover went first).
        #expect(try vaultName(storage) == leftovers[0])
        #expect(FileManager.default.contents(atPath: storage.path(leftovers[0]))
            != FileManager.default.contents(atPath: storage.path(overlay)))
        for name in leftovers.dropFirst() { #expect(!FileManager.default.fileExists(atPath: storage.path(name)), "\(name)") }
        #expect(FileManager.default.fileExists(atPath: storage.path(whole))
            && FileManager.default.fileExists(atPath: storage.path(overlay)))
        #expect(try await price("Filler 7", storage) == 999)
        #expect(try await price("Filler 8", storage) == 888)
        // A name that is not Grock's is left alone.
        try Data("mine\n".utf8).write(to: URL(fileURLWithPath: storage.path("vault-1+x.tsv")))
        _ = try await u.setPrice(item: "Filler 9", store: "Aldi", price: "1.23")
        #expect(FileManager.default.fileExists(atPath: storage.path("vault-1+x.tsv")))
    }

    @Test func overlayNames() {
        #expect(DataFiles.vaultNumber("vault-12+17.tsv") == 17 && DataFiles.vaultBase("vault-12+17.tsv") == "vault-12.tsv")
        #expect(DataFiles.vaultNumber("vault-12.tsv") == 12 && DataFiles.vaultBase("vault-12.tsv") == nil)
        for name in ["vault-+1.tsv", "vault-1+.tsv", "vault-1+2+3.tsv", "vault-1+x.tsv", "vault-../1+2.tsv", "vault-1+2.json"] {
            #expect(DataFiles.vaultNumber(name) == nil && DataFiles.vaultBase(name) == nil, "\(name)")
        }
    }
}
