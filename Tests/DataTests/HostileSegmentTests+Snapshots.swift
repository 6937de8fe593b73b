@testable import DataLayer
import Domain
import Foundation
import TestSupport
import Testing

/// Forged snapshots (findings 1 and 2 of issue #22): a start no device made, a snapshot that
/// claims more segments than the folder holds; and (eleventh review of #25) one that claims
/// segments of a device whose folder has not reached this side yet.
extension HostileSegmentTests {
    /// Finding 1: a snapshot of an unknown device stamped as the household's start cannot delete
    /// a completed trip or replace a price a device holds; a device joining later agrees.
    @Test func aForgedStartDeletesNothingAndReplacesNothing() async throws {
        let home = try await Household.make()
        defer { try? FileManager.default.removeItem(atPath: home.root) }
        let before = try await home.backup("phone")
        let trip = before.completedCarts[0].id.rawValue
        let price = try pricePayload(before, 1)
        try home.forge("evil", snapshot: true,
            ["cart/\(trip)\t0\t0\t-\t-", "price/\(try milkID(before))/\(try aldiID(before))\t0\t0\ts1\t\(price)"])
        _ = try await home.sync("phone").exchange()
        let after = try await home.backup("phone")
        #expect(after.completedCarts.map(\.id) == before.completedCarts.map(\.id))
        #expect(after.items == before.items)
        // A device joining after the forged segment holds what the others hold.
        _ = try await home.sync("tablet").join(folder: home.folder, device: "tablet", name: "tablet")
        #expect(try await home.backup("tablet") == after)
    }

    /// Finding 2: a snapshot that says it covers segments the folder does not hold is damage; the
    /// device it names keeps arriving.
    @Test func aSnapshotCoveringMoreThanExistsIsDamage() async throws {
        let home = try await Household.make()
        defer { try? FileManager.default.removeItem(atPath: home.root) }
        try home.forge("evil", after: ["laptop": 99_999_999], snapshot: true, [])
        let report = try await home.sync("phone").exchange()
        #expect(report.damaged.contains { $0.hasPrefix("evil/00000000.seg: it says it covers segments of laptop up to 99999999") },
            "\(report)")
        _ = try await home.useCases("laptop").addItem(name: "Bread", category: "Bakery", price: "2.29", store: "Aldi")
        _ = try await home.sync("laptop").exchange()
        _ = try await home.sync("phone").exchange()
        #expect(try await home.backup("phone").items.contains { $0.name == "Bread" })
        let status = try await home.sync("phone").status()
        let laptop = try #require(status.devices.first { $0.id == "laptop" })
        #expect(laptop.applied == laptop.segments, "\(status.devices)")
    }

    /// The tablet joins and sends Tea, then Coffee (its segments 0 and 1); its folder is moved
    /// aside, as a replicator that has not brought it yet. - Returns: where it waits.
    func tabletNotHereYet(_ home: Household) async throws -> (folder: String, arriving: String) {
        _ = try await home.sync("tablet").join(folder: home.folder, device: "tablet", name: "tablet")
        for name in ["Tea", "Coffee"] {
            _ = try await home.useCases("tablet").addItem(name: name, category: "Dairy", price: "2.49", store: "Aldi")
            _ = try await home.sync("tablet").exchange()
        }
        let folder = try HouseholdFolder(path: home.folder).devicePath("tablet")
        #expect(try HouseholdFolder(path: home.folder).segments(of: "tablet") == [0, 1])
        let arriving = home.root + "/tablet-arriving"
        try FileManager.default.moveItem(atPath: folder, toPath: arriving)
        return (folder, arriving)
    }

    func items(_ home: Household, _ device: String) async throws -> Set<String> { Set(try await home.backup(device).items.map(\.name)) }

    func tablet(in status: SyncStatus) throws -> SyncStatus.Device { try #require(status.devices.first { $0.id == "tablet" }) }

    /// Eleventh review: a snapshot whose `after` names a device with no folder here yet (still
    /// being replicated) is applied, but its claim waits for that folder; once it is here, every
    /// segment in it is read. Taken at once, the claim skipped the tablet's segments for good
    /// while `sync status` said they were merged.
    @Test func aSnapshotNamingADeviceNotHereYetSkipsNoneOfItsSegments() async throws {
        let home = try await Household.make()
        defer { try? FileManager.default.removeItem(atPath: home.root) }
        let tablet = try await tabletNotHereYet(home)
        try home.forge("evil", after: ["tablet": 99_999_999], snapshot: true, [])
        _ = try await home.sync("phone").exchange()
        try FileManager.default.moveItem(atPath: tablet.arriving, toPath: tablet.folder)
        _ = try await home.sync("phone").exchange()
        #expect(try await items(home, "phone").isSuperset(of: ["Tea", "Coffee"]))
        let status = try self.tablet(in: try await home.sync("phone").status())
        #expect(status.applied == 2 && status.segments == 2, "\(status)")
    }

    /// A forged snapshot claims the tablet's segments while its folder is not here; then its
    /// folder arrives with its second segment only, and the phone merges: the first is skipped
    /// as covered. - Returns: where the tablet's folder is, and where the first segment waits.
    func tabletSkippedItsFirstSegment(_ home: Household) async throws -> (folder: String, arriving: String) {
        let tablet = try await tabletNotHereYet(home)
        try home.forge("evil", after: ["tablet": 99_999_999], snapshot: true, [])
        _ = try await home.sync("phone").exchange()
        try FileManager.default.createDirectory(atPath: tablet.folder, withIntermediateDirectories: false)
        for file in ["device", Segment.fileName(1)] {
            try FileManager.default.moveItem(atPath: tablet.arriving + "/" + file, toPath: tablet.folder + "/" + file)
        }
        _ = try await home.sync("phone").exchange()
        return tablet
    }

    /// A segment that a snapshot's claim let this device skip because it was not in the folder is
    /// read when it turns up, and until then `sync status` does not count it as merged.
    @Test func aSegmentSkippedAsCoveredIsReadWhenItTurnsUp() async throws {
        let home = try await Household.make()
        defer { try? FileManager.default.removeItem(atPath: home.root) }
        let tablet = try await tabletSkippedItsFirstSegment(home)
        #expect(try await items(home, "phone").contains("Coffee"))
        let partly = try self.tablet(in: try await home.sync("phone").status())
        #expect(partly.applied == 1 && partly.segments == 1, "\(partly)")
        // Then the first: read, though the claim had covered it.
        try FileManager.default.moveItem(atPath: tablet.arriving + "/" + Segment.fileName(0),
            toPath: tablet.folder + "/" + Segment.fileName(0))
        let arrived = try await home.sync("phone").status()
        #expect(arrived.waiting.contains { $0.hasPrefix("tablet/00000000.seg: it turned up after a snapshot said it covered it") },
            "\(arrived)")
        #expect(try self.tablet(in: arrived).applied == 1)
        _ = try await home.sync("phone").exchange()
        #expect(try await items(home, "phone").isSuperset(of: ["Tea", "Coffee"]))
        let status = try self.tablet(in: try await home.sync("phone").status())
        #expect(status.applied == 2 && status.segments == 2, "\(status)")
    }

    /// A skipped segment that turns up with a replicator's conflict copy beside it: each copy is
    /// checked, then read again and merged one at a time, as the next segment's copies are.
    @Test func aSkippedSegmentTurningUpWithAConflictCopyMergesBoth() async throws {
        let home = try await Household.make()
        defer { try? FileManager.default.removeItem(atPath: home.root) }
        let tablet = try await tabletSkippedItsFirstSegment(home)
        // Segment 0 turns up, and beside it another side's copy of it that tells of Lidl.
        try FileManager.default.moveItem(atPath: tablet.arriving + "/" + Segment.fileName(0),
            toPath: tablet.folder + "/" + Segment.fileName(0))
        let lidl = try storePayload(try await home.backup("phone"), id: "s-lidl", name: "Lidl")
        try home.forge("tablet", ["store/s-lidl\t\(home.stamp("tablet", counter: 9))\t0\t-\t\(lidl)"],
                       file: "00000000.sync-conflict-20261125-101010-ABCDEFG.seg")
        let report = try await home.sync("phone").exchange()
        #expect(report.damaged.isEmpty && report.waiting.isEmpty, "\(report)")
        #expect(try await items(home, "phone").isSuperset(of: ["Tea", "Coffee"]))
        #expect(try await home.backup("phone").stores.contains { $0.name == "Lidl" })
        let status = try self.tablet(in: try await home.sync("phone").status())
        #expect(status.applied == 2 && status.segments == 2, "\(status)")
    }
}
