@testable import DataLayer
import Domain
import Foundation
import TestSupport
import Testing

/// A change waiting for the lock while the household is started or joined (26th review): it was
/// told "not syncing" before it took the lock, committed after the start, and reached no outbox:
/// the household never heard of it. Whether the directory syncs is read under the lock now, and
/// the start writes `sync/device.tsv` before it lets the lock go.
@Suite struct SyncSetupRaceTests {
    /// Bounded in case the pauses never come (the wait would be forever) by five minutes, more
    /// than the whole of `swift test` takes: alone it takes 0.2 s, but in a full run on two cores
    /// each of its few dozen suspensions waits its turn among hundreds of tests, and once it was
    /// still running after a minute.
    @Test(.timeLimit(.minutes(5))) func aChangeWaitingForTheLockWhileTheDirectoryStartsSyncingReachesTheOutbox() async throws {
        let home = try await HostileSegmentTests.Household.make()
        defer { try? FileManager.default.removeItem(atPath: home.root) }
        let local = LocalSyncState(directory: home.data("phone"))
        let before = try local.outboxNumbers().count
        let clock = home.clock
        _ = try await Self.whileThePhoneStartsSyncing(home) { storage in
            try await UseCases(storage: storage, clock: clock, ids: CountingIdentifiers(9)).addStore(name: "Netto")
        }
        #expect(try local.outboxNumbers().count == before + 1, "the change is in the outbox")
        _ = try await home.sync("phone").exchange()
        _ = try await home.sync("laptop").exchange()
        #expect(try await home.backup("laptop").stores.contains { $0.name == "Netto" })
    }

    /// The same race for an undo (30th review): one told "not syncing" before it took the lock
    /// put back the state before the last change with no outbox entry, and the household kept
    /// the change for good. Checked again under the lock, it takes the change back through the
    /// outbox.
    @Test(.timeLimit(.minutes(5))) func anUndoWaitingForTheLockWhileTheDirectoryStartsSyncingReachesTheHousehold() async throws {
        let home = try await HostileSegmentTests.Household.make()
        defer { try? FileManager.default.removeItem(atPath: home.root) }
        _ = try await home.useCases("phone").addStore(name: "Netto")
        _ = try await home.sync("phone").exchange()
        _ = try await home.sync("laptop").exchange()
        #expect(try await home.backup("laptop").stores.contains { $0.name == "Netto" })
        let local = LocalSyncState(directory: home.data("phone"))
        let before = try local.outboxNumbers().count
        let undone = try await Self.whileThePhoneStartsSyncing(home) { try await $0.undoLastChange() }
        #expect(undone == "added store Netto")
        #expect(try local.outboxNumbers().count == before + 1, "the undo is in the outbox")
        _ = try await home.sync("phone").exchange()
        _ = try await home.sync("laptop").exchange()
        #expect(try await !home.useCases("laptop").listStores().contains { $0.name == "Netto" })
    }

    /// Runs `work` on the phone's storage as a start holds the lock and has not written the
    /// setup yet: `sync/device.tsv` is gone and the lock held until `work` waits for it; then
    /// the start writes the setup and lets the lock go.
    private static func whileThePhoneStartsSyncing<T: Sendable>(_ home: HostileSegmentTests.Household,
                                                                _ work: @escaping @Sendable (SyncedStorage) async throws -> T) async throws -> T {
        let local = LocalSyncState(directory: home.data("phone"))
        let setup = try Data(contentsOf: URL(fileURLWithPath: local.devicePath))
        try FileManager.default.removeItem(atPath: local.devicePath)
        let fd = open(home.data("phone") + "/lock", O_RDWR)
        #expect(fd >= 0)
        defer { close(fd) }
        #expect(flock(fd, LOCK_EX) == 0)
        let (pauses, paused) = AsyncStream.makeStream(of: Void.self)
        let files = FileStorage(directory: home.data("phone"), lockPause: { wait in
            paused.yield()
            try await Task.sleep(for: wait)
        })
        let clock = home.clock
        let storage = SyncedStorage(files, now: { clock.now().secondsSince1970 * 1000 })
        async let result = work(storage)
        for await _ in pauses { break }
        try setup.write(to: URL(fileURLWithPath: local.devicePath))
        #expect(flock(fd, LOCK_UN) == 0)
        return try await result
    }
}
