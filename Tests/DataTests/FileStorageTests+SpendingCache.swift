@testable import DataLayer
import Domain
import Foundation
import TestSupport
import Testing

/// The spending cache beside history: what it answers agrees with history, and it is trusted
/// only under history's seal.
extension FileStorageTests {
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
                let vouched = SpendingCache.read(cachePath, currency: .euro, historyLength: committed.count, seal: sealed, history: nil,
                    item: item)
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
                                                  data: SpendingColumns(currency: .euro, trips: [renamed], lineTrip: data.lineTrip,
                                                      lineItem: data.lineItem,
                                                                     lineName: data.lineName, lineCategory: data.lineCategory,
                                                                         lineStore: data.lineStore,
                                                                     lineUnit: data.lineUnit, lineQuantity: data.lineQuantity,
                                                                         linePrice: data.linePrice,
                                                                     lineCost: data.lineCost, itemIDs: data.itemIDs, names: data.names,
                                                                     categories: data.categories, stores: data.stores),
                                                  manual: manual, historySeal: named)
            try Data(try #require(SpendingCache.encode(contents))).write(to: URL(fileURLWithPath: cachePath))
            let trips = try await storage.read { try $0.spending(of: milk).trips.map(\.name) }
            #expect(trips == [used ? "From the cache" : first.name], "seal \(used)")
            #expect(try await storage.read { try $0.spending().trips.map(\.name) } == [used ? "From the cache" : first.name],
                "seal \(used)")
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
                                              data: SpendingColumns(currency: .euro, trips: [renamed], lineTrip: data.lineTrip,
                                                  lineItem: data.lineItem,
                                                                 lineName: data.lineName, lineCategory: data.lineCategory,
                                                                     lineStore: data.lineStore,
                                                                 lineUnit: data.lineUnit, lineQuantity: data.lineQuantity,
                                                                     linePrice: data.linePrice,
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
}
