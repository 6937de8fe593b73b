@testable import DataLayer
import Domain
import Foundation
import TestSupport
import Testing

/// The household folder is input: segments forged by a hostile or damaged device, well formed
/// (a right header, count and checksum, built by `forge`), and what a replicator does (conflict
/// copies, an emptied folder). Each case is one finding of issue #22; docs/SYNC.md's faults
/// table says what Grock does with each.
@Suite struct HostileSegmentTests {
    /// Two devices, a laptop and a phone, sharing one folder; the laptop has finished a trip.
    final class Household: @unchecked Sendable {
        let root: String
        let clock = DeviceClock(1_790_000_000)
        var folder: String { root + "/folder" }
        private var cases: [String: UseCases] = [:]
        var household = ""

        init() throws { root = try TemporaryDirectory().path }

        func data(_ device: String) -> String { root + "/" + device }

        func useCases(_ device: String) -> UseCases {
            if let existing = cases[device] { return existing }
            let clock = self.clock
            let made = UseCases(storage: SyncedStorage(FileStorage(directory: data(device)), now: { clock.now().secondsSince1970 * 1000 }),
                                clock: clock, ids: CountingIdentifiers(cases.count))
            cases[device] = made
            return made
        }

        func sync(_ device: String) -> HouseholdSync {
            let clock = self.clock
            // A new id that sorts before the old one: stamps re-sent under it must still count as later.
            return HouseholdSync(directory: data(device), now: { clock.now().secondsSince1970 * 1000 }, newDevice: { "0\(device)" })
        }

        /// The laptop starts the household with Milk at Aldi and a finished trip; the phone joins.
        static func make() async throws -> Household {
            let made = try Household()
            try FileManager.default.createDirectory(atPath: made.folder, withIntermediateDirectories: true)
            let laptop = made.useCases("laptop")
            _ = try await laptop.setUpFirstRun()
            _ = try await laptop.addStore(name: "Aldi")
            _ = try await laptop.addItem(name: "Milk", category: "Dairy", price: "1.09", store: "Aldi")
            _ = try await laptop.createCart(name: "Weekly", items: ["Milk"])
            _ = try await laptop.startTrip("Weekly")
            _ = try await laptop.logPurchase(cart: "Weekly", item: "Milk", price: "1.19", store: "Aldi")
            _ = try await laptop.finishTrip("Weekly")
            _ = try await made.sync("laptop").start(folder: made.folder, device: "laptop", name: "laptop")
            made.clock.advance(60)
            _ = try await made.sync("phone").join(folder: made.folder, device: "phone", name: "phone")
            made.household = try HouseholdFolder(path: made.folder).household()
            return made
        }

        func backup(_ device: String) async throws -> Backup { try await useCases(device).createBackup() }

        /// Copies the phone's data directory to `phonecopy`, syncing through a copy of the folder
        /// (a replicator's other side). - Returns: that folder.
        func copyPhone() throws -> String {
            try FileManager.default.copyItem(atPath: data("phone"), toPath: data("phonecopy"))
            let copyFolder = root + "/copyfolder"
            try FileManager.default.copyItem(atPath: folder, toPath: copyFolder)
            let local = LocalSyncState(directory: data("phonecopy")), setup = try local.setup()
            try local.writeSetup(LocalSyncState.Setup(device: setup.device, folder: copyFolder, name: setup.name, household: setup.household))
            return copyFolder
        }

        /// Writes a segment of `device` as a device would: valid header, count and checksum.
        func forge(_ device: String, number: Int = 0, after: [String: Int] = [:], snapshot: Bool = false, _ lines: [String],
                   file: String? = nil) throws {
            let versions = lines.map { line -> SyncVersion in
                guard let version = SyncVersion(line: Substring(line)) else { fatalError("not a version line: \(line)") }
                return version
            }
            let segment = Segment(household: household, device: device, number: number, after: after, isSnapshot: snapshot, versions: versions)
            let folder = try HouseholdFolder(path: self.folder)
            try folder.makeDirectory(folder.devicePath(device))
            try Data(segment.bytes).write(to: URL(fileURLWithPath: folder.devicePath(device) + "/" + (file ?? Segment.fileName(number))))
        }

        /// Writes a segment file from raw header fields, with the checksum right and the count given.
        func forgeRaw(_ device: String, number: Int = 0, after: String = "-", snapshot: Bool = false, lines: [String] = [], count: String? = nil) throws {
            var text = "\(Segment.header)\nhousehold\t\(household)\ndevice\t\(device)\nnumber\t\(number)\nafter\t\(after)\nsnapshot\t\(snapshot ? 1 : 0)\n"
            for line in lines { text += line + "\n" }
            let content = Array(text.utf8)
            let bytes = content + Array("end\t\(count ?? String(lines.count))\t\(Checksum.hex(of: content))\n".utf8)
            let folder = try HouseholdFolder(path: self.folder)
            try folder.makeDirectory(folder.devicePath(device))
            try Data(bytes).write(to: URL(fileURLWithPath: folder.devicePath(device) + "/" + Segment.fileName(number)))
        }

        /// A stamp of `device` at the household's clock plus `seconds`.
        func stamp(_ device: String, _ seconds: Int64 = 0, counter: Int = 0) -> String {
            "\(HybridTimestamp(milliseconds: (clock.now().secondsSince1970 + seconds) * 1000, counter: Int32(counter), device: device))"
        }
    }

    func milk(_ backup: Backup) throws -> Item { try #require(backup.items.first { $0.name == "Milk" }) }
    func milkID(_ backup: Backup) throws -> String { try milk(backup).id.rawValue }
    func aldiID(_ backup: Backup) throws -> String { try #require(backup.stores.first { $0.name == "Aldi" }).id.rawValue }

    /// Milk's price at Aldi as a segment holds it, at `minorUnits` instead.
    func pricePayload(_ backup: Backup, _ minorUnits: Int64) throws -> String {
        let held = try #require(try SyncParts.part(SyncKey(.price, try milkID(backup), try aldiID(backup)), of: try milk(backup)).payload)
        let paid = try milk(backup).prices[0].regular!.price.minorUnits
        #expect(held.contains("\"price\":\(paid)"), "\(held)")
        return held.replacingOccurrences(of: "\"price\":\(paid)", with: "\"price\":\(minorUnits)")
    }

    /// A store's record as a segment holds it.
    func storePayload(_ backup: Backup, id: String, name: String) throws -> String {
        let aldi = try #require(backup.stores.first { $0.name == "Aldi" })
        return try SyncParts.json(StoreRecord(id: id, name: name, createdAt: StoreRecord(aldi).createdAt, aisleOrder: [], removed: false))
    }

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

    /// Finding 3: two data directories of one device (a copy) both write its segment N; the
    /// replicator keeps one as a conflict copy. Both sides' changes reach every device.
    @Test func aConflictCopyIsReadAndBothSidesChangesArrive() async throws {
        let home = try await Household.make()
        defer { try? FileManager.default.removeItem(atPath: home.root) }
        // The phone's data directory copied; the copy writes in a folder of its own, as a
        // replicator's other side would, then both files meet in the one folder.
        let copyFolder = try home.copyPhone()
        _ = try await home.useCases("phone").addItem(name: "Tea", category: "Dairy", price: "1.99", store: "Aldi")
        _ = try await home.useCases("phonecopy").addItem(name: "Coffee", category: "Dairy", price: "4.29", store: "Aldi")
        _ = try await home.sync("phone").exchange()
        _ = try await home.sync("phonecopy").exchange()
        let segments = try FileManager.default.contentsOfDirectory(atPath: copyFolder + "/devices/phone").filter { $0.hasSuffix(".seg") }.sorted()
        let mine = try #require(segments.last)
        try FileManager.default.copyItem(atPath: copyFolder + "/devices/phone/" + mine,
                                         toPath: home.folder + "/devices/phone/" + mine.dropLast(4) + ".sync-conflict-20261125-101010-ABCDEFG.seg")
        // Both copies become devices of their own; each side's change reaches the laptop and the other.
        let first = try await home.sync("phone").exchange()
        #expect(first.formerDevice == "phone")
        _ = try await home.sync("laptop").exchange()
        let names = Set(try await home.backup("laptop").items.map(\.name))
        #expect(names.isSuperset(of: ["Tea", "Coffee"]), "\(names)")
        #expect(Set(try await home.backup("phone").items.map(\.name)).isSuperset(of: ["Tea", "Coffee"]))
    }

    /// Finding 3 with a replicator that keeps no conflict copies (Syncthing's `maxConflicts` 0):
    /// the copy's segment N replaces this one's; this one sees its segment changed, becomes a
    /// device of its own, merges the copy's and sends its own changes again.
    @Test func aSegmentOverwrittenByACopyIsSentAgain() async throws {
        let home = try await Household.make()
        defer { try? FileManager.default.removeItem(atPath: home.root) }
        let copyFolder = try home.copyPhone()
        _ = try await home.useCases("phone").addItem(name: "Tea", category: "Dairy", price: "1.99", store: "Aldi")
        _ = try await home.useCases("phone").addItem(name: "Juice", category: "Dairy", price: "2.19", store: "Aldi")
        _ = try await home.sync("phone").exchange()
        // The laptop merges the phone's segment before the copy's replaces it.
        _ = try await home.sync("laptop").exchange()
        _ = try await home.useCases("phonecopy").addItem(name: "Coffee", category: "Dairy", price: "4.29", store: "Aldi")
        _ = try await home.sync("phonecopy").exchange()
        let mine = try #require(try FileManager.default.contentsOfDirectory(atPath: copyFolder + "/devices/phone").filter { $0.hasSuffix(".seg") }.max())
        try FileManager.default.removeItem(atPath: home.folder + "/devices/phone/" + mine)
        try FileManager.default.copyItem(atPath: copyFolder + "/devices/phone/" + mine, toPath: home.folder + "/devices/phone/" + mine)
        let report = try await home.sync("phone").exchange()
        #expect(report.formerDevice == "phone", "\(report)")
        for device in ["laptop", "phone", "laptop"] { _ = try await home.sync(device).exchange() }
        for device in ["laptop", "phone"] {
            let names = Set(try await home.backup(device).items.map(\.name))
            #expect(names.isSuperset(of: ["Tea", "Juice", "Coffee"]), "\(device): \(names)")
        }
        #expect(try await home.backup("phone") == home.backup("laptop"))
        // An empty household file (a replicator's) counts as lost: written again, not a stop.
        try Data().write(to: URL(fileURLWithPath: home.folder + "/grock-household"))
        #expect(try await home.sync("laptop").exchange().folderRewritten)
    }

    /// Finding 4: the folder emptied by a replicator: the next sync of a member writes the
    /// household back (same id); another household in its place is refused, never merged.
    @Test func anEmptiedFolderComesBackAndAnotherHouseholdIsRefused() async throws {
        let home = try await Household.make()
        defer { try? FileManager.default.removeItem(atPath: home.root) }
        let household = home.household
        for name in try FileManager.default.contentsOfDirectory(atPath: home.folder) { try FileManager.default.removeItem(atPath: home.folder + "/" + name) }
        let report = try await home.sync("laptop").exchange()
        #expect(report.folderRewritten)
        #expect(try HouseholdFolder(path: home.folder).household() == household)
        _ = try await home.useCases("phone").addItem(name: "Tea", category: "Dairy", price: "1.99", store: "Aldi")
        _ = try await home.sync("phone").exchange()
        _ = try await home.sync("laptop").exchange()
        #expect(try await home.backup("laptop").items.contains { $0.name == "Tea" })
        // A device joining the household written back gets everything.
        _ = try await home.sync("tablet").join(folder: home.folder, device: "tablet", name: "tablet")
        #expect(try await home.backup("tablet") == home.backup("laptop"))
        // Another household where this one was: refused, nothing merged.
        for name in try FileManager.default.contentsOfDirectory(atPath: home.folder) { try FileManager.default.removeItem(atPath: home.folder + "/" + name) }
        try HouseholdFolder(path: home.folder).create(household: "0123456789abcdef", founder: nil)
        await #expect(throws: SyncError.otherHousehold(folder: home.folder, found: "0123456789abcdef", this: household)) {
            try await home.sync("phone").exchange()
        }
    }

    /// Finding 5: an undo of a price, merged everywhere, stays undone, though the price taken
    /// back was seen later than the one put back.
    @Test func anUndoneMergedPriceStaysUndone() async throws {
        let home = try await Household.make()
        defer { try? FileManager.default.removeItem(atPath: home.root) }
        home.clock.advance(2)
        _ = try await home.useCases("phone").setPrice(item: "Milk", store: "Aldi", price: "1.25")
        _ = try await home.sync("phone").exchange()
        _ = try await home.sync("laptop").exchange()
        home.clock.advance(2)
        _ = try await home.useCases("phone").undoLastChange()
        for device in ["phone", "laptop", "phone"] { _ = try await home.sync(device).exchange() }
        for device in ["phone", "laptop"] {
            let milk = try await home.backup(device).items.first { $0.name == "Milk" }
            #expect(milk?.prices.first?.regular?.price.minorUnits == 119, "\(device): \(String(describing: milk?.prices))")
        }
    }

    /// Findings 6 and 7: a stamp far ahead waits (and never pins the clock into unreadable
    /// stamps); a record Grock refuses is quarantined with its file and device, and the rest of
    /// the segment, and every other device's changes, merge.
    @Test func aBadRecordIsRefusedAloneAndAFarFutureStampWaits() async throws {
        let home = try await Household.make()
        defer { try? FileManager.default.removeItem(atPath: home.root) }
        let before = try await home.backup("phone")
        let store = try storePayload(before, id: "s-evil", name: "Evil\u{1B}[31m")
        let good = try storePayload(before, id: "s-good", name: "Lidl")
        let rich = try storePayload(before, id: "s-rich", name: "Rich")
        try home.forge("evil", [
            "store/s-evil\t\(home.stamp("evil"))\t0\t-\t\(store)",
            "store/s-good\t\(home.stamp("evil", counter: 1))\t0\t-\t\(good)",
            "store/s-rich\t\(home.stamp("evil", counter: 2))\t\(home.stamp("evil", 10))\t-\t\(rich)",
        ])
        try home.forge("future", ["store/s-far\t9999999999999999.9999.future\t0\t-\t\(rich.replacingOccurrences(of: "s-rich", with: "s-far"))"])
        let report = try await home.sync("phone").exchange()
        #expect(report.quarantined.count == 2, "\(report)")
        #expect(report.quarantined.contains { $0.hasPrefix("evil/00000000.seg: store/s-evil: its name is one Grock refuses") }, "\(report)")
        #expect(report.quarantined.contains { $0.hasPrefix("evil/00000000.seg: store/s-rich: it replaces a change made after it") }, "\(report)")
        #expect(report.waiting.contains { $0.hasPrefix("future/00000000.seg: it holds a change stamped") }, "\(report)")
        let stores = try await home.backup("phone").stores.map(\.name)
        #expect(stores.contains("Lidl") && !stores.contains("Rich"))
        // The clock was not pinned: a change after it is stamped readably, and sync goes on.
        _ = try await home.useCases("phone").addItem(name: "Tea", category: "Dairy", price: "1.99", store: "Aldi")
        _ = try await home.sync("phone").exchange()
        _ = try await home.sync("laptop").exchange()
        #expect(try await home.backup("laptop").items.contains { $0.name == "Tea" })
        #expect(try await home.sync("phone").status().quarantined.count == 2)
        // `sync status` says which segment waits for the clock (a tester found it silent).
        #expect(try await home.sync("phone").status().waiting.contains { $0.hasPrefix("future/00000000.seg: it holds a change stamped") })
        // `grock doctor` tells what was refused, and an outbox entry that cannot be read is a problem.
        var checks = await home.sync("phone").diagnose()
        #expect(checks.count { $0.subject == "sync (refused from the folder)" } == 2 && !checks.contains(where: \.isProblem), "\(checks)")
        try Data("grock-outbox\t1\nstamp\t9999999999999999.10000.phone\n".utf8).write(to: URL(fileURLWithPath: home.data("phone") + "/sync/outbox/999.tsv"))
        checks = await home.sync("phone").diagnose()
        #expect(checks.contains { $0.isProblem && $0.subject.hasSuffix("outbox/999.tsv") }, "\(checks)")
    }

    /// A forged but well-formed change naming a store with a direction override (which would
    /// reorder every line it is shown on, on every device) or one letter under a page of accents
    /// (800 bytes in one character) is refused alone, named with its device; the rest merges.
    @Test func aNameThatReordersALineOrOutgrowsItsBytesIsRefusedAlone() async throws {
        let home = try await Household.make()
        defer { try? FileManager.default.removeItem(atPath: home.root) }
        let before = try await home.backup("phone")
        let reordering = try storePayload(before, id: "s-rtl", name: "Z\u{202E}evil")
        let heavy = try storePayload(before, id: "s-heavy", name: "a" + String(repeating: "\u{301}", count: 400))
        let good = try storePayload(before, id: "s-good", name: "Zürich 東京 👨‍👩‍👧")
        try home.forge("evil", [
            "store/s-rtl\t\(home.stamp("evil"))\t0\t-\t\(reordering)",
            "store/s-heavy\t\(home.stamp("evil", counter: 1))\t0\t-\t\(heavy)",
            "store/s-good\t\(home.stamp("evil", counter: 2))\t0\t-\t\(good)",
        ])
        let report = try await home.sync("phone").exchange()
        #expect(report.quarantined.count == 2, "\(report)")
        #expect(report.quarantined.contains { $0.hasPrefix("evil/00000000.seg: store/s-rtl: its name is one Grock refuses")
            && $0.contains("it contains \\u{202e}, a direction control") && !$0.contains("\u{202E}") }, "\(report)")
        #expect(report.quarantined.contains { $0.hasPrefix("evil/00000000.seg: store/s-heavy: its name is one Grock refuses")
            && $0.contains("it is longer than 400 bytes of UTF-8") && $0.utf8.count < 400 }, "\(report)")
        let stores = try await home.backup("phone").stores.map(\.name)
        #expect(stores.contains("Zürich 東京 👨‍👩‍👧") && stores.count == before.stores.count + 1, "\(stores)")
    }

    /// An absurd amount (beyond what a person can type) and a price seen long after it was made.
    @Test func absurdAmountsAndSeenDatesAreRefused() async throws {
        let home = try await Household.make()
        defer { try? FileManager.default.removeItem(atPath: home.root) }
        let before = try await home.backup("phone")
        let key = "price/\(try milkID(before))/\(try aldiID(before))"
        try home.forge("evil", [
            "\(key)\t\(home.stamp("evil"))\t0\ts1790000000\t\(try pricePayload(before, 9_000_000_000_000_000_000))",
            "\(key)\t\(home.stamp("evil", counter: 1))\t0\ts9999999999\t\(try pricePayload(before, 5))",
        ])
        let report = try await home.sync("phone").exchange()
        #expect(report.quarantined.count == 2, "\(report)")
        #expect(try await home.backup("phone").items == before.items)
    }

    /// A price at a store no device told of never stops sync: the store is made up (removed),
    /// the same on every device, and the changes after it merge.
    @Test func aPriceAtAStoreNobodyToldOfStopsNothing() async throws {
        let home = try await Household.make()
        defer { try? FileManager.default.removeItem(atPath: home.root) }
        let before = try await home.backup("phone")
        let price = try pricePayload(before, 99).replacingOccurrences(of: try aldiID(before), with: "s-nowhere")
        try home.forge("evil", ["price/\(try milkID(before))/s-nowhere\t\(home.stamp("evil"))\t0\ts1790000000\t\(price)"])
        let report = try await home.sync("phone").exchange()
        #expect(report.quarantined.isEmpty && report.damaged.isEmpty, "\(report)")
        let stores = try await home.backup("phone").stores
        #expect(stores.contains { $0.id.rawValue == "s-nowhere" && $0.isRemoved })
        _ = try await home.useCases("laptop").addItem(name: "Tea", category: "Dairy", price: "1.99", store: "Aldi")
        for device in ["laptop", "phone", "laptop"] { _ = try await home.sync(device).exchange() }
        #expect(try await home.backup("phone") == home.backup("laptop"))
        #expect(try await home.backup("phone").items.contains { $0.name == "Tea" })
    }

    /// What an independent attacker found next (#22's tester): a count near Int.max, a snapshot
    /// claiming segments it does not hold, a tab in `after`, out-of-bound values in a forged
    /// start, a linked `devices`, thousands of versions of one line, a device name with escapes.
    @Test func whatTheAttackerFoundStaysMended() async throws {
        let home = try await Household.make()
        defer { try? FileManager.default.removeItem(atPath: home.root) }
        // A count the file chose: damage, not a crash.
        try home.forgeRaw("evil", count: "9223372036854775807")
        var report = try await home.sync("phone").exchange()
        #expect(report.damaged.contains { $0.hasPrefix("evil/00000000.seg: it holds 0 changes where it says 9223372036854775807") }, "\(report)")
        // A tab in `after`: damage, never carried into the index.
        try home.forgeRaw("tab", after: "x\ty=1", snapshot: true)
        report = try await home.sync("phone").exchange()
        #expect(report.damaged.contains { $0.hasPrefix("tab/00000000.seg: its header cannot be read") }, "\(report)")
        _ = try await home.useCases("phone").addItem(name: "Tea", category: "Dairy", price: "1.99", store: "Aldi")
        _ = try await home.sync("phone").exchange()
        #expect(try await home.sync("phone").status().pending == 0)
        // A snapshot that claims to cover a segment of the phone the laptop has not merged yet.
        let phone = try #require(try LocalSyncState(directory: home.data("phone")).setup().device as String?)
        let last = try #require(HouseholdFolder(path: home.folder).segments(of: phone).last)
        try home.forge("claims", after: [phone: last], snapshot: true, [])
        _ = try await home.sync("laptop").exchange()
        #expect(try await home.backup("laptop").items.contains { $0.name == "Tea" })
        // A forged start cannot bring in amounts, quantities or dates the CLI refuses.
        let before = try await home.backup("laptop")
        let cart = try SyncParts.json(CartRecord(Cart(id: CartID("c-huge"), name: "Huge", budget: Money(minorUnits: .max, currency: before.settings.currency),
                                                  currency: before.settings.currency, createdAt: Timestamp(secondsSince1970: 1_790_000_000))))
        try home.forge("start", snapshot: true, ["cart/c-huge\t0\t0\t-\t\(cart)"])
        report = try await home.sync("laptop").exchange()
        #expect(report.quarantined.contains { $0.hasPrefix("start/00000000.seg: cart/c-huge: its amount") }, "\(report)")
        #expect(!(try await home.backup("laptop").activeCarts.contains { $0.name == "Huge" }))
        // Thousands of versions of one line merge in linear time (the index keeps what can still win).
        let trip = before.completedCarts[0]
        let line = try #require(try SyncParts.part(SyncKey(.line, trip.id.rawValue, trip.lines[0].itemID.rawValue), of: trip).payload)
        let key = "line/\(trip.id.rawValue)/\(trip.lines[0].itemID.rawValue)"
        try home.forge("many", (0..<3000).map { "\(key)\t\(home.stamp("many", Int64($0 / 1000), counter: $0 % 1000))\t0\tb\t\(line)" })
        let start = ContinuousClock.now
        _ = try await home.sync("laptop").exchange()
        #expect(ContinuousClock.now - start < .seconds(30), "3,000 versions of one line took \(ContinuousClock.now - start)")
        let index = try LocalSyncState(directory: home.data("laptop")).index(device: "laptop", committed: .max).0
        #expect((index.versions[SyncKey(.line, trip.id.rawValue, trip.lines[0].itemID.rawValue)]?.count ?? 0) <= 2)
        // A device name with escapes is shown by its id.
        try Data("grock-device\t1\nname\t\"\\u001b[31mEVIL\\nlaptop (this device)\"\n".utf8).write(to: URL(fileURLWithPath: home.folder + "/devices/many/device"))
        let status = try await home.sync("laptop").status()
        #expect(status.devices.first { $0.id == "many" }?.name == "many", "\(status.devices)")
        // A `devices` that is a link elsewhere: refused, nothing written there.
        let outside = home.root + "/outside"
        try FileManager.default.moveItem(atPath: home.folder + "/devices", toPath: outside)
        try FileManager.default.createSymbolicLink(atPath: home.folder + "/devices", withDestinationPath: outside)
        let listed = try FileManager.default.subpathsOfDirectory(atPath: outside).count
        await #expect(throws: SyncError.self) { try await home.sync("laptop").exchange() }
        #expect(try FileManager.default.subpathsOfDirectory(atPath: outside).count == listed)
    }

    /// Finding 6: the clock's counter never passes four digits.
    @Test func theClockCounterStaysReadable() {
        var clock = HybridClock(device: "a", latest: HybridTimestamp(milliseconds: 5, counter: HybridTimestamp.largestCounter, device: "b"))
        let next = clock.tick(now: 1)
        #expect(next == HybridTimestamp(milliseconds: 6, counter: 0, device: "a"))
        #expect(HybridTimestamp(Substring(next.description)) == next)
        #expect(HybridTimestamp("0000000000000005.10000.a") == nil)
    }

    /// Finding 8 and 9: device and household files are read bounded; `/` holds the data directory.
    @Test func hugeDeviceFilesAndTheRootFolderAreRefused() async throws {
        let home = try await Household.make()
        defer { try? FileManager.default.removeItem(atPath: home.root) }
        let path = home.folder + "/devices/laptop/device"
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 3 << 30)
        try handle.close()
        let status = try await home.sync("phone").status()
        #expect(status.devices.first { $0.id == "laptop" }?.name == "laptop")
        // Checked without starting: a household in `/` would be written there.
        #expect(throws: SyncError.self) { try home.sync("phone").check(try HouseholdFolder(path: "/")) }
    }
}
