@testable import DataLayer
import Domain
import Foundation
import TestSupport
import Testing

/// Found by an independent attack on `grock sync --restamp` (each test fails today).
@Suite struct RestampAttackTests {
    typealias Household = HostileSegmentTests.Household

    func canonical(_ backup: Backup) throws -> String { String(decoding: try BackupCodec.encode(backup), as: UTF8.self) }

    /// A tablet whose clock read ten years ahead for one exchange merges the phone's changes
    /// stamped then (the phone's clock was as wrong). The phone restamps; the laptop renames the
    /// store after. The tablet keeps the phone's far-stamped name for ten years (the others do
    /// not), its own changes wait for ten years, and its restamp is refused: "more than a day
    /// before a change of device phone" - the device that has restamped.
    @Test func aDeviceThatMergedFarChangesWhileItsOwnClockWasAheadEndsLikeTheOthers() async throws {
        let home = try await Household.make()
        defer { try? FileManager.default.removeItem(atPath: home.root) }
        _ = try await home.sync("tablet").join(folder: home.folder, device: "tablet", name: "tablet")
        home.clock.advance(days: 3650)
        _ = try await home.useCases("phone").renameStore("Aldi", to: "Aldi Future")
        _ = try await home.sync("phone").exchange()
        _ = try await home.sync("tablet").exchange()
        home.clock.advance(days: -3650)
        _ = try await home.sync("phone").restamp()
        _ = try await home.sync("tablet").exchange()
        _ = try await home.sync("laptop").exchange()
        home.clock.advance(seconds: 60)
        _ = try await home.useCases("laptop").renameStore("Aldi Future", to: "Aldi Now")
        _ = try await home.sync("laptop").exchange()
        // The tablet, its clock right now, restamps what it stamped from its wrong clock.
        do { _ = try await home.sync("tablet").restamp() } catch { Issue.record("tablet's restamp refused: \(error)") }
        _ = try await home.useCases("tablet").addStore(name: "Penny")
        for device in ["tablet", "laptop", "phone", "tablet"] { _ = try await home.sync(device).exchange() }
        let laptop = try await home.backup("laptop")
        #expect(laptop.stores.map(\.name).sorted() == ["Aldi Now", "Penny"])
        #expect(try await home.backup("tablet").stores.map(\.name).sorted() == ["Aldi Now", "Penny"])
        #expect(try await canonical(home.backup("tablet")) == canonical(laptop))
    }

    /// `grock sync --restamp` killed in the moment between writing the new id's setup
    /// (`sync/device.tsv`, before the commit) and the commit: the folder already holds the old
    /// id's `restamped` file and the new id's segment. Run again, the restamp is refused ("more
    /// than a day before a change of device OLD", this device's own former id); a plain sync
    /// then takes the data directory for a copy, takes another id and sends the changes with
    /// their far stamps, so the laptop waits for them for a month and the devices disagree.
    @Test func aRestampKilledBeforeItsCommitCanBeRunAgain() async throws {
        let home = try await Household.make()
        defer { try? FileManager.default.removeItem(atPath: home.root) }
        home.clock.advance(days: 30)
        _ = try await home.useCases("phone").setPrice(item: "Milk", store: "Aldi", price: "1.49")
        _ = try await home.useCases("phone").renameStore("Aldi", to: "Aldi Süd")
        _ = try await home.sync("phone").exchange()
        home.clock.advance(days: -30)
        let saved = home.root + "/phone-saved"
        try FileManager.default.copyItem(atPath: home.data("phone"), toPath: saved)
        _ = try await home.sync("phone").restamp()
        // The state a SIGKILL just before the commit leaves: the data directory as before, but
        // the new id's setup written.
        let setup = try Data(contentsOf: URL(fileURLWithPath: home.data("phone") + "/sync/device.tsv"))
        try FileManager.default.removeItem(atPath: home.data("phone"))
        try FileManager.default.moveItem(atPath: saved, toPath: home.data("phone"))
        try setup.write(to: URL(fileURLWithPath: home.data("phone") + "/sync/device.tsv"))

        home.clock.advance(seconds: 60)
        // New ids that are not taken yet (the harness gives "0phone" every time).
        let ids = Counter()
        let phone = HouseholdSync(directory: home.data("phone"), now: { home.clock.now().secondsSince1970 * 1000 },
                                  newDevice: { "1phone\(ids.next())" })
        do { _ = try await phone.restamp() } catch { Issue.record("the restamp run again is refused: \(error)") }
        _ = try await phone.exchange()
        let laptopReport = try await home.sync("laptop").exchange()
        #expect(laptopReport.waiting.isEmpty, "\(laptopReport)")
        #expect(try await phone.exchange().stampedAhead == nil)
        #expect(try await canonical(home.backup("phone")) == canonical(home.backup("laptop")))
    }

    /// A phone that left the household (sold, lost) had sent Tea. Someone with write access to
    /// the folder adds a `restamped` line to its `device` file: the phone never syncs again to
    /// send Tea once more, so a tablet joining since never gets it; the laptop has it. Devices
    /// disagree for good and an acknowledged change is lost to every later device.
    @Test func aForgedWithdrawalOfADeviceThatLeftLosesNothing() async throws {
        let home = try await Household.make()
        defer { try? FileManager.default.removeItem(atPath: home.root) }
        home.clock.advance(seconds: 60)
        _ = try await home.useCases("phone").addItem(name: "Tea", category: "Dairy")
        _ = try await home.sync("phone").exchange()
        _ = try await home.sync("laptop").exchange()
        try await home.sync("phone").leave()
        let folder = try HouseholdFolder(path: home.folder)
        try folder.writeDevice("phone", name: "phone", left: true, withdrawal: Withdrawal(successor: "0123456789abcdef", after: 0))
        _ = try await home.sync("laptop").exchange()
        _ = try await home.sync("tablet").join(folder: home.folder, device: "tablet", name: "tablet")
        #expect(try await home.backup("tablet").items.contains { $0.name == "Tea" })
        #expect(try await canonical(home.backup("tablet")) == canonical(home.backup("laptop")))
    }

    /// The phone buys Bread; the laptop, having seen it bought, unticks it. A forged `restamped`
    /// line makes the phone send its purchase again under a new id whose stamps keep their
    /// times; when that id sorts after the old one, the purchase counts as one the untick never
    /// saw, and Bread is bought again on every device: the laptop's untick is lost.
    @Test func aForgedWithdrawalDoesNotUndoAnUntickMadeAfterThePurchase() async throws {
        let home = try await Household.make()
        defer { try? FileManager.default.removeItem(atPath: home.root) }
        let laptop = home.useCases("laptop"), phone = home.useCases("phone")
        let before = home.clock.now().secondsSince1970 * 1000
        _ = try await laptop.addItem(name: "Bread", category: "Dairy", price: "2.00", store: "Aldi")
        _ = try await laptop.createCart(name: "Saturday", items: ["Bread"])
        _ = try await laptop.startTrip("Saturday")
        _ = try await home.sync("laptop").exchange()
        _ = try await home.sync("phone").exchange()
        home.clock.advance(seconds: 60)
        _ = try await phone.logPurchase(cart: "Saturday", item: "Bread", price: "2.10", store: "Aldi")
        _ = try await home.sync("phone").exchange()
        _ = try await home.sync("laptop").exchange()
        home.clock.advance(seconds: 60)
        _ = try await laptop.unlogPurchase(cart: "Saturday", item: "Bread")
        _ = try await home.sync("laptop").exchange()
        _ = try await home.sync("phone").exchange()
        func bought(_ backup: Backup) -> Bool {
            let cart: Cart? = backup.activeCarts.first { (cart: Cart) -> Bool in cart.name == "Saturday" }
            guard let cart else { return false }
            return cart.lines.contains { (line: CartItem) -> Bool in line.name == "Bread" && line.isFulfilled }
        }
        #expect(try await bought(home.backup("phone")) == false)
        try HouseholdFolder(path: home.folder).writeDevice("phone", name: "phone", left: false,
                                                            withdrawal: Withdrawal(successor: "0123456789abcdef", after: before))
        // The phone's new id sorts after "phone" (a random id does half the time).
        let phoneSync = HouseholdSync(directory: home.data("phone"), now: { home.clock.now().secondsSince1970 * 1000 },
                                      newDevice: { ProcessInfo.processInfo.environment["RESTAMP_ATTACK_ID"] ?? "zphone" })
        _ = try await phoneSync.exchange()
        _ = try await home.sync("laptop").exchange()
        #expect(try await bought(home.backup("laptop")) == false, "the laptop's untick is lost")
        #expect(try await canonical(home.backup("phone")) == canonical(home.backup("laptop")))
    }

    /// The phone's data directory is copied (a backup put back, a new phone) while its changes
    /// are stamped a month ahead. The copy, with a change of its own not sent yet, restamps:
    /// it sends that change under the old id first, then the restamp under a new id. The
    /// original then takes the old id's new segment for a copy's, takes a new id without reading
    /// that its old id's changes were taken back, and sends Tea stamped a month ahead: the
    /// laptop waits for it for a month, the original keeps the far-stamped store, and its own
    /// restamp is refused ("more than a day before a change of device phone", its former id).
    @Test func theOriginalOfACopyThatRestampedWithAChangeOfItsOwnSendsItsChangesAgain() async throws {
        let home = try await Household.make()
        defer { try? FileManager.default.removeItem(atPath: home.root) }
        home.clock.advance(days: 30)
        _ = try await home.useCases("phone").addStore(name: "Penny")
        _ = try await home.sync("phone").exchange()
        home.clock.advance(days: -30)
        try FileManager.default.copyItem(atPath: home.data("phone"), toPath: home.data("phonecopy"))
        let ids = Counter()
        func sync(_ device: String) -> HouseholdSync {
            HouseholdSync(directory: home.data(device), now: { home.clock.now().secondsSince1970 * 1000 },
                          newDevice: { "\(device)\(ids.next())" })
        }
        _ = try await home.useCases("phonecopy").addItem(name: "Rice", category: "Dairy")
        _ = try await home.useCases("phone").addItem(name: "Tea", category: "Dairy")
        _ = try await sync("phonecopy").restamp()
        _ = try await sync("phone").exchange()
        do { _ = try await sync("phone").restamp() } catch SyncError.nothingToRestamp {
        } catch { Issue.record("the original's restamp is refused: \(error)") }
        for device in ["laptop", "phonecopy", "phone", "laptop"] { _ = try await sync(device).exchange() }
        let report = try await sync("laptop").exchange()
        #expect(report.waiting.isEmpty, "\(report)")
        let laptop = try await home.backup("laptop")
        #expect(laptop.items.contains { $0.name == "Tea" } && laptop.items.contains { $0.name == "Rice" })
        #expect(try await canonical(home.backup("phone")) == canonical(laptop))
        #expect(try await canonical(home.backup("phonecopy")) == canonical(laptop))
    }

    /// The phone restamped (its old id's file says "restamped 0phone MS"). Someone with write
    /// access to the folder lowers MS to 1 s after 1970; a tablet joins and reads it: it leaves
    /// out every change of the phone's old id, Tea (made before the clock ran ahead) too. The
    /// phone writes the right file again at its next exchange, but the tablet keeps what it
    /// read first: Tea never reaches it.
    @Test func aForgedEarlierMomentInARestampedDevicesFileLosesNothing() async throws {
        let home = try await Household.make()
        defer { try? FileManager.default.removeItem(atPath: home.root) }
        home.clock.advance(seconds: 60)
        _ = try await home.useCases("phone").addItem(name: "Tea", category: "Dairy")
        _ = try await home.sync("phone").exchange()
        home.clock.advance(days: 30)
        _ = try await home.useCases("phone").addStore(name: "Penny")
        _ = try await home.sync("phone").exchange()
        home.clock.advance(days: -30)
        _ = try await home.sync("phone").restamp()
        _ = try await home.sync("laptop").exchange()
        let folder = try HouseholdFolder(path: home.folder)
        let genuine = try #require(folder.device("phone")?.withdrawal)
        try folder.writeDevice("phone", name: "phone", left: true, withdrawal: Withdrawal(successor: genuine.successor, after: 1000))
        _ = try await home.sync("tablet").join(folder: home.folder, device: "tablet", name: "tablet")
        for device in ["phone", "laptop", "tablet"] { _ = try await home.sync(device).exchange() }
        #expect(folder.device("phone")?.withdrawal == genuine)
        #expect(try await home.backup("tablet").items.contains { $0.name == "Tea" })
        #expect(try await canonical(home.backup("tablet")) == canonical(home.backup("laptop")))
    }

    /// A store added while the phone's clock read ten years ahead keeps "added" ten years on
    /// after the restamp (`grock store list`: "Penny  added 2036-..."): the restamp brings back
    /// the dates of prices, carts and prices seen, not a store's.
    @Test func aStoreAddedAheadIsDatedNoLaterThanTheRestamp() async throws {
        let home = try await Household.make()
        defer { try? FileManager.default.removeItem(atPath: home.root) }
        home.clock.advance(days: 3650)
        _ = try await home.useCases("phone").addStore(name: "Penny")
        home.clock.advance(days: -3650)
        _ = try await home.sync("phone").restamp()
        _ = try await home.sync("laptop").exchange()
        let now = home.clock.now().secondsSince1970
        let penny = try #require(try await home.backup("laptop").stores.first { $0.name == "Penny" })
        #expect(penny.createdAt.secondsSince1970 <= now, "\(penny.createdAt)")
    }
}

/// Hands out 0, 1, 2, ...
final class Counter: @unchecked Sendable {
    private var value = 0
    private let lock = NSLock()
    func next() -> Int { lock.lock(); defer { lock.unlock() }; value += 1; return value }
}
