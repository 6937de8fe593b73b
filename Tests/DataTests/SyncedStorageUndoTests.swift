@testable import DataLayer
import Domain
import Foundation
import TestSupport
import Testing

/// Undo on a device of a household: the change to take back is picked under the lock.
@Suite struct SyncedStorageUndoTests {
    /// Two undos at once (the CLI and `serve`, two storages over one directory) both waiting
    /// for the lock take back two changes, not one change twice. Another process holds the lock
    /// until each undo has found it taken (its first pause between tries), so each would have
    /// picked its change by then if it picked before the lock. Bounded as `SyncSetupRaceTests`'s.
    @Test(.timeLimit(.minutes(5))) func twoUndosAtOnceTakeBackTwoChanges() async throws {
        let home = try await HostileSegmentTests.Household.make()
        defer { try? FileManager.default.removeItem(atPath: home.root) }
        let laptop = home.useCases("laptop")
        func price() async throws -> PriceOption? { try await home.backup("laptop").items.first { $0.name == "Milk" }?.prices.first }
        let before = try await price()
        _ = try await laptop.setPrice(item: "Milk", store: "Aldi", price: "2.00")
        _ = try await laptop.setPrice(item: "Milk", store: "Aldi", price: "3.00")
        let (pauses, paused) = AsyncStream.makeStream(of: String.self)
        let clock = home.clock
        func front(_ name: String) -> UseCases {
            let files = FileStorage(directory: home.data("laptop"), lockPause: { wait in
                paused.yield(name)
                try await Task.sleep(for: wait)
            })
            return UseCases(storage: SyncedStorage(files, now: { clock.now().secondsSince1970 * 1000 }), clock: clock,
                ids: CountingIdentifiers(9))
        }
        let fd = open(home.data("laptop") + "/lock", O_RDWR)
        #expect(fd >= 0)
        defer { close(fd) }
        #expect(flock(fd, LOCK_EX) == 0)
        async let first = front("cli").undoLastChange()
        async let second = front("serve").undoLastChange()
        var waiting = Set<String>()
        for await name in pauses {
            waiting.insert(name)
            if waiting.count == 2 { break }
        }
        #expect(flock(fd, LOCK_UN) == 0)
        let summaries = try await [first, second]
        #expect(summaries.count == 2)
        #expect(try await price() == before, "\(summaries)")
    }

    /// A store added and taken back is removed, here and on every device, as `store remove`
    /// removes one (its record stays, for the trips that name it): an undo that said "undid
    /// added store Lidl" used to leave Lidl in place.
    @Test func anAddedStoreTakenBackIsRemovedEverywhere() async throws {
        let home = try await HostileSegmentTests.Household.make()
        defer { try? FileManager.default.removeItem(atPath: home.root) }
        let laptop = home.useCases("laptop")
        _ = try await laptop.addStore(name: "Corner Shop")
        #expect(try await laptop.listStores().map(\.name).contains("Corner Shop"))
        #expect(try await laptop.undoLastChange() == "added store Corner Shop")
        #expect(!(try await laptop.listStores().map(\.name).contains("Corner Shop")))
        _ = try await home.sync("laptop").exchange()
        _ = try await home.sync("phone").exchange()
        #expect(!(try await home.useCases("phone").listStores().map(\.name).contains("Corner Shop")))
    }

    /// A merge's repair (two items of one name, made on two devices at once, one renamed) is the
    /// household's, not a change of this device's: undo passes over it and takes back the last
    /// change made here.
    @Test func undoPassesOverAMergesRepair() async throws {
        let home = try await HostileSegmentTests.Household.make()
        defer { try? FileManager.default.removeItem(atPath: home.root) }
        let phone = home.useCases("phone")
        _ = try await phone.addItem(name: "Tea", category: "Dairy", price: "1.99", store: "Aldi")
        _ = try await phone.addStore(name: "Lidl")
        _ = try await home.useCases("laptop").addItem(name: "Tea", category: "Dairy", price: "2.49", store: "Aldi")
        _ = try await home.sync("laptop").exchange()
        _ = try await home.sync("phone").exchange()
        let local = LocalSyncState(directory: home.data("phone"))
        let last = try #require(local.outboxNumbers().last.flatMap { try local.outboxEntry($0) })
        #expect(last.kind == .repair, "\(last.summary)")
        let renamed = try await home.backup("phone").items.map(\.name).filter { $0.hasPrefix("Tea") }.sorted()
        #expect(renamed == ["Tea", "Tea (2)"])

        _ = try await phone.undoLastChange()
        let after = try await home.backup("phone")
        #expect(!after.stores.contains { $0.name == "Lidl" && !$0.isRemoved })
        #expect(after.items.map(\.name).filter { $0.hasPrefix("Tea") }.sorted() == renamed)
    }
}
