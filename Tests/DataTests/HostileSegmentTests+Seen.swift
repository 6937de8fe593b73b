@testable import DataLayer
import Domain
import Foundation
import TestSupport
import Testing

/// A forged snapshot's price saying when it was seen: a start has no stamp to bound `seen` by,
/// so it must say what its record says, and a record seen more than a day ahead of this
/// device's clock waits as a stamp would.
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
        #expect(report.quarantined.contains { $0.hasPrefix("evil/00000000.seg: \(key): its price says it was seen at \(Int64.max)") },
            "\(report)")
        func price(_ device: String) async throws -> Int64? {
            try await milk(home.backup(device)).prices.first { $0.store.rawValue == lidl }?.regular?.price.minorUnits
        }
        #expect(try await price("phone") == 200)
        home.clock.advance(seconds: 3600)
        _ = try await laptop.setPrice(item: "Milk", store: "Lidl", price: "2.50")
        for device in ["laptop", "phone", "laptop"] { _ = try await home.sync(device).exchange() }
        #expect(try await price("laptop") == 250)
        #expect(try await price("phone") == 250)
    }

    /// Milk's price at Lidl (the laptop's store) seen in 2099, as its record and `seen` both say:
    /// - Returns: the version line of a start, its key and the store's id.
    func startPriceSeenIn2099(_ home: Household) async throws -> (line: String, key: SyncKey, lidl: String) {
        let laptop = home.useCases("laptop")
        _ = try await laptop.addStore(name: "Lidl")
        _ = try await laptop.setPrice(item: "Milk", store: "Lidl", price: "2.00")
        _ = try await home.sync("laptop").exchange()
        let held = try await home.backup("laptop")
        var item = try milk(held)
        let lidl = try #require(held.stores.first { $0.name == "Lidl" }).id.rawValue
        let position = try #require(item.prices.firstIndex { $0.store.rawValue == lidl })
        item.prices[position].regular = PriceQuote(price: Money(minorUnits: 5, currency: held.settings.currency),
            observedAt: Timestamp(clamping: 4_070_908_800))
        let key = SyncKey(.price, item.id.rawValue, lidl)
        let part = try SyncParts.part(key, of: item)
        #expect(part.seen == 4_070_908_800)
        return ("\(key)\t0\t0\ts\(try #require(part.seen))\t\(try #require(part.payload))", key, lidl)
    }

    func lidlPrice(_ home: Household, _ device: String, _ lidl: String) async throws -> Int64? {
        try await milk(home.backup(device)).prices.first { $0.store.rawValue == lidl }?.regular?.price.minorUnits
    }

    /// A forged snapshot whose start price is seen in 2099, its record saying so too (within the
    /// 2100 bound on a start's dates): the segment waits, named, rather than pin the price for
    /// good; the price set an hour later reaches both devices.
    @Test func aForgedStartPriceSeenAheadOfTheClockWaits() async throws {
        let home = try await Household.make()
        defer { try? FileManager.default.removeItem(atPath: home.root) }
        let (line, _, lidl) = try await startPriceSeenIn2099(home)
        try home.forge("evil", snapshot: true, [line])
        let report = try await home.sync("phone").exchange()
        #expect(report.waiting.contains { $0.hasPrefix("evil/00000000.seg: it holds a change dated 2099-01-01") }, "\(report)")
        #expect(report.quarantined.isEmpty, "\(report)")
        #expect(try await lidlPrice(home, "phone", lidl) == 200)
        home.clock.advance(seconds: 3600)
        _ = try await home.useCases("laptop").setPrice(item: "Milk", store: "Lidl", price: "2.50")
        for device in ["laptop", "phone", "laptop"] { _ = try await home.sync(device).exchange() }
        #expect(try await lidlPrice(home, "laptop", lidl) == 250)
        #expect(try await lidlPrice(home, "phone", lidl) == 250)
    }

    /// The founder's start, rewritten with its price seen in 2099: a device joining takes no
    /// start (it would keep that price for good) and says why.
    @Test func aJoinWaitsForAStartPriceSeenAheadOfTheClock() async throws {
        let home = try await Household.make()
        defer { try? FileManager.default.removeItem(atPath: home.root) }
        let (line, key, _) = try await startPriceSeenIn2099(home)
        let founder = try LocalSyncState(directory: home.data("laptop")).setup().device
        var lines: [String] = []
        let reading = try HouseholdFolder(path: home.folder).read(founder, file: Segment.fileName(0), number: 0,
            household: home.household) { _, version in
            lines.append(version.line)
        }
        guard case .complete = reading else { Issue.record("\(reading)"); return }
        try home.forge(founder, snapshot: true, lines.filter { !$0.hasPrefix("\(key)\t") } + [line])
        await #expect { try await home.sync("tablet").join(folder: home.folder, device: "tablet", name: "tablet") } throws: { error in
            "\(error)".contains("it holds a change dated 2099-01-01")
        }
    }
}
