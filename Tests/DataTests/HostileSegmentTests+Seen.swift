@testable import DataLayer
import Domain
import Foundation
import TestSupport
import Testing

/// A forged snapshot's price saying when it was seen: a start has no stamp to bound `seen` by,
/// so it must say what its record says.
extension HostileSegmentTests {
    /// A forged snapshot of a new device carries a price the phone lacks, seen at the end of time:
    /// it is quarantined, named with its device and file, and the genuine price arriving in the
    /// same exchange and the one set an hour later reach both devices.
    @Test func aForgedStartSeenAtTheEndOfTimeCannotPinAPrice() async throws {
        let home = try await Household.make()
        defer { try? FileManager.default.removeItem(atPath: home.root) }
        let laptop = home.useCases("laptop")
        _ = try await laptop.addStore(name: "Lidl")
        _ = try await laptop.setPrice(item: "Milk", store: "Lidl", price: "2.00")
        _ = try await home.sync("laptop").exchange()
        let held = try await home.backup("laptop")
        let item = try milk(held), lidl = try #require(held.stores.first { $0.name == "Lidl" }).id.rawValue
        let key = SyncKey(.price, item.id.rawValue, lidl)
        let genuine = try #require(try SyncParts.part(key, of: item).payload)
        #expect(genuine.contains("\"price\":200"), "\(genuine)")
        let forged = genuine.replacingOccurrences(of: "\"price\":200", with: "\"price\":5")
        try home.forge("evil", snapshot: true, ["\(key)\t0\t0\ts\(Int64.max)\t\(forged)"])
        let report = try await home.sync("phone").exchange()
        #expect(report.quarantined.contains { $0.hasPrefix("evil/00000000.seg: \(key): its price says it was seen at \(Int64.max)") }, "\(report)")
        func price(_ device: String) async throws -> Int64? {
            try await milk(home.backup(device)).prices.first { $0.store.rawValue == lidl }?.regular?.price.minorUnits
        }
        #expect(try await price("phone") == 200)
        home.clock.advance(3600)
        _ = try await laptop.setPrice(item: "Milk", store: "Lidl", price: "2.50")
        for device in ["laptop", "phone", "laptop"] { _ = try await home.sync(device).exchange() }
        #expect(try await price("laptop") == 250)
        #expect(try await price("phone") == 250)
    }
}
