@testable import DataLayer
import Domain
import Foundation
import TestSupport
import Testing

/// A completed trip may hold one item on several lines (two rows alike in an imported file, a
/// receipt that repeats a row): each is a purchase, and each reaches every device. The lines of
/// one item on one cart travel as one part (`SyncParts.linePart`), and the cart's order lists
/// the item once per line. The fifteenth review of issue #25 found the second line lost: 40,000
/// imported rows arrived on the other device as 27,000.
@Suite struct RepeatedLineSyncTests {
    typealias Household = HostileSegmentTests.Household

    /// Trips of `rows` rows each, every one buying its first item three times (twice alike,
    /// once at another price) among items bought once.
    static func history(trips: Int, rows: Int) -> [Purchase] {
        (0..<trips).flatMap { trip in
            (0..<rows).map { row in
                let item = row % 5 == 0 ? "Item \(trip % 40)" : "Item \(trip % 40 + row)"
                return Purchase(date: Day(daysSince1970: 20_000 + trip / 10), trip: "Trip \(trip)", store: row % 2 == 0 ? "Aldi" : "Lidl",
                    category: "Pantry",
                                item: item, quantity: .one, unit: .each,
                                    price: Money(minorUnits: Int64(100 + (row == 10 ? 5 : 0)), currency: .euro))
            }
        }
    }

    /// The reviewer's reproduction: a history of 40,500 rows in 2,700 trips, each trip buying
    /// an item three times, imported on the laptop, arrives whole on the phone.
    @Test func anImportedHistoryWithRepeatedRowsArrivesWhole() async throws {
        let house = try await Household.make()
        defer { try? FileManager.default.removeItem(atPath: house.root) }
        let summary = try await house.useCases("laptop").importPurchases(Self.history(trips: 2_700, rows: 15))
        #expect(summary.purchases == 40_500)
        _ = try await house.sync("laptop").exchange()
        let report = try await house.sync("phone").exchange()
        #expect(report.quarantined.isEmpty, "\(report)")

        let laptop = try await house.backup("laptop"), phone = try await house.backup("phone")
        #expect(phone.completedCarts.reduce(0) { $0 + $1.lines.count } == 40_501)
        #expect(phone.completedCarts == laptop.completedCarts)
        #expect(try await house.sync("phone").status().devices.allSatisfy { $0.isThis || $0.applied == $0.segments })
    }

    /// A household started from data that holds such trips: the device joining takes the
    /// start whole (`StartAssembly`); one of them deleted and the deletion undone, a device
    /// that had merged the deletion puts the trip together again from its parts (`Materializer`).
    @Test func aStartHoldingRepeatedLinesIsTakenWholeAndMergedAgain() async throws {
        let house = try Household()
        defer { try? FileManager.default.removeItem(atPath: house.root) }
        try FileManager.default.createDirectory(atPath: house.folder, withIntermediateDirectories: true)
        let laptop = house.useCases("laptop")
        _ = try await laptop.setUpFirstRun()
        _ = try await laptop.importPurchases(Self.history(trips: 30, rows: 12))
        _ = try await house.sync("laptop").start(folder: house.folder, device: "laptop", name: "laptop")
        house.clock.advance(seconds: 60)
        _ = try await house.sync("phone").join(folder: house.folder, device: "phone", name: "phone")
        let held = try await house.backup("laptop")
        #expect(try await house.backup("phone").completedCarts == held.completedCarts)

        let phone = house.useCases("phone")
        house.clock.advance(seconds: 60)
        _ = try await phone.deleteCart("Trip 8")
        _ = try await house.sync("phone").exchange()
        _ = try await house.sync("laptop").exchange()
        #expect(try await house.backup("laptop").completedCarts.contains { $0.name == "Trip 8" } == false)
        house.clock.advance(seconds: 60)
        _ = try await phone.undoLastChange()
        _ = try await house.sync("phone").exchange()
        _ = try await house.sync("laptop").exchange()
        let merged = try await house.backup("laptop").completedCarts
        #expect(merged == held.completedCarts)
        #expect(try await house.backup("phone").completedCarts == held.completedCarts)
        let eight = try #require(merged.first { $0.name == "Trip 8" })
        #expect(eight.lines.count == 12 && Set(eight.lines.map(\.itemID)).count == 10)
    }

    /// Forged but well formed: a part of an item's lines that holds none, or holds another
    /// item's line, is refused alone; one that holds the item twice is taken, and an order that
    /// lists the item more often than the part holds it lists nothing twice.
    @Test func aForgedPartOfSeveralLinesIsCheckedLineByLine() async throws {
        let house = try await Household.make()
        defer { try? FileManager.default.removeItem(atPath: house.root) }
        _ = try await house.useCases("laptop").addItem(name: "Bread", category: "Bakery", price: "2.00", store: "Aldi")
        let before = try await house.backup("laptop")
        let weekly = try #require(before.completedCarts.first { $0.name == "Weekly" })
        let milk = try #require(weekly.lines.first)
        let bread = CartItem(itemID: try #require(before.items.first { $0.name == "Bread" }).id, name: "Bread", categoryName: "Bakery",
            quantity: .one,
                             unit: .each, priceUnit: PriceUnit(.each), plannedStore: nil, plannedPrice: nil, isFulfilled: true,
                                 actualStore: milk.actualStore,
                             actualPrice: milk.actualPrice, purchasedQuantity: nil, isImpulse: false)
        var again = milk
        again.actualPrice = Money(minorUnits: 129, currency: .euro)
        let key = SyncKey(.line, weekly.id.rawValue, milk.itemID.rawValue)
        func line(_ lines: [CartItem], counter: Int) throws -> String {
            "\(key)\t\(house.stamp("evil", counter: counter))\t0\tb\t\(try SyncParts.json(lines.map(CartLineRecord.init)))"
        }
        let id = milk.itemID.rawValue
        try house.forge("evil", [
            try line([], counter: 0),
            try line([milk, bread], counter: 1),
            try line([milk, again], counter: 2),
            "order/\(weekly.id.rawValue)\t\(house.stamp("evil", counter: 3))\t0\t-\t\(try SyncParts.json([id, id, id]))",
        ])
        let report = try await house.sync("phone").exchange()
        #expect(report.quarantined.count == 2, "\(report)")
        #expect(report.quarantined.contains { $0.hasPrefix("evil/00000000.seg: \(key): it holds no line") }, "\(report)")
        #expect(report.quarantined.contains { $0.hasPrefix("evil/00000000.seg: \(key): it is the line of another item") }, "\(report)")
        let arrived = try #require(try await house.backup("phone").completedCarts.first { $0.name == "Weekly" })
        #expect(arrived.lines == [milk, again])
    }
}
