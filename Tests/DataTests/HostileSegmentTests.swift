@testable import DataLayer
import Domain
import Foundation
import TestSupport
import Testing

/// The household folder is input: segments forged by a hostile or damaged device, well formed
/// (a right header, count and checksum, built by `forge`), and what a replicator does (conflict
/// copies, an emptied folder). Each case is one finding of issue #22; docs/SYNC.md's faults
/// table says what Grock does with each. The household and the forging are here, with what the
/// attacker found next and the bounds on files; forged snapshots, a replicator's doings and
/// forged records are in `HostileSegmentTests+Snapshots`, `+Replicators` and `+Records`.
@Suite struct HostileSegmentTests {
    /// Two devices, a laptop and a phone, sharing one folder; the laptop has finished a trip.
    final class Household: @unchecked Sendable {
        let root: String
        let clock = FakeClock(Timestamp(clamping: 1_790_000_000))
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
            made.clock.advance(seconds: 60)
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
            try local.writeSetup(LocalSyncState.Setup(device: setup.device, folder: copyFolder, name: setup.name,
                household: setup.household))
            return copyFolder
        }

        /// Writes a segment of `device` as a device would: valid header, count and checksum.
        func forge(_ device: String, number: Int = 0, after: [String: Int] = [:], snapshot: Bool = false, _ lines: [String],
                   file: String? = nil) throws {
            let versions = lines.map { line -> SyncVersion in
                guard let version = SyncVersion(line: Substring(line)) else { fatalError("not a version line: \(line)") }
                return version
            }
            let segment = Segment(household: household, device: device, number: number, after: after, isSnapshot: snapshot,
                versions: versions)
            let folder = try HouseholdFolder(path: self.folder)
            try folder.makeDirectory(folder.devicePath(device))
            try Data(segment.encoded.bytes).write(to: URL(fileURLWithPath: folder.devicePath(device) + "/" + (file
                ?? Segment.fileName(number))))
        }

        /// Writes a segment file from raw header fields, with the checksum right and the count given.
        func forgeRaw(_ device: String, number: Int = 0, after: String = "-", snapshot: Bool = false, lines: [String] = [],
            count: String? = nil,
                      format: String = Segment.header) throws {
            var text = "\(format)\nhousehold\t\(household)\ndevice\t\(device)\n"
                + "number\t\(number)\nafter\t\(after)\nsnapshot\t\(snapshot ? 1 : 0)\n"
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

    /// A forged segment of nothing but empty lines, or of more lines than its end line counts,
    /// with the right household, count and checksum (64 MB of empty lines once took 1.15 GB to
    /// index): refused at the first line that cannot be, before the rest is looked at (the
    /// reasons name that line), and named with its device and file.
    @Test func aSegmentOfCountlessLinesIsRefusedAtTheFirstLineThatCannotBe() async throws {
        let home = try await Household.make()
        defer { try? FileManager.default.removeItem(atPath: home.root) }
        try home.forgeRaw("empty", lines: Array(repeating: "", count: 100_000))
        try home.forgeRaw("more", lines: Array(repeating: "x", count: 100_000), count: "2")
        let report = try await home.sync("phone").exchange()
        #expect(report.damaged.contains { $0.hasPrefix("empty/00000000.seg: its line 7 is empty") }, "\(report)")
        #expect(report.damaged.contains { $0.hasPrefix("more/00000000.seg: it holds more than the 2 changes it says") }, "\(report)")
        // Read alone, neither hands a version on.
        let folder = try HouseholdFolder(path: home.folder)
        for device in ["empty", "more"] {
            var handed = 0
            let reading = folder.read(device, file: Segment.fileName(0), number: 0, household: home.household) { _, _ in handed += 1 }
            guard case .damaged = reading else { Issue.record("\(device): \(reading)"); continue }
            #expect(handed == 0, "\(device)")
        }
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
        #expect(report.damaged.contains { $0.hasPrefix("evil/00000000.seg: it holds 0 changes where it says 9223372036854775807") },
            "\(report)")
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
        let cart = try SyncParts.json(CartRecord(Cart(id: CartID("c-huge"), name: "Huge",
            budget: Money(minorUnits: .max, currency: before.settings.currency),
                                                  currency: before.settings.currency, createdAt: Timestamp(clamping: 1_790_000_000))))
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
        try Data("grock-device\t1\nname\t\"\\u001b[31mEVIL\\nlaptop (this device)\"\n".utf8).write(
            to: URL(fileURLWithPath: home.folder + "/devices/many/device"))
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
