@testable import DataLayer
import Domain
import Foundation
import Glibc
import TestSupport
import Testing

/// Files changed or swapped behind Grock's back (a changed byte, a vault copied over another, a
/// history renamed or changed since it was read, a forged spending cache, a foreign state): each
/// is refused or ignored, never trusted for where it lies.
@Suite struct SwappedFileTests {
    @Test func aStateWithAChangedByteIsRefused() async throws {
        let (directory, storage, u) = try await HostileFileTests().directory()
        defer { directory.remove() }
        var state = try Data(contentsOf: URL(fileURLWithPath: storage.statePath))
        let month = try #require(state.firstRange(of: Data("\nM\t".utf8)))
        state[month.upperBound + 9] ^= 0x01   // a digit of a month's total: still parses
        try state.write(to: URL(fileURLWithPath: storage.statePath))
        await HostileFileTests().expectRefused("state.tsv", directory) { _ = try await u.monthlySpending() }
        #expect(await storage.diagnose().contains { $0.isProblem && $0.detail.contains("checksum does not match") })
        // With its checksum emptied, a state edited by hand is read, and checked line by line.
        var text = try String(contentsOfFile: storage.statePath, encoding: .utf8)
        let header = String(text.prefix { $0 != "\n" })
        text = "grock-state\t5\t" + text.dropFirst(header.count)
        try text.write(toFile: storage.statePath, atomically: false, encoding: .utf8)
        #expect(try await u.listStores().count == 2)
    }

    @Test func aVaultCopiedOverAnotherIsRefused() async throws {
        let (directory, storage, u) = try await HostileFileTests().directory()
        defer { directory.remove() }
        _ = try await u.addItem(name: "Eggs", category: "Dairy", price: "2.99", store: "Aldi")
        let current = storage.path(try #require(try storage.load().0.vault))
        let older = try #require(try FileManager.default.contentsOfDirectory(atPath: storage.directory)
            .filter { $0.hasPrefix("vault-") && storage.path($0) != current }.sorted().last)
        try FileManager.default.removeItem(atPath: current)
        try FileManager.default.copyItem(atPath: storage.path(older), toPath: current)
        // Another process (a storage of its own) reads it.
        let fresh = UseCases(storage: FileStorage(directory: storage.directory), clock: FakeClock(), ids: SequentialIdentifiers())
        await HostileFileTests().expectRefused(current, directory) { _ = try await fresh.showItem("Milk") }
        #expect(await storage.diagnose().contains { $0.isProblem && $0.subject == current })
    }

    @Test func namesInTheStateArePathsOnlyWhenGrockGivesThem() throws {
        let cases = ["F\t../elsewhere/vault-1.tsv\t\t0\t1\t2", "F\t\t../h.tsv\t10\t1\t2",
            "F\t\t\t0\t1\t2\nT\tEUR\t1\nU\t1\t1\t/etc/vault-1.tsv\tx"]
        for body in cases {
            let text = "grock-state\t5\t\n" + body + (body.contains("\nT\t") ? "\n" : "\nT\tEUR\t1\n")
            #expect(throws: StorageError.self, "\(body)") { try StateCodec.decode(Array(text.utf8), path: "state.tsv") }
        }
    }

    @Test func aHistoryWithAnotherNameIsNotChangedInPlace() async throws {
        let (directory, storage, u) = try await HostileFileTests().directory()
        defer { directory.remove() }
        let copy = directory.path + "/copy-of-history"
        link(storage.historyPath, copy)
        let before = try Data(contentsOf: URL(fileURLWithPath: copy))
        await HostileFileTests().expectRefused("history.tsv", directory) { _ = try await u.undoLastChange() }
        await HostileFileTests().expectRefused("history.tsv", directory) {
            _ = try await u.setPrice(item: "Milk", store: "Aldi", price: "1.11") }
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == before)
    }

    @Test func readersRefuseAHistoryChangedSince() async throws {
        let (directory, storage, u) = try await HostileFileTests().directory()
        defer { directory.remove() }
        let history = try String(contentsOfFile: storage.historyPath, encoding: .utf8)
        try history.replacingOccurrences(of: "\t109\t", with: "\t979\t").write(toFile: storage.historyPath, atomically: false,
            encoding: .utf8)
        unlink(storage.directory + "/" + SpendingCache.file)
        for attempt: () async throws -> Void in [{ _ = try await u.listHistory() }, { _ = try await u.priceHistory("Milk") },
                                                { _ = try await u.showCart("Done") }] {
            await HostileFileTests().expectRefused("history.tsv", directory, attempt)
        }
    }

    @Test func aForgedSpendingCacheIsIgnored() async throws {
        let (directory, storage, u) = try await HostileFileTests().directory()
        defer { directory.remove() }
        let trips = try await u.listHistory()
        let cache = storage.directory + "/" + SpendingCache.file
        for length in [-1, Int(Int32.max)] {
            let forged = try #require(SpendingCache.encode(.init(historyLength: length, historyChecksum: 0,
                data: SpendingColumns(currency: .euro), manual: [])))
            try Data(forged).write(to: URL(fileURLWithPath: cache))
            #expect(try await u.listHistory() == trips)
        }
    }

    @Test func anEmptyOrForeignStateSaysWhatItIs() throws {
        #expect(throws: StorageError.unreadable(path: "s", reason: "the file is empty")) { try RecordCodec.decodeState([], path: "s") }
        #expect(throws: StorageError.unreadable(path: "s", reason: "it is not a Grock state file")) {
            try RecordCodec.decodeState(Array("hello\n".utf8), path: "s")
        }
    }
}
