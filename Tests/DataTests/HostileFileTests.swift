@testable import DataLayer
import Domain
import Foundation
import Glibc
import TestSupport
import Testing

/// What a data directory does when its files are lost, swapped, planted or damaged: it refuses,
/// names the file, and writes nothing over what it cannot vouch for (docs/STORAGE.md, "What
/// Grock defends against").
@Suite struct HostileFileTests {
    /// A stocked directory whose last change appended to history (a price seen by hand).
    func directory() async throws -> (TemporaryDirectory, FileStorage, UseCases) {
        let (directory, storage, world) = try await FileStorageTests().stockedDirectory()
        _ = try await world.useCases.setPrice(item: "Bread", store: "Aldi", price: "2.39")
        return (directory, storage, world.useCases)
    }

    func expectRefused(_ file: String, _ snapshot: TemporaryDirectory, _ body: () async throws -> Void) async {
        let before = snapshot.snapshot()
        do {
            try await body()
            Issue.record("went on although \(file) cannot be trusted")
        } catch {
            #expect(error is StorageError, "\(error)")
            #expect("\(error)".contains(file), "\(error)")
        }
        #expect(snapshot.snapshot() == before, "a refused command changed files")
    }

    @Test func aLostStateIsRefusedNotStartedAfresh() async throws {
        let (directory, storage, u) = try await directory()
        defer { directory.remove() }
        unlink(storage.statePath)
        let attempts: [() async throws -> Void] = [{ _ = try await u.addStore(name: "Rewe") }, { _ = try await u.listStores() },
                                                   { _ = try await u.undoLastChange() }]
        for attempt in attempts {
            await expectRefused("state.tsv", directory, attempt)
        }
        await #expect(throws: StorageError.stateLost(path: storage.statePath,
            found: "history.tsv, vault-11.tsv, vault-13.tsv, vault-4.tsv")) {
            _ = try await u.listStores()
        }
        #expect(await storage.diagnose().contains { $0.isProblem && $0.subject == storage.statePath })
        // A directory with only the lock (a read made it) is new, not lost.
        let fresh = try TemporaryDirectory()
        defer { fresh.remove() }
        let empty = UseCases(storage: FileStorage(directory: fresh.path), clock: FakeClock(), ids: SequentialIdentifiers())
        #expect(try await empty.listStores().isEmpty)
        _ = try await empty.setUpFirstRun()
    }

    /// A state whose checksum was emptied is read unchecked: doctor says so, and does not say
    /// "ok" of a cart whose hand-edited price no figure of it can hold (`cart show` fails on it),
    /// nor of a category placed past any order Grock gives.
    @Test func doctorSeesAStateEditedByHand() async throws {
        let (directory, storage, _) = try await directory()
        defer { directory.remove() }
        let text = try String(contentsOfFile: storage.statePath, encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines[0] = lines[0].split(separator: "\t").prefix(2).joined(separator: "\t") + "\t"
        try lines.joined(separator: "\n").write(toFile: storage.statePath, atomically: false, encoding: .utf8)
        var checks = await storage.diagnose()
        #expect(checks.contains { !$0.isProblem && $0.subject == storage.statePath && $0.detail.contains("read unchecked") }, "\(checks)")
        #expect(checks.allSatisfy { !$0.isProblem }, "\(checks)")
        // Bread's planned price at Int64.max: Weekly's plan (with Bananas) no longer adds up.
        let bread = try #require(lines.firstIndex { $0.hasPrefix("L\t") && $0.hasSuffix("\tBread") })
        var fields = lines[bread].split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        fields[5] = String(Int64.max)
        lines[bread] = fields.joined(separator: "\t")
        try lines.joined(separator: "\n").write(toFile: storage.statePath, atomically: false, encoding: .utf8)
        checks = await storage.diagnose()
        #expect(checks.contains { $0.isProblem && $0.subject == storage.statePath
            && $0.detail.hasPrefix("cart \"Weekly\" cannot be shown") }, "\(checks)")
        // A category placed past any order Grock gives: named.
        let dairy = try #require(lines.firstIndex { $0.hasPrefix("K\t") && $0.hasSuffix("\tDairy") })
        fields = lines[dairy].split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        fields[2] = String(Int.max)
        lines[dairy] = fields.joined(separator: "\t")
        try lines.joined(separator: "\n").write(toFile: storage.statePath, atomically: false, encoding: .utf8)
        checks = await storage.diagnose()
        #expect(checks.contains { $0.isProblem && $0.subject == storage.statePath
            && $0.detail.contains("has order \(Int.max), outside 0...1000000000") },
                "\(checks)")
        // A name with a control character: named as what it is the name of.
        lines[dairy] = lines[dairy].replacingOccurrences(of: "\tDairy", with: "\tDai\u{7}ry").replacingOccurrences(of: String(Int.max),
            with: "1")
        try lines.joined(separator: "\n").write(toFile: storage.statePath, atomically: false, encoding: .utf8)
        checks = await storage.diagnose()
        #expect(checks.contains { $0.isProblem && $0.detail.contains("has a name Grock refuses")
            && $0.detail.contains("cannot be a category name") },
                "\(checks)")
    }

    @Test func undoRefusesAHistoryThatIsNotTheOneItWrote() async throws {
        let (directory, storage, u) = try await directory()
        defer { directory.remove() }
        let history = try Data(contentsOf: URL(fileURLWithPath: storage.historyPath))
        // A link to another file: that file is never cut.
        let victim = directory.path + "/victim"
        try Data(repeating: 0x41, count: 4000).write(to: URL(fileURLWithPath: victim))
        unlink(storage.historyPath)
        symlink(victim, storage.historyPath)
        await expectRefused("history.tsv", directory) { _ = try await u.undoLastChange() }
        #expect(try Data(contentsOf: URL(fileURLWithPath: victim)).count == 4000)
        // The same length, a byte changed in what the last change appended.
        unlink(storage.historyPath)
        var edited = history
        edited[edited.count - 12] ^= 0x01
        try edited.write(to: URL(fileURLWithPath: storage.historyPath))
        await expectRefused("history.tsv", directory) { _ = try await u.undoLastChange() }
        // A byte changed in what an earlier change appended.
        edited = history
        edited[40] ^= 0x01
        try edited.write(to: URL(fileURLWithPath: storage.historyPath))
        await expectRefused("history.tsv", directory) { _ = try await u.undoLastChange() }
        // Put back as it was (a new inode: it is checked, and found to be the history).
        try history.write(to: URL(fileURLWithPath: storage.historyPath))
        #expect(try await u.undoLastChange() == "set the price of Bread at Aldi to 2.39/each")
    }

    @Test func nothingIsAppendedToAHistoryThatIsNotTheOneRecorded() async throws {
        let (directory, storage, u) = try await directory()
        defer { directory.remove() }
        let history = try String(contentsOfFile: storage.historyPath, encoding: .utf8)
        let damages: [(String, (String) -> String)] = [
            ("a line changed in the middle", { $0.replacingOccurrences(of: "\t109\t", with: "\t901\t") }),
            ("a line removed",
                { $0.split(separator: "\n", omittingEmptySubsequences: false).enumerated().filter {
                $0.offset != 2 }.map(\.element).joined(separator: "\n") + "\n" }),
            ("the header changed", { $0.replacingOccurrences(of: "grock-history", with: "grock-hist0ry") }),
            ("cut short", { String($0.dropLast(5)) }),
        ]
        for (name, damage) in damages {
            let damaged = damage(history)
            #expect(damaged != history, "\(name)")
            try damaged.write(toFile: storage.historyPath, atomically: false, encoding: .utf8)
            await expectRefused("history.tsv", directory) { _ = try await u.setPrice(item: "Milk", store: "Aldi", price: "1.11") }
        }
        // A missing history is not created afresh.
        unlink(storage.historyPath)
        await expectRefused("history.tsv", directory) { _ = try await u.setPrice(item: "Milk", store: "Aldi", price: "1.11") }
        #expect(!FileManager.default.fileExists(atPath: storage.historyPath))
        // Put back, it is appended to again.
        try history.write(toFile: storage.historyPath, atomically: false, encoding: .utf8)
        _ = try await u.setPrice(item: "Milk", store: "Aldi", price: "1.11")
        #expect(try await u.priceHistory("Milk").entries.count == 4)
    }

    @Test func aStateOfSchemaFourIsReadAndSealedByTheNextAppend() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let fixture = try #require(Bundle.module.path(forResource: "v4", ofType: nil, inDirectory: "Fixtures"))
        try FileManager.default.copyItem(atPath: fixture, toPath: directory.path + "/data")
        chmod(directory.path + "/data", 0o700)
        let storage = FileStorage(directory: directory.path + "/data")
        let u = UseCases(storage: storage, clock: FakeClock(), ids: SequentialIdentifiers())
        #expect(try storage.load().0.historySeal == nil)
        #expect(try await u.listHistory().map(\.name) == ["Weekly"])
        #expect(try await u.priceHistory("Milk").entries.count == 3)
        _ = try await u.setPrice(item: "Bananas", store: "Lidl", price: "2.05")
        let record = try storage.load().0
        #expect(record.schema == 8 && record.historySeal != nil)
        _ = try await u.undoLastChange()
        #expect(try String(contentsOfFile: storage.statePath, encoding: .utf8).hasPrefix("grock-state\t4\n"))
        _ = try await u.undoLastChange()
        _ = try await u.undoLastChange()
        #expect(try await u.listHistory().map(\.name) == ["Weekly"])
        #expect(await storage.diagnose().allSatisfy { !$0.isProblem })
    }

    /// A real directory of schema 5 (written by the Grock before line units): read as it is; a
    /// change writes schema 8 with a line in grams priced per kg; undo brings back its bytes.
    @Test func aStateOfSchemaFiveIsReadAndUndoneToItsBytes() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let fixture = try #require(Bundle.module.path(forResource: "v5", ofType: nil, inDirectory: "Fixtures"))
        try FileManager.default.copyItem(atPath: fixture, toPath: directory.path + "/data")
        chmod(directory.path + "/data", 0o700)
        chmod(directory.path + "/data/undo", 0o700)
        let storage = FileStorage(directory: directory.path + "/data")
        let original = try String(contentsOfFile: storage.statePath, encoding: .utf8)
        #expect(original.hasPrefix("grock-state\t5\t"))
        let u = UseCases(storage: storage, clock: FakeClock(), ids: SequentialIdentifiers())
        #expect(try await u.listHistory().map { "\($0.name) \($0.actual.amountText)" } == ["Weekly 4.95"])   // 2 × 1.15 + 1.4 × 1.89
        let next = try await u.updateCartLine(cart: "Next", item: "Bananas", unit: .g)
        #expect(next.lines.map { "\($0.quantity) \($0.unit) per \($0.priceUnit)" } == ["2000 g per kg"])
        let written = try String(contentsOfFile: storage.statePath, encoding: .utf8)
        #expect(written.hasPrefix("grock-state\t8\t") && written.contains("\tg/kg\t"))
        _ = try await u.undoLastChange()
        #expect(try String(contentsOfFile: storage.statePath, encoding: .utf8) == original)
        #expect(await storage.diagnose().allSatisfy { !$0.isProblem })
    }

    @Test func plantedLinksAreNeverWrittenThrough() async throws {
        let (directory, storage, u) = try await directory()
        defer { directory.remove() }
        let victim = directory.path + "/victim"
        try Data("precious\n".utf8).write(to: URL(fileURLWithPath: victim))
        let sequence = try storage.load().0.undo.nextSequence
        for name in ["state.tsv.tmp", "vault-\(sequence).tsv.tmp", "vault-\(sequence).tsv", "spending.cache.tmp", "undo/\(sequence).tsv"] {
            symlink(victim, storage.directory + "/" + name)
        }
        _ = try await u.addItem(name: "Eggs", category: "Dairy", price: "2.99", store: "Aldi")
        _ = try await u.listHistory()
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious\n")
        #expect(try await u.showItem("Eggs").item.name == "Eggs")
        // A data file that is a link is refused, even to a file that holds the right bytes.
        let state = storage.statePath
        try FileManager.default.moveItem(atPath: state, toPath: directory.path + "/elsewhere.tsv")
        symlink(directory.path + "/elsewhere.tsv", state)
        await expectRefused("state.tsv", directory) { _ = try await u.listStores() }
    }

    @Test func leftoversOfKilledWritersAreRemovedByTheNextChange() async throws {
        let (directory, storage, u) = try await directory()
        defer { directory.remove() }
        let sequence = try storage.load().0.undo.nextSequence
        let leftovers = ["state.tsv.tmp", "state.tsv.tmp-123-abc", "vault-\(sequence).tsv", "vault-\(sequence + 5).tsv",
            "history.tsv.tmp-9-f"]
        for name in leftovers { try Data("x\n".utf8).write(to: URL(fileURLWithPath: storage.directory + "/" + name)) }
        // A change killed after keeping its snapshot: a second name of the state itself.
        link(storage.statePath, storage.undoPath(sequence))
        // Names that are not Grock's stay, whatever they look like.
        let foreign = ["notes.tmp", "thesis.tmp-1-2", "history.md", "vault-x.tsv"]
        for name in foreign { try Data("mine\n".utf8).write(to: URL(fileURLWithPath: storage.directory + "/" + name)) }
        _ = try await u.listStores()   // a reader removes nothing
        for name in leftovers { #expect(FileManager.default.fileExists(atPath: storage.directory + "/" + name)) }
        _ = try await u.addStore(name: "Rewe")
        for name in leftovers {
            #expect(FileManager.default.contents(atPath: storage.directory + "/" + name) != Data("x\n".utf8), "\(name)")
        }
        for name in
            foreign { #expect(FileManager.default.contents(atPath: storage.directory + "/" + name) == Data("mine\n".utf8), "\(name)") }
        #expect(FileManager.default.fileExists(atPath: storage.undoPath(sequence)))   // the snapshot of this change
        #expect(await storage.diagnose().allSatisfy { !$0.isProblem })
        _ = try await u.undoLastChange()
        #expect(try await u.listStores().count == 2)
    }

    @Test func anOlderStatePutBackIsRefusedBeforeItCutsNewerHistory() async throws {
        let (directory, storage, u) = try await directory()
        defer { directory.remove() }
        let sequence = try storage.load().0.undo.nextSequence
        // The state before the trip finished, put back by hand: its history is shorter.
        for older in [sequence - 1, sequence - 4] {
            try FileManager.default.removeItem(atPath: storage.statePath)
            try FileManager.default.copyItem(atPath: storage.undoPath(older), toPath: storage.statePath)
            await expectRefused("state.tsv", directory) { _ = try await u.setPrice(item: "Milk", store: "Aldi", price: "1.11") }
            await expectRefused("state.tsv", directory) { _ = try await u.undoLastChange() }
            #expect(await storage.diagnose().contains { $0.isProblem && $0.detail.contains("older than files beside it") })
        }
    }

    @Test func aSnapshotThatIsNotTheStateBeforeItsChangeIsNotRestored() async throws {
        let (directory, storage, u) = try await directory()
        defer { directory.remove() }
        let last = try storage.load().0.undo.nextSequence - 1
        try FileManager.default.removeItem(atPath: storage.undoPath(last))
        try FileManager.default.copyItem(atPath: storage.undoPath(last - 5), toPath: storage.undoPath(last))
        await expectRefused("undo/\(last).tsv", directory) { _ = try await u.undoLastChange() }
        #expect(await storage.diagnose().contains { $0.isProblem && $0.subject == storage.undoPath(last) })
        // A missing snapshot is named as it is, and the others stay undoable.
        try FileManager.default.removeItem(atPath: storage.undoPath(last))
        await expectRefused("undo/\(last).tsv", directory) { _ = try await u.undoLastChange() }
        _ = try await u.addStore(name: "Rewe")
        _ = try await u.undoLastChange()
        await expectRefused("undo/\(last).tsv", directory) { _ = try await u.undoLastChange() }
        #expect(try storage.load().0.undo.entries.count > 10)
    }

    @Test func anUndoDirectoryThatIsALinkIsRefused() async throws {
        let (directory, storage, u) = try await directory()
        defer { directory.remove() }
        let victim = directory.path + "/victim"
        try FileManager.default.createDirectory(atPath: victim, withIntermediateDirectories: false)
        try Data("precious\n".utf8).write(to: URL(fileURLWithPath: victim + "/thesis.txt"))
        try FileManager.default.moveItem(atPath: storage.undoDirectory, toPath: directory.path + "/undo-kept")
        symlink(victim, storage.undoDirectory)
        let attempts: [() async throws -> Void] = [{ _ = try await u.addStore(name: "Rewe") }, { _ = try await u.undoLastChange() },
                                                   { try await storage.eraseEverything() }]
        for attempt in attempts {
            do {
                try await attempt()
                Issue.record("went on with undo/ a link")
            } catch {
                #expect("\(error)".contains("undo"), "\(error)")
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: victim) == ["thesis.txt"])
        #expect(await storage.diagnose().contains { $0.isProblem && $0.subject.hasSuffix("/undo") })
    }

    @Test func aDirectoryOthersCanChangeIsRefused() async throws {
        let (directory, storage, u) = try await directory()
        defer { directory.remove() }
        chmod(storage.directory, 0o777)
        let attempts: [() async throws -> Void] = [{ _ = try await u.addStore(name: "Rewe") }, { _ = try await u.listStores() },
                                                   { _ = try await u.undoLastChange() }]
        for attempt in attempts {
            do {
                try await attempt()
                Issue.record("a directory writable by others was used")
            } catch {
                #expect("\(error)".contains("chmod 700 \(storage.directory)"), "\(error)")
            }
        }
        chmod(storage.directory, 0o700)
        _ = try await u.addStore(name: "Rewe")
    }

    @Test(.enabled(if: geteuid() == 0, "needs root to hand files to another user"))
    func anotherUsersDirectoryOrLinkIsRefused() async throws {
        let (directory, storage, u) = try await directory()
        defer { directory.remove() }
        chown(storage.directory, 4242, 4242)
        await #expect(throws: StorageError.self) { _ = try await u.listStores() }
        chown(storage.directory, 0, 0)
        let link = directory.path + "/link"
        symlink(storage.directory, link)
        let linked = UseCases(storage: FileStorage(directory: link), clock: FakeClock(), ids: SequentialIdentifiers())
        #expect(try await linked.listStores().count == 2)   // one's own link is followed
        lchown(link, 4242, 4242)
        do {
            _ = try await linked.listStores()
            Issue.record("another user's link was followed")
        } catch {
            #expect("\(error)".contains("symbolic link owned by another user"), "\(error)")
        }
    }
}

@Suite struct DoctorTests {
    func problems(_ storage: FileStorage) async -> [String] {
        await storage.diagnose().filter(\.isProblem).map { "\($0.subject): \($0.detail)" }
    }

    @Test func doctorFindsWhatCommandsWouldRefuse() async throws {
        let (directory, storage, u) = try await HostileFileTests().directory()
        defer { directory.remove() }
        #expect(await problems(storage).isEmpty)
        let history = try String(contentsOfFile: storage.historyPath, encoding: .utf8)
        // A price changed in history: the file still parses, but it is not the one recorded.
        try history.replacingOccurrences(of: "\t109\t", with: "\t901\t").write(toFile: storage.historyPath, atomically: false,
            encoding: .utf8)
        #expect(await problems(storage).contains { $0.hasPrefix(storage.historyPath + ": its first") })
        try history.write(toFile: storage.historyPath, atomically: false, encoding: .utf8)
        #expect(await problems(storage).isEmpty)
        // A vault damaged in a way that still parses is named, not the state.
        let vault = storage.path(try #require(try storage.load().0.vault))
        let items = try String(contentsOfFile: vault, encoding: .utf8)
        try items.replacingOccurrences(of: "\nI\t0", with: "\nI\t1").write(toFile: vault, atomically: false, encoding: .utf8)
        #expect(await problems(storage).contains { $0.hasPrefix(vault + ": it was changed or damaged") })
        try items.write(toFile: vault, atomically: false, encoding: .utf8)
        // Leftovers are named (and are no problem); a history no state names is one.
        try Data("x".utf8).write(to: URL(fileURLWithPath: storage.directory + "/state.tsv.tmp-1-2"))
        #expect(await storage.diagnose().contains { !$0.isProblem
            && $0.detail.contains("1 files left by interrupted changes (state.tsv.tmp-1-2)") })
        _ = try await u.undoLastChange()
        _ = try await u.undoLastChange()
        try FileManager.default.moveItem(atPath: storage.statePath, toPath: directory.path + "/kept")
        try FileManager.default.copyItem(atPath: storage.undoPath(2), toPath: storage.statePath)
        #expect(await problems(storage).contains { $0.hasPrefix(storage.historyPath + ": the state names no such history") })
        // Others may change the directory.
        chmod(storage.directory, 0o770)
        #expect(await problems(storage).contains { $0.contains("chmod 700") })
    }
}
