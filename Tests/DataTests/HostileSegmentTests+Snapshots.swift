@testable import DataLayer
import Domain
import Foundation
import TestSupport
import Testing

/// Forged snapshots (findings 1 and 2 of issue #22): a start no device made, a snapshot that
/// claims more segments than the folder holds.
extension HostileSegmentTests {
    /// Finding 1: a snapshot of an unknown device stamped as the household's start cannot delete
    /// a completed trip or replace a price a device holds; a device joining later agrees.
    @Test func aForgedStartDeletesNothingAndReplacesNothing() async throws {
        let home = try await Household.make()
        defer { try? FileManager.default.removeItem(atPath: home.root) }
        let before = try await home.backup("phone")
        let trip = before.completedCarts[0].id.rawValue
        let price = try pricePayload(before, 1)
        try home.forge("evil", snapshot: true, ["cart/\(trip)\t0\t0\t-\t-", "price/\(try milkID(before))/\(try aldiID(before))\t0\t0\ts1\t\(price)"])
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
        #expect(report.damaged.contains { $0.hasPrefix("evil/00000000.seg: it says it covers segments of laptop up to 99999999") }, "\(report)")
        _ = try await home.useCases("laptop").addItem(name: "Bread", category: "Bakery", price: "2.29", store: "Aldi")
        _ = try await home.sync("laptop").exchange()
        _ = try await home.sync("phone").exchange()
        #expect(try await home.backup("phone").items.contains { $0.name == "Bread" })
        let status = try await home.sync("phone").status()
        let laptop = try #require(status.devices.first { $0.id == "laptop" })
        #expect(laptop.applied == laptop.segments, "\(status.devices)")
    }
}
