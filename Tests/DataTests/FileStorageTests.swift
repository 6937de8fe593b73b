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

    /// What `spending()` answers from the cache equals what history says, through new trips
    /// (the cache reads only the new lines), a reopen, an undo that cuts history, and a
    /// damaged or truncated cache.
    @Test func theSpendingCacheAgreesWithHistory() async throws {
        let (directory, storage, world) = try await stockedDirectory()
        defer { directory.remove() }
        let u = world.useCases
        let cachePath = storage.directory + "/" + SpendingCache.file
        func check(_ step: String) async throws {
            let cached = try await storage.read { ((), try $0.spending()) }
            let committed = Array(try Data(contentsOf: URL(fileURLWithPath: storage.historyPath)).prefix(try storage.load().0.historyBytes))
            let direct = try committed.withByteReader(path: "history") { try HistoryCodec.decodeSpending($0, currency: .euro) }
            #expect(cached.1.trips == direct.0.trips && cached.1.lines == direct.0.lines, "\(step)")
            #expect(try await storage.read { try $0.manualObservations(of: nil) } == direct.1, "\(step)")
            #expect(FileManager.default.fileExists(atPath: cachePath), "\(step)")
        }
        try await check("first read")
        try await check("second read")
        _ = try await u.createCart(name: "Second", items: ["Bread", "Bananas"])
        _ = try await u.startTrip("Second")
        _ = try await u.logPurchase(cart: "Second", item: "Bread", price: "2.59")
        _ = try await u.finishTrip("Second")
        try await check("a new trip")
        _ = try await u.reopenCart("Done")
        try await check("reopened")
        _ = try await u.finishTrip("Done")
        try await check("finished again")
        _ = try await u.undoLastChange()
        _ = try await u.undoLastChange()
        try await check("undone")
        try Data("grock-spending-cache\t1\tgarbage\n".utf8).write(to: URL(fileURLWithPath: cachePath))
        try await check("garbage")
        let whole = try Data(contentsOf: URL(fileURLWithPath: cachePath))
        try whole.prefix(whole.count - 20).write(to: URL(fileURLWithPath: cachePath))
        try await check("truncated")
    }

    /// One item read through the cache's index (`prices ITEM`) answers exactly what a full read
    /// of history does, for every item and one that was never bought, through new trips, prices
    /// seen by hand and forgotten, a reopen, a deletion, an undo, and a damaged or cut cache,
    /// which is rebuilt.
    @Test func theSpendingCacheIndexAgreesWithAFullRead() async throws {
        let (directory, storage, world) = try await stockedDirectory()
        defer { directory.remove() }
        let u = world.useCases
        let cachePath = storage.directory + "/" + SpendingCache.file
        func check(_ step: String) async throws {
            let committed = Array(try Data(contentsOf: URL(fileURLWithPath: storage.historyPath)).prefix(try storage.load().0.historyBytes))
            let direct = try committed.withByteReader(path: "history") { try HistoryCodec.decodeSpending($0, currency: .euro) }
            let items = try await storage.read { try $0.allItems().map(\.id) } + [ItemID("never-bought")]
            for item in items {
                let spending = try await storage.read { try $0.spending(of: item) }
                let manual = try await storage.read { try $0.manualObservations(of: item) }
                let expected = direct.0.lines(of: item)
                #expect(spending.trips == expected.trips && spending.lines == expected.lines, "\(step): \(item)")
                #expect(spending.paidObservations(of: item) == direct.0.paidObservations(of: item), "\(step): \(item)")
                #expect(manual == direct.1.filter { $0.item == item }, "\(step): \(item)")
                // The reads above left the cache up to date: its index gives the same answer.
                let indexed = committed.withByteReader(path: "history") {
                    SpendingCache.read(cachePath, currency: .euro, historyLength: committed.count, seal: nil, history: $0, item: item)
                }
                #expect(indexed?.0 == expected && indexed?.1 == manual, "\(step): \(item)")
                let sealed = try storage.load().0.historySeal?.checksum
                let vouched = SpendingCache.read(cachePath, currency: .euro, historyLength: committed.count, seal: sealed, history: nil, item: item)
                #expect(vouched?.0 == expected && vouched?.1 == manual, "\(step): \(item)")
            }
        }
        try await check("first read")
        _ = try await u.createCart(name: "Second", items: ["Bread", "Bananas", "Milk"])
        _ = try await u.startTrip("Second")
        _ = try await u.logPurchase(cart: "Second", item: "Bread", price: "2.59")
        _ = try await u.logPurchase(cart: "Second", item: "Milk", price: "1.15")
        _ = try await u.finishTrip("Second")
        try await check("a new trip")
        world.clock.advance(days: 1)
        _ = try await u.setPrice(item: "Milk", store: "Aldi", price: "10.90")
        _ = try await u.setPrice(item: "Bread", store: "Aldi", price: "2.19")
        try await check("prices seen by hand")
        _ = try await u.forgetPrice(item: "Milk", store: "Aldi")
        try await check("a price forgotten")
        _ = try await u.reopenCart("Done")
        try await check("reopened")
        _ = try await u.finishTrip("Done")
        try await check("finished again")
        _ = try await u.deleteCart("Second")
        try await check("deleted")
        _ = try await u.undoLastChange()
        try await check("undone")
        var bytes = try Data(contentsOf: URL(fileURLWithPath: cachePath))
        bytes[bytes.count / 2] ^= 0x01
        try bytes.write(to: URL(fileURLWithPath: cachePath))
        try await check("damaged")
        #expect(SpendingCache.read(cachePath, currency: .euro) != nil)
        let whole = try Data(contentsOf: URL(fileURLWithPath: cachePath))
        try whole.prefix(whole.count - 20).write(to: URL(fileURLWithPath: cachePath))
        try await check("cut")
        #expect(SpendingCache.read(cachePath, currency: .euro) != nil)
    }

    /// A cache that names the history's seal is used for one item without reading history (seen
    /// through a cache that calls the trip "From the cache"); one that names another seal is
    /// not, even with the right length and checksum, and is rebuilt.
    @Test func theSpendingCacheIsTrustedOnlyUnderTheHistorysSeal() async throws {
        let (directory, storage, _) = try await stockedDirectory()
        defer { directory.remove() }
        let record = try storage.load().0
        let seal = try #require(record.historySeal?.checksum)
        let committed = Array(try Data(contentsOf: URL(fileURLWithPath: storage.historyPath)).prefix(record.historyBytes))
        let (data, manual) = try committed.withByteReader(path: "history") { try HistoryCodec.decodeSpending($0, currency: .euro) }
        let first = try #require(data.trips.first)
        let renamed = TripSummary(cartID: first.cartID, name: "From the cache", completedAt: first.completedAt, budget: first.budget,
                                  planned: first.planned, actual: first.actual, fulfilled: first.fulfilled, lines: first.lines)
        let milk = try #require(try await storage.read { try $0.allItems().first { $0.name == "Milk" }?.id })
        let cachePath = storage.directory + "/" + SpendingCache.file
        for (named, used) in [(seal, true), (seal ^ 1, false)] {
            let contents = SpendingCache.Contents(historyLength: committed.count, historyChecksum: Checksum.value(of: committed),
                                                  data: SpendingColumns(currency: .euro, trips: [renamed], lineTrip: data.lineTrip, lineItem: data.lineItem,
                                                                     lineName: data.lineName, lineCategory: data.lineCategory, lineStore: data.lineStore,
                                                                     lineUnit: data.lineUnit, lineQuantity: data.lineQuantity, linePrice: data.linePrice,
                                                                     lineCost: data.lineCost, itemIDs: data.itemIDs, names: data.names,
                                                                     categories: data.categories, stores: data.stores),
                                                  manual: manual, historySeal: named)
            try Data(try #require(SpendingCache.encode(contents))).write(to: URL(fileURLWithPath: cachePath))
            let trips = try await storage.read { try $0.spending(of: milk).trips.map(\.name) }
            #expect(trips == [used ? "From the cache" : first.name], "seal \(used)")
            #expect(try await storage.read { try $0.spending().trips.map(\.name) } == [used ? "From the cache" : first.name], "seal \(used)")
        }
        #expect(SpendingCache.read(cachePath, currency: .euro)?.historySeal == seal)
    }

    /// A cache made from the start of history is used, and only the lines after it are read:
    /// seen here through a cache that (unlike history) calls the first trip "From the cache".
    @Test func theSpendingCacheReadsOnlyNewLines() async throws {
        let (directory, storage, world) = try await stockedDirectory()
        defer { directory.remove() }
        let committed = Array(try Data(contentsOf: URL(fileURLWithPath: storage.historyPath)).prefix(try storage.load().0.historyBytes))
        let (data, manual) = try committed.withByteReader(path: "history") { try HistoryCodec.decodeSpending($0, currency: .euro) }
        let first = try #require(data.trips.first)
        let renamed = TripSummary(cartID: first.cartID, name: "From the cache", completedAt: first.completedAt, budget: first.budget,
                                  planned: first.planned, actual: first.actual, fulfilled: first.fulfilled, lines: first.lines)
        let contents = SpendingCache.Contents(historyLength: committed.count, historyChecksum: Checksum.value(of: committed),
                                              data: SpendingColumns(currency: .euro, trips: [renamed], lineTrip: data.lineTrip, lineItem: data.lineItem,
                                                                 lineName: data.lineName, lineCategory: data.lineCategory, lineStore: data.lineStore,
                                                                 lineUnit: data.lineUnit, lineQuantity: data.lineQuantity, linePrice: data.linePrice,
                                                                 lineCost: data.lineCost, itemIDs: data.itemIDs, names: data.names,
                                                                 categories: data.categories, stores: data.stores),
                                              manual: manual)
        try Data(try #require(SpendingCache.encode(contents))).write(to: URL(fileURLWithPath: storage.directory + "/" + SpendingCache.file))
        _ = try await world.useCases.createCart(name: "Second", items: ["Bread"])
        _ = try await world.useCases.startTrip("Second")
        _ = try await world.useCases.logPurchase(cart: "Second", item: "Bread")
        _ = try await world.useCases.finishTrip("Second")
        #expect(Set(try await world.useCases.listHistory().map(\.name)) == ["From the cache", "Second"])
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
        #expect(!FileManager.default.fileExists(atPath: storage.legacyStatePath))
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
            "grock-state\t8\t\n" + $0.drop { $0 != "\n" }.dropFirst().replacingOccurrences(of: "\nM\t[0-9]{4}-[0-9]{2}\t", with: "\nM\t2026-13\t", options: .regularExpression)
        }),
        // Month totals are looked up by month: a month given twice would be two answers.
        ("a month given twice", "state", {
            "grock-state\t8\t\n" + $0.drop { $0 != "\n" }.dropFirst().replacingOccurrences(of: "\n(M\t[^\n]*)\n", with: "\n$1\n$1\n", options: .regularExpression)
        }),
        ("two categories of one name", "state", { $0.replacingOccurrences(of: "\tProduce\n", with: "\tDAIRY\n") }),
        ("a control character in a name", "state", { $0.replacingOccurrences(of: "\tWeekly\n", with: "\tWeek\u{1B}]0;x\u{7}ly\n") }),
        ("next change number behind the undo list", "state", {
            $0.replacingOccurrences(of: "\t1\t[0-9]+\t[0-9a-f]{16}\t", with: "\t1\t3\t0000000000000000\t", options: .regularExpression)
        }),
        ("a changed item id", "vault", { $0.replacingOccurrences(of: "\nI\t0", with: "\nI\t1") }),
        ("negative price in a vault without checksum", "vault", { Self.versionOne($0).replacingOccurrences(of: "\t109\t", with: "\t-109\t") }),
        ("two items of one name in a vault without checksum", "vault", { Self.versionOne($0).replacingOccurrences(of: "\tBread\n", with: "\tMILK\n") }),
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
        _ = try await UseCases(storage: slow, clock: world.clock, ids: SequentialIdentifiers()).setPrice(item: "Milk", store: "Aldi", price: "1.15")
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

@Suite struct VaultIndexTests {
    static let lines = "I\ta1\tc1\teach\tMilk\n$\ts1\teach\t109\t2026-03-02T10:00:00+01:00\t\t\t\n"
        + "I\ta2\tc1\tfurlong\tRope\n$\ts1\teach\t99\t2026-03-02T10:00:00+01:00\t\t\t\n"

    /// With a matching checksum only the item lines are looked at; a damaged line is still
    /// found when its item is read, and named by its line number.
    @Test func aTrustedFileIsCheckedWhenRead() throws {
        let index = try VaultIndex(VaultCodec.file(lines: Array(Self.lines.utf8)), path: "vault")
        #expect(index.stores == nil)
        #expect(try index.item(ItemID("a1"), currency: .euro)?.prices.first?.regular?.price.minorUnits == 109)
        #expect(try index.names(withKey: "milk").map(\.id) == [ItemID("a1")])
        #expect(throws: StorageError.unreadable(path: "vault", reason: "line 4: \"furlong\" is not a unit")) {
            try index.item(ItemID("a2"), currency: .euro)
        }
        #expect(throws: StorageError.unreadable(path: "vault", reason: "line 4: \"furlong\" is not a unit")) { try index.names() }
    }

    /// A rewrite copies the unchanged items and writes changed, new and deleted ones where
    /// they belong: the same bytes as encoding the resulting vault whole, and an index that
    /// answers as one read from those bytes does.
    @Test func aRewriteEqualsEncodingTheResult() throws {
        func item(_ id: String, _ name: String, _ category: String = "c1") -> Item {
            Item(id: ItemID(id), name: name, categoryID: CategoryID(category), unit: .each)
        }
        let original = [item("a1", "One", "a-category-id-over-16-bytes"), item("a3", "Three"), item("a5", "Five", "c2"), item("a7", "Seven", "c3")]
        let index = try VaultIndex(VaultCodec.encode(original), path: "vault")
        let changed = [item("a0", "Zero", "c4"), item("a3", "Three again"), item("a4", "Four"), item("a9", "Nine"), item("a5", "Five")]
        let rewritten = index.rewritten(changed: Dictionary(uniqueKeysWithValues: changed.map { ($0.id, $0) }), deleted: [ItemID("a5"), ItemID("a7")],
                                        path: "vault-2")
        let expected = [item("a0", "Zero", "c4"), item("a1", "One", "a-category-id-over-16-bytes"), item("a3", "Three again"), item("a4", "Four"),
                        item("a9", "Nine")]
        #expect(rewritten.bytes == VaultCodec.encode(expected))
        #expect(index.rewritten(changed: [:], deleted: [], path: "vault-2").bytes == VaultCodec.encode(original))

        let read = try VaultIndex(rewritten.bytes, path: "vault-2")
        #expect(try rewritten.names() == read.names())
        #expect(rewritten.categories == read.categories && rewritten.categories == ["a-category-id-over-16-bytes", "c1", "c4"])
        #expect(index.categories == ["a-category-id-over-16-bytes", "c1", "c2", "c3"])
        #expect(rewritten.count == 5 && rewritten.path == "vault-2")
        for item in expected { #expect(try rewritten.item(item.id, currency: .euro) == item) }
        #expect(try rewritten.item(ItemID("a5"), currency: .euro) == nil)
    }

    @Test func aFileWhoseChecksumDoesNotMatchIsRefused() throws {
        var bytes = VaultCodec.file(lines: Array(Self.lines.utf8))
        bytes[20] ^= 1  // a changed byte in the checksum
        #expect { try VaultIndex(bytes, path: "vault") } throws: { "\($0)".contains("vault: it was changed or damaged since Grock wrote it") }
        #expect { try VaultCodec.decode(bytes, currency: .euro, path: "vault") } throws: { "\($0)".contains("its checksum does not match") }
    }

    @Test func aFileWithItsChecksumEmptiedIsCheckedWhole() throws {
        let bytes = Array((VaultCodec.header + "\t\n" + Self.lines).utf8)
        #expect(throws: StorageError.unreadable(path: "vault", reason: "line 4: \"furlong\" is not a unit")) {
            try VaultIndex(bytes, path: "vault")
        }
    }
}

@Suite struct MappingTests {
    @Test func everyEntityRoundTripsThroughItsRecord() throws {
        let mapper = try RecordMapper(settings: SettingsRecord(currency: "EUR", isSetUp: true))
        let time = try #require(Timestamp(rfc3339: "2026-03-02T10:00:00+01:00"))
        let store = Store(id: StoreID("s1"), name: "Aldi", createdAt: time, aisleOrder: [CategoryID("c1")], isRemoved: true)
        #expect(try mapper.store(StoreRecord(store)) == store)
        let category = Category(id: CategoryID("c1"), name: "Dairy", sortOrder: 3)
        #expect(mapper.category(CategoryRecord(category)) == category)
        var item = Item(id: ItemID("i1"), name: "Milk", categoryID: category.id, unit: .l)
        item.record(UnitPrice(Money(minorUnits: 109, currency: .euro), per: .l), at: store.id, on: time, promotionUntil: nil, isPromotion: false)
        item.record(UnitPrice(Money(minorUnits: 89, currency: .euro), per: .l), at: store.id, on: time, promotionUntil: Day(iso: "2026-04-01"),
                    isPromotion: true)
        #expect(try mapper.item(ItemRecord(item)) == item)
        let cart = try Cart.journeyFixture(time: time)
        #expect(try mapper.cart(CartRecord(cart)) == cart)
        let observation = PriceObservation(item: item.id, store: store.id, price: UnitPrice(Money(minorUnits: 5, currency: .euro), per: .g),
                                           observedAt: time, source: .trip(cart.id), isPromotion: true)
        #expect(try mapper.observation(ObservationRecord(observation)) == observation)
    }

    /// Every field of the state file survives a round trip, including text that needs escaping,
    /// absent values, and "months not kept" against "no months yet".
    @Test(arguments: [nil, [MonthRecord(month: "2026-03", total: 12, trips: 2)]])
    func theStateFileRoundTrips(months: [MonthRecord]?) throws {
        let time = try #require(Timestamp(rfc3339: "2026-03-02T10:00:00+01:00"))
        var cart = CartRecord(try Cart.journeyFixture(time: time))
        cart.status = "shopping"
        cart.completedAt = nil
        cart.lines[0].name = "Tab\there, line\nbreak, back\\slash"
        let open = CartRecord(id: "k2", name: "Empty", budget: nil, status: "planning", createdAt: time.description, startedAt: nil,
                              completedAt: nil, lines: [])
        let record = StateRecord(settings: SettingsRecord(currency: "JPY", isSetUp: true),
                                 stores: [StoreRecord(id: "s1", name: "Aldi Süd", createdAt: time.description, aisleOrder: ["c2", "c1"], removed: false),
                                          StoreRecord(id: "s2", name: "Gone", createdAt: time.description, aisleOrder: [], removed: true)],
                                 categories: [CategoryRecord(id: "c1", name: "Dairy", sortOrder: 0), CategoryRecord(id: "c2", name: "\\", sortOrder: -1)],
                                 carts: [cart, open], vault: "vault-9.tsv", history: nil, historyBytes: 0, months: months,
                                 undo: UndoRecord(nextSequence: 10, entries: [UndoEntryRecord(sequence: 9, summary: "did\ta thing", hadState: true, vault: nil)]))
        let bytes = StateCodec.encode(record)
        #expect(try StateCodec.decode(bytes, path: "state.tsv") == record)
        #expect(StateCodec.encode(try StateCodec.decode(bytes, path: "state.tsv")) == bytes)
    }
}

extension Cart {
    static func journeyFixture(time: Timestamp) throws -> Cart {
        var cart = Cart(id: CartID("k1"), name: "Weekly", budget: Money(minorUnits: 5000, currency: .euro), currency: .euro, createdAt: time)
        try cart.add(CartItem(itemID: ItemID("i1"), name: "Milk", categoryName: "Dairy", quantity: Quantity(thousandths: 1500), unit: .l,
                              plannedStore: StoreID("s1"), plannedPrice: Money(minorUnits: 109, currency: .euro)))
        try cart.startTrip(at: time)
        try cart.logPurchase(ItemID("i1"), price: Money(minorUnits: 99, currency: .euro), store: StoreID("s1"), quantity: Quantity(2))
        try cart.addImpulse(CartItem(itemID: ItemID("x1"), name: "Gum", categoryName: nil, quantity: .one, unit: .each, isFulfilled: true,
                                     actualStore: StoreID("s1"), actualPrice: Money(minorUnits: 99, currency: .euro), isImpulse: true))
        try cart.finishTrip(at: time)
        return cart
    }
}

@Suite struct SchemaTwoMigrationTests {
    /// A data directory written by schema 2 (items inside state.json, history as JSON Lines),
    /// holding a completed trip, prices seen by hand and an active cart.
    func fixture() throws -> (TemporaryDirectory, FileStorage, [String: Data]) {
        let directory = try TemporaryDirectory()
        for name in ["state.json", "history.jsonl"] {
            let source = try #require(Bundle.module.path(forResource: name, ofType: nil, inDirectory: "Fixtures/v2"))
            try FileManager.default.copyItem(atPath: source, toPath: directory.path + "/" + name)
        }
        return (directory, FileStorage(directory: directory.path), directory.snapshot())
    }

    @Test func schemaTwoReadsAsItWasAndIsRewrittenByTheNextChange() async throws {
        let (directory, storage, original) = try fixture()
        defer { directory.remove() }
        let clock = FakeClock(Timestamp(rfc3339: "2025-05-04T10:00:00+02:00")!)
        let u = UseCases(storage: storage, clock: clock, ids: SequentialIdentifiers())
        let weekly = try await u.showCart("Weekly").cart
        #expect(weekly.status == .completed)
        #expect(try weekly.actualTotal().amountText == "4.99")   // 1.05 + 1.5 kg × 2.10 + 0.79
        #expect(try await u.listHistory().map(\.name) == ["Weekly"])
        #expect(try await u.priceHistory("Milk").entries.map(\.observation.price.price.amountText) == ["1.09", "0.99", "1.05"])
        #expect(try await u.showCart("Next").cart.lines.map(\.name) == ["Apples"])
        #expect(directory.snapshot().filter { $0.key != "lock" } == original)   // reading changes nothing

        // A change that adds history rewrites it in the current format; undo brings back every byte.
        _ = try await u.reopenCart("Weekly")
        #expect(try storage.load().0.schema == StateRecord.currentSchema)
        #expect(try storage.load().0.history == "history.tsv")
        #expect(try await u.listHistory().isEmpty)
        _ = try await u.finishTrip("Weekly")
        #expect(try await u.listHistory().map(\.name) == ["Weekly"])
        #expect(try await u.priceHistory("Milk").entries.count == 3)
        _ = try await u.undoLastChange()
        _ = try await u.undoLastChange()
        #expect(directory.snapshot()["state.json"] == original["state.json"])
        #expect(directory.snapshot()["state.tsv"] == nil)
        #expect(directory.snapshot()["history.jsonl"] == original["history.jsonl"])
        #expect(try await u.showCart("Weekly").cart == weekly)
    }
}
