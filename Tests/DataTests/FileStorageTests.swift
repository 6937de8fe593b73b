@testable import DataLayer
import Domain
import Foundation
import TestSupport
import Testing

@Suite struct FileStorageTests {
    /// A data directory holding the stocked world with one active and one completed cart.
    func stockedDirectory() async throws -> (directory: TemporaryDirectory, storage: FileStorage, world: TestWorld) {
        let directory = try TemporaryDirectory()
        let storage = FileStorage(directory: directory.path + "/data")
        let world = try await TestWorld.stocked(storage: storage)
        let u = world.useCases
        _ = try await u.createCart(name: "Done", items: ["Milk"])
        _ = try await u.startTrip("Done")
        _ = try await u.logPurchase(cart: "Done", item: "Milk")
        _ = try await u.finishTrip("Done")
        _ = try await u.createCart(name: "Weekly", budget: "30", items: ["Bread", "Bananas"])
        return (directory, storage, world)
    }

    @Test func filesArePrivate() async throws {
        let (directory, storage, _) = try await stockedDirectory()
        defer { directory.remove() }
        func mode(_ path: String) throws -> Int {
            (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as! NSNumber).intValue
        }
        #expect(try mode(storage.directory) == 0o700)
        #expect(try mode(storage.statePath) == 0o600)
        #expect(try mode(storage.historyPath) == 0o600)
        #expect(try mode(storage.undoDirectory) == 0o700)
    }

    @Test func filesAreReadableTextWithExactAmounts() async throws {
        let (directory, storage, _) = try await stockedDirectory()
        defer { directory.remove() }
        let state = try String(contentsOfFile: storage.statePath, encoding: .utf8).split(separator: "\n")
        #expect(state.first?.hasPrefix("grock-state\t8\t") == true)
        #expect(state.contains { $0.hasPrefix("C\t") && $0.hasSuffix("\tWeekly") && $0.contains("\t3000\t") })   // the budget in cents
        #expect(state.contains { $0.hasPrefix("L\t") && $0.hasSuffix("\tBread") && $0.contains("\t1\teach\t") })  // quantity, unit
        let vaultName = try #require(try storage.load().0.vault)
        let vault = try String(contentsOfFile: storage.path(vaultName), encoding: .utf8)
        #expect(vault.hasPrefix("grock-vault\t2\t"))
        #expect(vault.split(separator: "\n")[1].hasPrefix("I\t"))
        #expect(vault.contains("\tMilk\n"))
        #expect(vault.contains("\t109\t2026-03-02T10:00:00+01:00\t"))   // Milk at Aldi, in cents, with when it was seen
        let history = try String(contentsOfFile: storage.historyPath, encoding: .utf8).split(separator: "\n")
        #expect(history.first == "grock-history\t2")
        // The header, four manual prices, the completed cart and its line (the price paid).
        #expect(history.map { $0.prefix(1) } == ["g", "O", "O", "O", "O", "C", "L"])
    }

    /// A storage remembers the state it wrote or read last, and must notice when another
    /// process has replaced it since: by a change, an undo, or a change after an undo that
    /// reuses the same vault file name.
    @Test func whatAnotherProcessWroteIsSeen() async throws {
        let (directory, storage, world) = try await stockedDirectory()
        defer { directory.remove() }
        let other = UseCases(storage: FileStorage(directory: storage.directory), clock: FakeClock(), ids: SequentialIdentifiers())
        let u = world.useCases
        _ = try await u.setPrice(item: "Milk", store: "Aldi", price: "1.29")
        #expect(try await u.showItem("Milk").prices.first { $0.store.name == "Aldi" }?.current?.unitPrice.price.description == "1.29 EUR")
        _ = try await other.setPrice(item: "Milk", store: "Aldi", price: "1.39")
        #expect(try await u.showItem("Milk").prices.first { $0.store.name == "Aldi" }?.current?.unitPrice.price.description == "1.39 EUR")
        _ = try await u.addToCart(cart: "Weekly", items: ["Milk"])
        _ = try await other.undoLastChange()
        #expect(try await u.showCart("Weekly").cart.lines.count == 2)
        _ = try await other.undoLastChange()
        _ = try await other.setPrice(item: "Milk", store: "Aldi", price: "1.49")
        #expect(try await u.showItem("Milk").prices.first { $0.store.name == "Aldi" }?.current?.unitPrice.price.description == "1.49 EUR")
    }

    @Test func aChangeDoesNotReadHistory() async throws {
        let (directory, storage, world) = try await stockedDirectory()
        defer { directory.remove() }
        // Damage the history beyond repair: changes to the active state still work.
        try Data("garbage that is not history\n".utf8).write(to: URL(fileURLWithPath: storage.historyPath))
        let u = world.useCases
        _ = try await u.addToCart(cart: "Weekly", items: ["Milk"])
        _ = try await u.startTrip("Weekly")
        _ = try await u.logPurchase(cart: "Weekly", item: "Milk")
        #expect(try await u.showCart("Weekly").cart.progress == (1, 3))
        await #expect(throws: StorageError.self) { try await u.listHistory() }
    }

    @Test func aVersionOneFileIsMigrated() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let fixture = try #require(Bundle.module.path(forResource: "state-v1", ofType: "json", inDirectory: "Fixtures"))
        try FileManager.default.copyItem(atPath: fixture, toPath: directory.path + "/state.json")
        let original = try Data(contentsOf: URL(fileURLWithPath: fixture))
        let storage = FileStorage(directory: directory.path)
        let u = UseCases(storage: storage, clock: FakeClock(), ids: SequentialIdentifiers())
        let milk = try await u.showItem("milk")
        #expect(milk.prices.map(\.store.name) == ["Tesco", "Sainsbury's"])
        #expect(milk.cheapest?.current?.unitPrice.price.description == "1.45 GBP")
        #expect(try await u.showCart("Weekly").cart.lines.first?.quantity == Quantity(2))
        #expect(try await u.showSettings().isSetUp)
        // Reading leaves the old file as it was; the first change writes the current schema.
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory.path + "/state.json")) == original)
        _ = try await u.addStore(name: "Aldi")
        #expect(try storage.load().0.schema == StateRecord.currentSchema)
        #expect(FileManager.default.fileExists(atPath: storage.statePath))
        #expect(!FileManager.default.fileExists(atPath: storage.legacy.statePath))
        _ = try await u.addStore(name: "Lidl")
        #expect(try await u.undoLastChange() == "added store Lidl")
        #expect(try await u.undoLastChange() == "added store Aldi")
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory.path + "/state.json")) == original)
        #expect(!FileManager.default.fileExists(atPath: storage.statePath))
        #expect(try await u.listStores().map(\.name).sorted() == ["Sainsbury's", "Tesco"])
    }

    /// A vault file as version 1 wrote it: no checksum, so every line is checked.
    static func versionOne(_ vault: String) -> String {
        "grock-vault\t1\n" + vault.drop { $0 != "\n" }.dropFirst()
    }

    @Test func aVaultWithoutChecksumIsReadAndRewrittenWithOne() async throws {
        let (directory, storage, world) = try await stockedDirectory()
        defer { directory.remove() }
        let path = storage.path(try #require(try storage.load().0.vault))
        try Self.versionOne(try String(contentsOfFile: path, encoding: .utf8)).write(toFile: path, atomically: false, encoding: .utf8)
        #expect(try await world.useCases.showItem("Milk").prices.count == 2)
        _ = try await world.useCases.addItem(name: "Eggs", category: "Dairy")
        let rewritten = try String(contentsOfFile: storage.path(try #require(try storage.load().0.vault)), encoding: .utf8)
        #expect(rewritten.hasPrefix("grock-vault\t2\t"))
        #expect(rewritten.contains("\tMilk\n") && rewritten.contains("\tEggs\n"))
    }

    /// (what, which file: state, vault or history, how the file is damaged)
    static let damage: [(String, String, @Sendable (String) -> String)] = [
        ("truncated", "state", { String($0.prefix($0.count / 2)) }),
        ("not a state file", "state", { _ in "this is not a state file\n" }),
        ("wrong shape", "state", { $0.replacingOccurrences(of: "\tWeekly\n", with: "\tWeekly\textra\n") }),
        ("missing line", "state", { $0.split(separator: "\n").filter { !$0.hasPrefix("T\t") }.joined(separator: "\n") + "\n" }),
        ("bad amount", "state", { $0.replacingOccurrences(of: "\t3000\t", with: "\t30.00\t") }),
        ("dangling store", "state", { $0.replacingOccurrences(of: "\nS\t", with: "\nS\tx") }),
        ("newer schema", "state", { $0.replacingOccurrences(of: "grock-state\t8", with: "grock-state\t9") }),
        ("negative budget", "state", { $0.replacingOccurrences(of: "\t3000\t", with: "\t-3000\t") }),
        // One RFC 3339 parser (Domain's) for typed times and every file: an offset past 23 hours is no time.
        // (checked with the state's checksum emptied, as for a hand edit, so that the time itself is read)
        ("an impossible time offset", "state", {
            "grock-state\t8\t\n" + $0.drop { $0 != "\n" }.dropFirst().replacingOccurrences(of: "+01:00\t", with: "+25:00\t")
        }),
        ("month 13", "state", {
            "grock-state\t8\t\n" + $0.drop { $0 != "\n" }.dropFirst().replacingOccurrences(of: "\nM\t[0-9]{4}-[0-9]{2}\t",
                with: "\nM\t2026-13\t", options: .regularExpression)
        }),
        // Month totals are looked up by month: a month given twice would be two answers.
        ("a month given twice", "state", {
            "grock-state\t8\t\n" + $0.drop { $0 != "\n" }.dropFirst().replacingOccurrences(of: "\n(M\t[^\n]*)\n", with: "\n$1\n$1\n",
                options: .regularExpression)
        }),
        ("two categories of one name", "state", { $0.replacingOccurrences(of: "\tProduce\n", with: "\tDAIRY\n") }),
        ("a control character in a name", "state", { $0.replacingOccurrences(of: "\tWeekly\n", with: "\tWeek\u{1B}]0;x\u{7}ly\n") }),
        ("next change number behind the undo list", "state", {
            $0.replacingOccurrences(of: "\t1\t[0-9]+\t[0-9a-f]{16}\t", with: "\t1\t3\t0000000000000000\t", options: .regularExpression)
        }),
        ("a changed item id", "vault", { $0.replacingOccurrences(of: "\nI\t0", with: "\nI\t1") }),
        ("negative price in a vault without checksum", "vault",
            { Self.versionOne($0).replacingOccurrences(of: "\t109\t", with: "\t-109\t") }),
        ("two items of one name in a vault without checksum", "vault",
            { Self.versionOne($0).replacingOccurrences(of: "\tBread\n", with: "\tMILK\n") }),
        ("dangling category", "vault", { $0.replacingOccurrences(of: "\t0000000", with: "\tdead000") }),
        ("unknown unit", "vault", { $0.replacingOccurrences(of: "\tkg\t", with: "\tfurlong\t") }),
        ("vault cut off", "vault", { String($0.dropLast(3)) }),
        ("newer vault", "vault", { $0.replacingOccurrences(of: "grock-vault\t2", with: "grock-vault\t7") }),
        ("bad price in a vault without checksum", "vault", { Self.versionOne($0).replacingOccurrences(of: "\t109\t", with: "\t1o9\t") }),
        ("truncated history", "history", { String($0.prefix(40)) }),
        ("unknown history record", "history", { $0.replacingOccurrences(of: "\nC\t", with: "\nQ\t") }),
        ("bad history number", "history", { $0.replacingOccurrences(of: "\t109\t", with: "\t1o9\t") }),
    ]

    @Test(arguments: 0..<damage.count)
    func aDamagedFileIsRefusedAndLeftAsItIs(index: Int) async throws {
        let (name, kind, damage) = Self.damage[index]
        let (directory, storage, world) = try await stockedDirectory()
        defer { directory.remove() }
        let file = try kind == "state" ? "state.tsv" : kind == "history" ? FileStorage.historyFile : #require(try storage.load().0.vault)
        let path = storage.directory + "/" + file
        let original = try String(contentsOfFile: path, encoding: .utf8)
        let damaged = damage(original)
        #expect(damaged != original, "the \(name) damage did not apply")
        try damaged.write(toFile: path, atomically: false, encoding: .utf8)
        let before = directory.snapshot()

        let u = world.useCases
        // Each attempt, with what it needs: every command needs the state; these need items or history.
        let attempts: [(needs: String, run: @Sendable () async throws -> Void)] = [
            ("history", { _ = try await u.listHistory() }),
            ("history", { _ = try await u.reopenCart("Done") }),
            ("state", { _ = try await u.undoLastChange() }),
            ("state", { _ = try await u.addStore(name: "Another") }),
            ("vault", { _ = try await u.showItem("Milk") }),
            ("vault", { _ = try await u.addItem(name: "Eggs", category: "Dairy") }),
        ]
        for attempt in attempts {
            do {
                try await attempt.run()
                #expect(kind != "state" && attempt.needs != kind, "\(name): a command that needs the \(kind) went on")
            } catch {
                let storageError = try #require(error as? StorageError, "\(name): \(error)")
                #expect("\(storageError)".contains(file), "\(name): the message names the file: \(storageError)")
            }
        }
        if kind == "state" {
            #expect(directory.snapshot() == before, "\(name): a refused command changed files")
        } else {
            // Commands that do not need the damaged file go on; it stays as it is.
            #expect(directory.snapshot()["data/" + file] == before["data/" + file], "\(name): the damaged file was changed")
        }
    }

    @Test func newerSchemaSaysToUpgrade() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try Data("{\"schema\": 9}".utf8).write(to: URL(fileURLWithPath: directory.path + "/state.json"))
        let u = UseCases(storage: FileStorage(directory: directory.path), clock: FakeClock(), ids: SequentialIdentifiers())
        await #expect(throws: StorageError.newerVersion(path: directory.path + "/state.json", found: 9, supported: 8)) {
            try await u.listStores()
        }
        try Data("grock-state\t9\nF\t\t\t0\t1\t1\n".utf8).write(to: URL(fileURLWithPath: directory.path + "/state.tsv"))
        await #expect(throws: StorageError.newerVersion(path: directory.path + "/state.tsv", found: 9, supported: 8)) {
            try await u.listStores()
        }
    }

    @Test func anInterruptedAppendIsIgnoredThenReplaced() async throws {
        let (directory, storage, world) = try await stockedDirectory()
        defer { directory.remove() }
        let committed = try Data(contentsOf: URL(fileURLWithPath: storage.historyPath))
        // A crash after appending but before committing leaves bytes past the recorded length.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: storage.historyPath))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("C\tdeadbeef\t\thalf".utf8))
        try handle.close()
        let u = world.useCases
        #expect(try await u.listHistory().count == 1)
        _ = try await u.setPrice(item: "Milk", store: "Aldi", price: "1.11")
        let now = try Data(contentsOf: URL(fileURLWithPath: storage.historyPath))
        #expect(now.prefix(committed.count) == committed)
        #expect(!String(decoding: now, as: UTF8.self).contains("half"))
        #expect(try await u.priceHistory("Milk").entries.count == 4)
    }

    /// The wait for another process's lock suspends rather than blocks, gives up after the
    /// timeout with `busy`, and ends at once when its task is cancelled: nothing is written.
    @Test func aHeldLockMakesTheDirectoryBusyAndItsWaitCanBeCancelled() async throws {
        let (directory, storage, _) = try await stockedDirectory()
        defer { directory.remove() }
        let before = try Data(contentsOf: URL(fileURLWithPath: storage.statePath))
        let held = open(storage.lockPath, O_RDWR)
        #expect(flock(held, LOCK_EX) == 0)
        defer { close(held) }
        let impatient = FileStorage(directory: storage.directory, lockTimeout: .milliseconds(100))
        await #expect(throws: StorageError.busy(path: storage.directory)) {
            try await impatient.write { _ in Change((), summary: "nothing") }
        }
        // Its pauses between tries are told, so that it is cancelled while it waits.
        let (pauses, paused) = AsyncStream.makeStream(of: Void.self)
        let patient = FileStorage(directory: storage.directory, lockTimeout: .seconds(60), lockPause: { wait in
            paused.yield()
            try await Task.sleep(for: wait)
        })
        let waiting = Task { try await patient.write { _ in Change((), summary: "never") } }
        var waits = pauses.makeAsyncIterator()
        await waits.next()
        waiting.cancel()
        // Not `busy`: the wait ended when cancelled, not after its minute.
        await #expect(throws: CancellationError.self) { try await waiting.value }
        flock(held, LOCK_UN)
        #expect(try Data(contentsOf: URL(fileURLWithPath: storage.statePath)) == before)
        #expect(try await impatient.read { try $0.allStores().count } == 2)
    }

    /// A subscriber hears of the changes committed through its storage (with their summaries)
    /// and notices, by looking at the state file, those another process (here another storage
    /// object) commits; a subscription that ends stops the looking.
    @Test func changesAreToldAndNoticedFromElsewhere() async throws {
        let (directory, storage, world) = try await stockedDirectory()
        defer { directory.remove() }
        let watcher = FileStorage(directory: storage.directory, watchInterval: .milliseconds(5))
        let here = UseCases(storage: watcher, clock: world.clock, ids: SequentialIdentifiers())
        var changes = watcher.changes().makeAsyncIterator()
        _ = try await here.setPrice(item: "Milk", store: "Aldi", price: "1.15")
        #expect(await changes.next() == StorageChange(origin: .here, summary: "set the price of Milk at Aldi to 1.15/each"))
        _ = try await world.useCases.addStore(name: "Netto")
        #expect(await changes.next() == StorageChange(origin: .elsewhere, summary: nil))
        _ = try await watcher.undoLastChange()
        #expect(await changes.next() == StorageChange(origin: .here, summary: "undid added store Netto"))
        try await watcher.eraseEverything()
        #expect(await changes.next() == StorageChange(origin: .here, summary: "erased everything"))
    }

    /// Another process's change is told even when this storage commits before the watcher
    /// looks again (its commit replaces the file the watcher would have compared), and this
    /// storage's own commits are never taken for someone else's, however often it looks.
    @Test func noChangeIsMissedOrToldTwice() async throws {
        let (directory, storage, world) = try await stockedDirectory()
        defer { directory.remove() }
        let slow = FileStorage(directory: storage.directory, watchInterval: .seconds(3600))
        var changes = slow.changes().makeAsyncIterator()
        _ = try await world.useCases.addStore(name: "Netto")
        _ = try await UseCases(storage: slow, clock: world.clock, ids: SequentialIdentifiers()).setPrice(item: "Milk", store: "Aldi",
            price: "1.15")
        #expect(await changes.next()?.origin == .elsewhere)
        #expect(await changes.next() == StorageChange(origin: .here, summary: "set the price of Milk at Aldi to 1.15/each"))

        let eager = FileStorage(directory: storage.directory, watchInterval: .milliseconds(1))
        let here = UseCases(storage: eager, clock: world.clock, ids: SequentialIdentifiers())
        var told = eager.changes().makeAsyncIterator()
        for round in 0..<30 {
            _ = try await here.setPrice(item: "Milk", store: "Aldi", price: round.isMultiple(of: 2) ? "1.17" : "1.19")
            #expect(await told.next()?.origin == .here, "round \(round)")
        }
    }

    @Test func undoKeepsAtMostFiftySnapshots() async throws {
        let (directory, storage, world) = try await stockedDirectory()
        defer { directory.remove() }
        for index in 1...60 { _ = try await world.useCases.addCategory(name: "C\(index)") }
        let snapshots = try FileManager.default.contentsOfDirectory(atPath: storage.undoDirectory)
        #expect(snapshots.count == 50)
        #expect(try storage.load().0.undo.entries.count == 50)
    }

    /// After more than fifty changes, an undo restores a state whose oldest entries' snapshots
    /// are gone: it forgets them, and every change it still lists can be undone.
    @Test func undoingPastFiftyChangesForgetsWhatCannotBeUndone() async throws {
        let (directory, storage, world) = try await stockedDirectory()
        defer { directory.remove() }
        for index in 1...60 { _ = try await world.useCases.addCategory(name: "C\(index)") }
        #expect(try await world.useCases.undoLastChange() == "added category C60")
        #expect(try storage.load().0.undo.entries.count == 49)
        let problems = await storage.diagnose().filter(\.isProblem)
        #expect(problems.isEmpty)
        for index in stride(from: 59, through: 11, by: -1) {
            #expect(try await world.useCases.undoLastChange() == "added category C\(index)")
        }
        await #expect(throws: DomainError.nothingToUndo) { try await world.useCases.undoLastChange() }
    }

    @Test func resetRemovesEverything() async throws {
        let (directory, storage, world) = try await stockedDirectory()
        defer { directory.remove() }
        try await world.useCases.resetAllData()
        #expect(!FileManager.default.fileExists(atPath: storage.statePath))
        #expect(!FileManager.default.fileExists(atPath: storage.historyPath))
        #expect(try FileManager.default.contentsOfDirectory(atPath: storage.undoDirectory).isEmpty)
        #expect(try await world.useCases.listStores().isEmpty)
    }

    @Test func readingANewDirectoryCreatesNothing() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let u = UseCases(storage: FileStorage(directory: directory.path + "/new"), clock: FakeClock(), ids: SequentialIdentifiers())
        #expect(try await u.listStores().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/new"))
    }

    @Test func dataDirectoryFollowsFlagThenEnvironment() {
        #expect(DataDirectory.resolve(flag: "/x", environment: ["GROCK_HOME": "/g"]) == "/x")
        #expect(DataDirectory.resolve(flag: nil, environment: ["GROCK_HOME": "/g", "XDG_DATA_HOME": "/d"]) == "/g")
        #expect(DataDirectory.resolve(flag: nil, environment: ["XDG_DATA_HOME": "/d", "HOME": "/h"]) == "/d/grock")
        #expect(DataDirectory.resolve(flag: nil, environment: ["HOME": "/h"]) == "/h/.local/share/grock")
        #expect(DataDirectory.resolve(flag: nil, environment: [:]) == nil)
    }
}

