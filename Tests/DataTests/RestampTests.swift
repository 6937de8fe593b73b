@testable import DataLayer
import Domain
import Foundation
import TestSupport
import Testing

/// A device whose clock once read days ahead (`grock sync --restamp`, docs/SYNC.md's faults):
/// its changes since are stamped that late and the others wait for them, until it restamps
/// them; and a device whose changes are taken back in its name by someone else sends them again.
@Suite struct RestampTests {
    typealias Household = HostileSegmentTests.Household

    /// The phone's clock reads three days ahead for a price, a trip and a rename, then is set
    /// right; its next change is stamped as late. Restamped, everything reaches the laptop at
    /// once, dated no later than now; and when the laptop's clock passes the wrong stamps, the
    /// changes stamped then do not come back over what was done since.
    @Test func aDeviceWhoseClockRanAheadRestampsAndTheOthersMergeAtOnce() async throws {
        let home = try await Household.make()
        defer { try? FileManager.default.removeItem(atPath: home.root) }
        let phone = home.useCases("phone")
        home.clock.advance(days: 3)
        _ = try await phone.setPrice(item: "Milk", store: "Aldi", price: "1.49")
        _ = try await phone.createCart(name: "Party", items: ["Milk"])
        _ = try await phone.startTrip("Party")
        _ = try await phone.logPurchase(cart: "Party", item: "Milk", price: "1.59", store: "Aldi")
        _ = try await phone.finishTrip("Party")
        _ = try await phone.renameStore("Aldi", to: "Aldi Süd")
        home.clock.advance(days: -3)
        _ = try await phone.addItem(name: "Rice", category: "Dairy")
        let told = try await home.sync("phone").exchange().stampedAhead
        #expect(told == home.clock.now().secondsSince1970 * 1000 + 3 * 86_400_000, "\(String(describing: told))")
        #expect(try await home.sync("laptop").exchange().waiting.contains { $0.contains("it holds a change dated") })
        #expect(try await home.backup("laptop").items.contains { $0.name == "Rice" } == false)

        let report = try await home.sync("phone").restamp()
        #expect(report.why == .restamped(count: 6), "\(report)")
        #expect(report.formerDevice == "phone")
        let laptopReport = try await home.sync("laptop").exchange()
        #expect(laptopReport.waiting.isEmpty && laptopReport.quarantined.isEmpty, "\(laptopReport)")
        let now = home.clock.now().secondsSince1970
        var laptop = try await home.backup("laptop")
        #expect(laptop.items.contains { $0.name == "Rice" })
        #expect(laptop.stores.map(\.name) == ["Aldi Süd"])
        let party = try #require(laptop.completedCarts.first { $0.name == "Party" })
        #expect(try #require(party.completedAt).secondsSince1970 <= now)
        let milk = try milk(laptop)
        #expect(milk.prices[0].regular?.price.minorUnits == 159)
        #expect(try #require(milk.prices[0].regular).observedAt.secondsSince1970 <= now)
        #expect(laptop.observations.allSatisfy { $0.observedAt.secondsSince1970 <= now })
        #expect(try await canonical(home.backup("phone")) == canonical(laptop))
        let status = try await home.sync("laptop").status()
        #expect(status.devices.first { $0.id == "phone" }?.restampedAs == "phone", "\(status)")
        #expect(status.waiting.isEmpty, "\(status)")

        // The phone's clock is right again: its next change is not waited for.
        _ = try await phone.addItem(name: "Tea", category: "Dairy")
        let after = try await home.sync("phone").exchange()
        #expect(after.waiting.isEmpty && after.stampedAhead == nil, "\(after)")
        // The laptop renames the store after the restamp; days later, past the wrong stamps,
        // the phone's old segments (still in the folder) do not bring "Aldi Süd" back.
        home.clock.advance(seconds: 3600)
        _ = try await home.useCases("laptop").renameStore("Aldi Süd", to: "Aldi Nord")
        _ = try await home.sync("laptop").exchange()
        home.clock.advance(days: 4)
        for device in ["phone", "laptop", "phone", "laptop"] { _ = try await home.sync(device).exchange() }
        laptop = try await home.backup("laptop")
        #expect(laptop.items.contains { $0.name == "Tea" })
        #expect(laptop.stores.map(\.name) == ["Aldi Nord"])
        #expect(try await canonical(home.backup("phone")) == canonical(laptop))
        // Nothing is left to restamp.
        await #expect(throws: SyncError.self) { try await home.sync("phone").restamp() }
    }

    /// Asked with nothing stamped ahead, or with a clock that now reads days before a change
    /// merged from another device (set back too far), a restamp is refused and changes nothing.
    @Test func aRestampIsRefusedWithNothingAheadOrAClockBehindTheHousehold() async throws {
        let home = try await Household.make()
        defer { try? FileManager.default.removeItem(atPath: home.root) }
        let folder = try HouseholdFolder(path: home.folder)
        let devices = folder.devices()
        await #expect(throws: SyncError.nothingToRestamp(clock: home.clock.now().secondsSince1970 * 1000)) {
            try await home.sync("phone").restamp()
        }
        home.clock.advance(days: 3)
        _ = try await home.useCases("phone").addItem(name: "Tea", category: "Dairy")
        _ = try await home.useCases("laptop").addItem(name: "Rice", category: "Dairy")
        _ = try await home.sync("laptop").exchange()
        _ = try await home.sync("phone").exchange()
        let rice = home.clock.now().secondsSince1970 * 1000
        home.clock.advance(days: -3)
        await #expect(throws: SyncError.self) { try await home.sync("phone").restamp() }
        do {
            _ = try await home.sync("phone").restamp()
        } catch let error as SyncError {
            guard case .clockBehind(_, let device, let latest) = error else { Issue.record("\(error)"); return }
            #expect(device == "laptop" && latest <= rice)
        }
        #expect(folder.devices() == devices)
        #expect(try LocalSyncState(directory: home.data("phone")).setup().device == "phone")
    }

    /// A `device` file forged to take back a device's changes (or written by a copy of its data
    /// directory that restamped) leaves out only changes stamped more than a day ahead of the
    /// reader's clock: Tea, stamped as the phone's clock read it, is merged all the same, and the
    /// phone goes on under its id. Once the phone's changes are stamped ahead, it sends them again
    /// under a new id at its next exchange: they reach the laptop at once.
    @Test func changesTakenBackInADevicesNameAreLeftOutOnlyWhenStampedAhead() async throws {
        let home = try await Household.make()
        defer { try? FileManager.default.removeItem(atPath: home.root) }
        let before = home.clock.now().secondsSince1970 * 1000
        home.clock.advance(seconds: 60)
        _ = try await home.useCases("phone").addItem(name: "Tea", category: "Dairy")
        _ = try await home.sync("phone").exchange()
        let folder = try HouseholdFolder(path: home.folder)
        try folder.writeDevice("phone", name: "phone", left: true, withdrawal: Withdrawal(successor: "evil", after: before))
        _ = try await home.sync("laptop").exchange()
        #expect(try await home.backup("laptop").items.contains { $0.name == "Tea" })
        let kept = try await home.sync("phone").exchange()
        #expect(kept.why == nil && kept.formerDevice == nil, "\(kept)")

        home.clock.advance(days: 3)
        _ = try await home.useCases("phone").addItem(name: "Rice", category: "Dairy")
        home.clock.advance(days: -3)
        let report = try await home.sync("phone").exchange()
        #expect(report.why == .withdrawn(after: before) && report.formerDevice == "phone" && report.stampedAhead == nil, "\(report)")
        let laptop = try await home.sync("laptop").exchange()
        #expect(laptop.waiting.isEmpty, "\(laptop)")
        #expect(try await home.backup("laptop").items.contains { $0.name == "Rice" })
        #expect(try await canonical(home.backup("phone")) == canonical(home.backup("laptop")))
    }

    func milk(_ backup: Backup) throws -> Item { try #require(backup.items.first { $0.name == "Milk" }) }

    func canonical(_ backup: Backup) throws -> String { String(decoding: try BackupCodec.encode(backup), as: UTF8.self) }
}
