@testable import DataLayer
import Domain
import Foundation
import TestSupport
import Testing

/// Leaving refuses while changes wait to be sent, and an outbox it cannot look in is not taken
/// for an empty one (23rd review: `FileSystem.names(in:)` said "nothing" of a directory it could
/// not list, so a leave dropped the changes in it).
@Suite struct LeaveTests {
    @Test func anOutboxThatCannotBeListedKeepsTheDeviceFromLeaving() async throws {
        let home = try await HostileSegmentTests.Household.make()
        defer { try? FileManager.default.removeItem(atPath: home.root) }
        _ = try await home.useCases("phone").addItem(name: "Tea", category: "Dairy")
        let local = LocalSyncState(directory: home.data("phone"))
        let moved = home.root + "/outbox-elsewhere"
        try FileManager.default.moveItem(atPath: local.outboxDirectory, toPath: moved)
        try FileManager.default.createSymbolicLink(atPath: local.outboxDirectory, withDestinationPath: moved)
        await #expect(throws: StorageError.self) { try await home.sync("phone").leave() }
        #expect(local.isSetUp, "the device still syncs")
        // Put back, its change is sent as usual.
        try FileManager.default.removeItem(atPath: local.outboxDirectory)
        try FileManager.default.moveItem(atPath: moved, toPath: local.outboxDirectory)
        await #expect(throws: SyncError.unsentChanges(count: 1)) { try await home.sync("phone").leave() }
        _ = try await home.sync("phone").exchange()
        try await home.sync("phone").leave()
        _ = try await home.sync("laptop").exchange()
        #expect(try await home.backup("laptop").items.contains { $0.name == "Tea" })
    }
}
