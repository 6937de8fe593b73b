import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// What the household folder can do to `grock sync`: a segment still being copied, a damaged
/// one, a sync killed half way, a device's folder deleted, a device back after months.
@Suite(.serialized) struct SyncFaultTests {


    /// Copies the household files of `from` into `to`, as a replicator would.
    func replicate(_ from: String, _ to: String) throws {
        let manager = FileManager.default
        for path in manager.enumerator(atPath: from)?.compactMap({ $0 as? String }) ?? [] {
            var isDirectory: ObjCBool = false
            _ = manager.fileExists(atPath: from + "/" + path, isDirectory: &isDirectory)
            if isDirectory.boolValue {
                try manager.createDirectory(atPath: to + "/" + path, withIntermediateDirectories: true)
            } else {
                try Data(contentsOf: URL(fileURLWithPath: from + "/" + path)).write(to: URL(fileURLWithPath: to + "/" + path))
            }
        }
    }

    func segments(_ folder: String) throws -> [String] {
        let manager = FileManager.default
        return try manager.contentsOfDirectory(atPath: folder + "/devices").flatMap { device in
            try manager.contentsOfDirectory(atPath: folder + "/devices/" + device).filter { $0.hasSuffix(".seg") }.map {
                "devices/\(device)/\($0)" }
        }.sorted()
    }

    /// Two devices, each with its own copy of the household folder.
    func household() throws -> (laptop: Grock, phone: Grock, laptopFolder: String, phoneFolder: String) {
        let laptop = try Grock(), phone = try Grock()
        let laptopFolder = laptop.home.path + "/household", phoneFolder = phone.home.path + "/household"
        for folder in
            [laptopFolder, phoneFolder] { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        try laptop.stocked()
        try laptop.ok(["sync", "init", laptopFolder, "--name", "laptop"])
        try replicate(laptopFolder, phoneFolder)
        try phone.ok(["sync", "join", phoneFolder, "--name", "phone"])
        return (laptop, phone, laptopFolder, phoneFolder)
    }

    /// Each mistake is one line on stderr with its exit code, and changes nothing.
    @Test func mistakesAreOneLineWithTheirExitCodeAndChangeNothing() throws {
        let laptop = try Grock(), phone = try Grock()
        defer { laptop.home.remove(); phone.home.remove() }
        let folder = laptop.home.path + "/household"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try laptop.stocked()
        func refused(_ grock: Grock, _ arguments: [String], _ code: Int32, _ text: String) throws {
            let result = try grock.run(arguments: arguments)
            #expect(result.status == code, "grock \(arguments): \(result.stderr)")
            #expect(result.stderr.hasPrefix("grock: ") && result.stderr.contains(text) && result.stderr.split(separator: "\n").count == 1,
                    "grock \(arguments): \(result.stderr)")
        }
        try refused(laptop, ["sync"], 1, "does not sync (grock sync init DIR, or grock sync join DIR)")
        try refused(laptop, ["sync", "status"], 1, "does not sync")
        try refused(laptop, ["sync", "init", laptop.home.path + "/missing"], 3, "does not exist")
        try refused(laptop, ["sync", "join", folder], 1, "is not a household's sync folder")
        try laptop.ok(["sync", "init", folder, "--name", "laptop"])
        let before = try laptop.export()
        try refused(laptop, ["sync", "init", folder], 1, "syncs already")
        try refused(laptop, ["reset", "--yes"], 1, "erasing it would tell the others nothing; leave the household first (grock sync leave)")
        try refused(phone, ["sync", "init", folder], 1, "is a household's sync folder already (grock sync join DIR)")
        try phone.stocked()
        try refused(phone, ["sync", "join", folder], 1, "holds data: joining a household needs an empty one")
        try refused(laptop, ["sync", "init", folder, "--name", "bad\u{7}name"], 2,
            "cannot be a device name: it contains control characters")
        #expect(try laptop.export() == before)
        #expect(!FileManager.default.fileExists(atPath: phone.dataDirectory + "/sync"))
        // A change not sent yet keeps the device from leaving (fourth review: `sync leave`
        // deleted it silently); grock sync sends it, after which leaving goes.
        try laptop.ok(["store", "add", "Corner shop"])
        let unsent = try laptop.export()
        try refused(laptop, ["sync", "leave"], 1,
                    "1 change made on this device was not sent to the household yet; nothing was changed: send it first, or leave without "
                        + "it (grock sync, or grock sync leave --discard)")
        #expect(try laptop.ok(["sync", "status"]).contains("Changes waiting to be sent: 1"))
        try laptop.ok(["sync"])
        // Another household's file where this one's was: refused, and the way out told.
        let marker = folder + "/grock-household", own = try String(contentsOfFile: marker, encoding: .utf8)
        try "grock-household\t1\nid\t0123456789abcdef\n".write(toFile: marker, atomically: true, encoding: .utf8)
        try refused(laptop, ["sync"], 1,
            "nothing was merged: leave the household and join it again through its folder (grock sync leave, then grock sync join DIR)")
        try own.write(toFile: marker, atomically: true, encoding: .utf8)
        // Leaving keeps the data and marks the device in the folder.
        try laptop.ok(["sync", "leave"])
        #expect(try laptop.export() == unsent && unsent != before)
        try refused(laptop, ["sync"], 1, "does not sync")
        // --discard leaves with a change unsent, which stays in this device's data.
        let second = laptop.home.path + "/household-2"
        try FileManager.default.createDirectory(atPath: second, withIntermediateDirectories: true)
        try laptop.ok(["sync", "init", second, "--name", "laptop"])
        try laptop.ok(["store", "add", "Kiosk"])
        try laptop.ok(["sync", "leave", "--discard"])
        #expect(try laptop.ok("store list").contains("Kiosk"))
        try refused(laptop, ["sync"], 1, "does not sync")
    }

    /// What an independent tester found: a new device made with `grock init` first, a device
    /// whose folder went, a copied data directory, another household's segment, a huge file, a
    /// folder that is the data directory or has a line break in its path.
    @Test func whatATesterBrokeStaysMended() throws {
        let first = try Grock(), second = try Grock(), copy = try Grock(), late = try Grock()
        defer { [first, second, copy, late].forEach { $0.home.remove() } }
        let folder = first.home.path + "/share"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try first.stocked()
        try first.ok(["sync", "init", folder, "--name", "first"])
        // `grock init` gives categories and a currency: the household's replace them.
        try second.ok("init --currency USD")
        #expect(try second.ok(["sync", "join", folder, "--name", "second"]).contains("its categories and currency are this device's now"))
        try first.ok(["sync"]); try second.ok(["sync"])
        #expect(try second.export() == first.export())
        #expect(!(try second.ok("category list")).contains("(2)"))

        // The second device's folder goes; it goes on numbering where it was, writes its files
        // again, and the first device gets what it says next.
        try second.ok("item add Tea --category Pantry --price 3.10 --store Aldi")
        try second.ok(["sync"]); try first.ok(["sync"])
        let secondID = try deviceID(second)
        try FileManager.default.removeItem(atPath: folder + "/devices/" + secondID)
        try second.ok("item add Cheese --category Dairy --price 4.20 --store Aldi")
        try second.ok(["sync"]); try first.ok(["sync"])
        #expect(try first.ok("item show Cheese").contains("4.20"))
        #expect(FileManager.default.fileExists(atPath: folder + "/devices/\(secondID)/device"))
        try late.ok(["sync", "join", folder, "--name", "late"])
        #expect(try late.export() == first.export())

        // A copy of the second's data directory: the one that syncs later becomes a device of its own.
        try FileManager.default.copyItem(atPath: second.dataDirectory, toPath: copy.dataDirectory)
        try second.ok("item add Juice --category Beverages --price 1.50 --store Aldi")
        try copy.ok("item add Soup --category Pantry --price 2.20 --store Aldi")
        try second.ok(["sync"])
        let result = try copy.run("sync")
        #expect(result.status == 0 && result.stderr.contains("a device of its own now"), "\(result.stderr)")
        #expect(try deviceID(copy) != secondID)
        for _ in 0..<2 { for grock in [first, second, copy, late] { try grock.ok(["sync"]) } }
        #expect(try first.export() == second.export())
        #expect(try first.export() == copy.export())
        #expect(try first.ok("item show Soup").contains("2.20") && first.ok("item show Juice").contains("1.50"))

        // Another household's segment, and a huge file: reported, the rest merged.
        let other = try Grock()
        defer { other.home.remove() }
        try FileManager.default.createDirectory(atPath: other.home.path + "/theirs", withIntermediateDirectories: true)
        try other.stocked()
        try other.ok(["sync", "init", other.home.path + "/theirs", "--name", "other"])
        let otherID = try deviceID(other)
        try FileManager.default.copyItem(atPath: other.home.path + "/theirs/devices/" + otherID, toPath: folder + "/devices/" + otherID)
        try FileManager.default.createDirectory(atPath: folder + "/devices/fedcba9876543210", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: folder + "/devices/fedcba9876543210/00000000.seg", contents: nil)
        let huge = FileHandle(forWritingAtPath: folder + "/devices/fedcba9876543210/00000000.seg")!
        try huge.truncate(atOffset: 3 << 30)
        try huge.close()
        let before = try first.export()
        let report = try first.run("sync")
        #expect(report.status == 0 && report.stderr.contains("another household's") && report.stderr.contains("more than a segment can be"),
            "\(report.stderr)")
        #expect(try first.export() == before)

        // What Grock made in the folder and in sync/ is this user's alone.
        for root in [folder + "/devices/" + secondID, second.dataDirectory + "/sync"] {
            var directory: ObjCBool = false
            for name in [""] + (FileManager.default.subpaths(atPath: root) ?? []) {
                let path = name.isEmpty ? root : root + "/" + name
                guard FileManager.default.fileExists(atPath: path, isDirectory: &directory) else { continue }
                let mode = ((try FileManager.default.attributesOfItem(atPath: path))[.posixPermissions] as? NSNumber)?.intValue ?? 0
                #expect(mode == (directory.boolValue ? 0o700 : 0o600), "\(path): \(String(mode, radix: 8))")
            }
        }

        // Folders Grock cannot keep a household in.
        let fresh = try Grock()
        defer { fresh.home.remove() }
        try fresh.ok("init")
        for bad in [fresh.dataDirectory, fresh.dataDirectory + "/inner", first.home.path + "/a\nb"] {
            try FileManager.default.createDirectory(atPath: bad, withIntermediateDirectories: true)
            let refused = try fresh.run(arguments: ["sync", "init", bad])
            #expect(refused.status == 3 && refused.stderr.split(separator: "\n").count == 1, "\(bad): \(refused.stderr)")
            #expect(!FileManager.default.fileExists(atPath: fresh.dataDirectory + "/sync"))
        }
    }

    func deviceID(_ grock: Grock) throws -> String {
        let text = try String(contentsOfFile: grock.dataDirectory + "/sync/device.tsv", encoding: .utf8)
        return String(text.split(separator: "\n")[1].dropFirst("device\t".count))
    }

    @Test func aSegmentStillArrivingIsWaitedForAndADamagedOneIsReportedNotApplied() throws {
        let (laptop, phone, laptopFolder, phoneFolder) = try household()
        defer { laptop.home.remove(); phone.home.remove() }
        try laptop.ok("item add Tea --category Pantry --price 3.10 --store Aldi")
        try laptop.ok(["sync"])
        let new = try segments(laptopFolder).filter { !FileManager.default.fileExists(atPath: phoneFolder + "/" + $0) }
        #expect(new.count == 1)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: laptopFolder + "/" + new[0]))
        let before = try phone.export()

        // Half copied: waited for, nothing applied.
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: phoneFolder + "/" + new[0]))
        var result = try phone.run("sync")
        #expect(result.status == 0 && result.stderr.contains("still arriving"), "\(result.stderr)")
        #expect(try phone.export() == before)

        // Whole but damaged (one byte changed): reported, not applied, and the status says so.
        var damaged = bytes
        let middle = damaged.index(damaged.startIndex, offsetBy: damaged.count / 2)
        damaged[middle] = damaged[middle] == 0x41 ? 0x42 : 0x41
        try damaged.write(to: URL(fileURLWithPath: phoneFolder + "/" + new[0]))
        result = try phone.run("sync")
        #expect(result.status == 0 && result.stderr.contains("damaged, not applied"), "\(result.stderr)")
        #expect(try phone.export() == before)
        #expect(try phone.ok(["sync", "status"]).contains("Damaged: "))

        // Planted links and broken encodings: a segment that is a link (to a good copy, even)
        // is not followed; one with bytes that are not UTF-8 in its header is damaged.
        let elsewhere = phone.home.path + "/elsewhere.seg"
        try bytes.write(to: URL(fileURLWithPath: elsewhere))
        try FileManager.default.removeItem(atPath: phoneFolder + "/" + new[0])
        try FileManager.default.createSymbolicLink(atPath: phoneFolder + "/" + new[0], withDestinationPath: elsewhere)
        result = try phone.run("sync")
        #expect(result.status == 0 && result.stderr.contains("symbolic link"), "\(result.stderr)")
        #expect(try phone.export() == before)
        try FileManager.default.removeItem(atPath: phoneFolder + "/" + new[0])
        var latin = Array(bytes.prefix { $0 != 0x0A }) + [0x0A]
        latin += Array("household\t\u{FF}\n".utf8).map { $0 == 0xC3 ? 0xFF : $0 }.filter { $0 != 0xBF }
        latin += Array("end\t0\t".utf8) + Array(String(format: "%016llx", 0).utf8) + [0x0A]
        try Data(latin).write(to: URL(fileURLWithPath: phoneFolder + "/" + new[0]))
        result = try phone.run("sync")
        #expect(result.status == 0 && result.stderr.contains("damaged, not applied"), "\(result.stderr)")
        #expect(try phone.export() == before)

        // The replicator brings the right bytes: applied.
        try bytes.write(to: URL(fileURLWithPath: phoneFolder + "/" + new[0]))
        #expect(try phone.ok(["sync"]).contains("received"))
        #expect(try phone.ok("item show Tea").contains("3.10"))
        #expect(try phone.export() == laptop.export())
    }

    @Test func aSyncKilledAtAnyMomentLeavesDataThatTheNextSyncCompletes() throws {
        let (laptop, phone, laptopFolder, phoneFolder) = try household()
        defer { laptop.home.remove(); phone.home.remove() }
        for number in 1...40 { try laptop.ok("item add Item\(number) --category Pantry --price 1.\(10 + number) --store Aldi") }
        try laptop.ok("trip start Weekly")
        try laptop.ok("trip log Weekly Milk --price 1.05 --store Aldi")
        try laptop.ok(["sync"])
        try replicate(laptopFolder, phoneFolder)
        let expected = try laptop.export()
        let base = phone.home.path
        for (round, delay) in [0, 1_000, 3_000, 6_000, 10_000, 20_000, 40_000].enumerated() {
            // A copy of the phone as it was, its sync killed after `delay` microseconds.
            let copy = base + "/copy\(round)"
            try FileManager.default.copyItem(atPath: phone.dataDirectory, toPath: copy)
            let process = Process()
            process.executableURL = Grock.executable
            process.arguments = ["--data-dir", copy, "sync"]
            process.environment = phone.environment
            process.standardOutput = Pipe()
            process.standardError = Pipe()
            try process.run()
            // A fixed moment, not a condition: when the kill lands is what the test varies.
            usleep(useconds_t(delay))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            for arguments in [["sync"], ["doctor"]] {
                let result = try phone.run(arguments: ["--data-dir", copy] + arguments)
                #expect(result.status == 0, "round \(round), grock \(arguments): \(result.stderr)")
            }
            let after = try phone.run(arguments: ["--data-dir", copy, "--json", "export", "--format", "json"])
            #expect(after.stdout == expected, "round \(round): the killed sync's copy differs after a new sync")
        }
    }

    @Test func aDevicesFolderDeletedLivesOnInAnotherDevicesSnapshot() throws {
        // One folder for all (a network share).
        let first = try Grock(), second = try Grock(), third = try Grock(), late = try Grock()
        defer { [first, second, third, late].forEach { $0.home.remove() } }
        let folder = first.home.path + "/share"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try first.stocked()
        try first.ok(["sync", "init", folder, "--name", "first"])
        try second.ok(["sync", "join", folder, "--name", "second"])
        try third.ok(["sync", "join", folder, "--name", "third"])
        try third.ok("item add Tea --category Pantry --price 3.10 --store Aldi")
        try third.ok(["sync"])
        try first.ok(["sync"])
        try second.ok(["sync"])
        // The third device's folder goes (deleted by hand, or by a replicator).
        let thirdID = try FileManager.default.contentsOfDirectory(atPath: folder + "/devices").first { id in
            (try? String(contentsOfFile: folder + "/devices/\(id)/device", encoding: .utf8))?.contains("\"third\"") == true
        }!
        try FileManager.default.removeItem(atPath: folder + "/devices/" + thirdID)
        try second.ok(["sync"])
        try late.ok(["sync", "join", folder, "--name", "late"])
        #expect(try late.ok("item show Tea").contains("3.10"))
        #expect(try late.export() == second.export())
        try first.ok(["sync"])
        #expect(try first.export() == second.export())
    }

    @Test func aDeviceBackAfterMonthsCatchesUpAndKeepsWhatItDidMeanwhile() throws {
        let (laptop, phone, laptopFolder, phoneFolder) = try household()
        defer { laptop.home.remove(); phone.home.remove() }
        // Months of changes on the laptop; the phone is away, its clock two months behind at first.
        for month in 4...9 {
            let now = "2026-0\(month)-15T10:00:00+02:00"
            try laptop.ok(["item", "price", "Milk", "--store", "Aldi", "--price", "1.\(month)0"], now: now)
            try laptop.ok(["cart", "new", "Month \(month)"], now: now)
            try laptop.ok(["sync"], now: now)
        }
        try phone.ok(["item", "add", "Oats", "--category", "Pantry", "--price", "0.99", "--store", "Lidl"],
            now: "2026-07-01T10:00:00+02:00")
        try phone.ok(["item", "price", "Bread", "--store", "Lidl", "--price", "2.59"], now: "2026-07-01T10:00:00+02:00")
        try replicate(laptopFolder, phoneFolder)
        // Its clock behind by more than a day: what it made goes out, the laptop's later segments
        // wait (a stamp that far ahead could be forged) and say so, until its clock is set right.
        let behind = try phone.run(arguments: ["sync"], extra: ["GROCK_NOW": "2026-07-01T11:00:00+02:00"])
        #expect(behind.status == 0 && behind.stderr.contains("more than a day ahead of this device's clock"), "\(behind.stderr)")
        try replicate(phoneFolder, laptopFolder)
        try laptop.ok(["sync"], now: "2026-09-15T12:00:00+02:00")
        try phone.ok(["sync"], now: "2026-09-15T12:30:00+02:00")
        try replicate(phoneFolder, laptopFolder)
        try laptop.ok(["sync"], now: "2026-09-15T12:40:00+02:00")
        #expect(try phone.export() == laptop.export())
        let carts = try phone.ok("cart list")
        #expect(carts.contains("Month 4") && carts.contains("Month 9"), "\(carts)")
        #expect(try laptop.ok("item show Oats").contains("0.99"))
        // The newest price seen wins whenever it arrived: September's milk, July's bread.
        #expect(try phone.ok("item show Milk").contains("1.90"))
        #expect(try laptop.ok("item show Bread").contains("2.59"))
    }

    /// The phone's clock reads three days ahead for one purchase, then is set right: its
    /// changes since wait on the laptop, and each `grock sync` on the phone says so. Once
    /// restamped (`grock sync --restamp`) they reach the laptop at once, dated now; a second
    /// restamp has nothing to do (exit 1, one line, nothing changed).
    @Test func aDeviceWhoseClockRanAheadRestampsItsChanges() throws {
        let (laptop, phone, laptopFolder, phoneFolder) = try household()
        defer { laptop.home.remove(); phone.home.remove() }
        let ahead = "2026-11-24T10:00:00+01:00", right = "2026-11-21T12:00:00+01:00"
        try phone.ok(["item", "price", "Milk", "--store", "Aldi", "--price", "1.59"], now: ahead)
        try phone.ok(["item", "add", "Oats", "--category", "Pantry"], now: right)
        let told = try phone.run(arguments: ["sync"], extra: ["GROCK_NOW": right])
        #expect(told.status == 0 && told.stderr.contains("grock: waiting: this device's changes are stamped 2026-11-24T09:00:00+00:00, "
            + "more than a day ahead of its clock") && told.stderr.contains("grock sync --restamp"), "\(told.stderr)")
        try replicate(phoneFolder, laptopFolder)
        let waiting = try laptop.run(arguments: ["sync"], extra: ["GROCK_NOW": right])
        #expect(waiting.stderr.contains("more than a day ahead of this device's clock"), "\(waiting.stderr)")
        #expect(try !laptop.ok(["item", "list"], now: right).contains("Oats"))

        let restamped = try phone.ok(["sync", "--restamp"], now: right)
        #expect(restamped.contains("Restamped 2 changes made while this device's clock read ahead"), "\(restamped)")
        try replicate(phoneFolder, laptopFolder)
        let merged = try laptop.run(arguments: ["sync"], extra: ["GROCK_NOW": right])
        #expect(merged.status == 0 && merged.stderr.isEmpty, "\(merged.stderr)")
        #expect(try laptop.ok(["item", "list"], now: right).contains("Oats"))
        #expect(try laptop.ok(["item", "show", "Milk"], now: right).contains("1.59"))
        #expect(try laptop.ok(["--json", "export", "--format", "json"], now: right).contains("2026-11-24") == false)
        #expect(try phone.export() == laptop.export())
        // The old id and the new share the name: each is shown with its id.
        let status = try laptop.ok(["sync", "status"], now: right)
        #expect(status.contains("(restamped: its changes come from its new id)")
                    && status.components(separatedBy: "  phone [").count == 3, "\(status)")
        let again = try phone.run(arguments: ["sync", "--restamp"], extra: ["GROCK_NOW": right])
        #expect(again.status == 1 && again.stderr.hasPrefix("grock: no change of this device is stamped more than a day ahead")
                    && again.stderr.split(separator: "\n").count == 1, "\(again.stderr)")
    }

    /// A damaged `sync/device.tsv` is not read as "not in a household": `grock sync` and
    /// `grock sync status` say the file is damaged, naming it, and change nothing.
    @Test func aDamagedDeviceFileIsNamedNotTakenForNoHousehold() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        let folder = grock.home.path + "/household"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try grock.stocked()
        try grock.ok(["sync", "init", folder, "--name", "laptop"])
        let device = grock.dataDirectory + "/sync/device.tsv"
        try "grock-sync\t1\ndevice\n".write(toFile: device, atomically: false, encoding: .utf8)
        let before = grock.home.snapshot()
        for arguments in [["sync"], ["sync", "status"]] {
            let result = try grock.run(arguments: arguments)
            #expect(result.status == 3, "grock \(arguments): \(result.stderr)")
            #expect(result.stderr == "grock: \(device) is damaged: it cannot be read (leaving the household removes it)\n",
                "grock \(arguments)")
        }
        #expect(grock.home.snapshot() == before)
    }
}
