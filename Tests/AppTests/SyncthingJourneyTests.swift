import Foundation
import TestSupport
import Testing

/// `grock sync` through real Syncthing (Debian's `syncthing`): instances on loopback, each
/// device's household folder one instance's folder, every change carried by Syncthing alone.
/// A split-shopping trip over three devices; a data directory copied while it syncs (Syncthing
/// keeps conflict copies); an instance stopped in the middle of a large transfer.
/// Outside CI a missing `syncthing` skips these tests; in CI (`CI` set) it is a failure.
@Suite(.serialized) struct SyncthingJourneyTests {
    /// Every device syncs, then Syncthing carries what they wrote, `rounds` times.
    func exchange(_ devices: [Grock], _ cluster: SyncthingCluster, rounds: Int) throws {
        for _ in 0..<rounds {
            for device in devices { try device.ok(["sync"]) }
            try cluster.settle(scanning: cluster.instances.filter(\.isRunning))
        }
    }

    /// The completed trip `name` in an export: each bought line's item name and price in cents.
    func purchases(_ export: String, trip name: String) throws -> [String: Int] {
        let document = try JSONSerialization.jsonObject(with: Data(export.utf8)) as? [String: Any] ?? [:]
        let trips = (document["completedCarts"] as? [[String: Any]] ?? []).filter { $0["name"] as? String == name }
        var bought: [String: Int] = [:]
        for line in trips.flatMap({ $0["lines"] as? [[String: Any]] ?? [] }) where line["fulfilled"] as? Bool == true {
            bought[line["name"] as? String ?? "?"] = (line["actualPrice"] as? NSNumber)?.intValue
        }
        return bought
    }

    @Test func aSplitShoppingTripOverThreeDevices() throws {
        guard let syncthing = try requiredTool("syncthing") else { return }
        let cluster = try SyncthingCluster(executable: syncthing, names: ["laptop", "phone", "tablet"])
        let laptop = try Grock(), phone = try Grock(), tablet = try Grock()
        defer { cluster.remove(); [laptop, phone, tablet].forEach { $0.home.remove() } }
        let (laptopST, phoneST, tabletST) = (cluster.instances[0], cluster.instances[1], cluster.instances[2])
        try cluster.start()

        try laptop.stocked()
        try laptop.ok("item add Tea --category Pantry --price 3.10 --store Lidl")
        try laptop.ok("cart add Weekly Tea")
        #expect(try laptop.ok(["sync", "init", laptopST.folder, "--name", "laptop"]).contains("now syncs through"))
        try cluster.settle(scanning: [laptopST])
        #expect(try phone.ok(["sync", "join", phoneST.folder, "--name", "phone"]).contains("Joined the household"))
        #expect(try tablet.ok(["sync", "join", tabletST.folder, "--name", "tablet"]).contains("Joined the household"))
        try cluster.settle(scanning: [phoneST, tabletST])

        // Saturday: the laptop starts the trip; the others learn of it through Syncthing.
        try laptop.ok("trip start Weekly")
        try laptop.ok(["sync"])
        try cluster.settle(scanning: [laptopST])
        try phone.ok(["sync"])
        try tablet.ok(["sync"])
        #expect(try phone.ok("cart show Weekly").contains("Tea"))

        // Two stores: the laptop at Aldi, the phone at Lidl, the tablet buys on impulse.
        var logged: [String: Int] = [:]
        for (device, line, item, cents) in [(laptop, "trip log Weekly Milk --price 1.05 --store Aldi", "Milk", 105),
                                            (laptop, "trip log Weekly Bananas --price 1.89 --store Aldi", "Bananas", 189),
                                            (phone, "trip log Weekly Bread --price 2.29 --store Lidl", "Bread", 229),
                                            (phone, "trip log Weekly Tea --price 2.99 --store Lidl", "Tea", 299),
                                            (tablet, "trip impulse Weekly Gum --price 0.99 --store Lidl", "Gum", 99)] {
            try device.ok(line)
            logged[item] = cents
        }
        for device in [laptop, phone, tablet] { try device.ok(["sync"]) }
        try cluster.settle(scanning: cluster.instances)
        try laptop.ok(["sync"])
        #expect(try laptop.ok("trip finish Weekly").contains("finished"))
        try laptop.ok(["sync"])
        try cluster.settle(scanning: [laptopST])
        try exchange([laptop, phone, tablet], cluster, rounds: 2)

        let exports = try [laptop, phone, tablet].map { try $0.export() }
        let (phoneSame, tabletSame) = (exports[1] == exports[0], exports[2] == exports[0])  // Bools: a failure does not print whole exports
        #expect(phoneSame, "the phone's export differs from the laptop's")
        #expect(tabletSame, "the tablet's export differs from the laptop's")
        for (device, text) in zip(["laptop", "phone", "tablet"], exports) {
            #expect(try purchases(text, trip: "Weekly") == logged, "\(device)'s history of Weekly")
        }
        for device in [laptop, phone, tablet] {
            let history = try device.ok("history")
            #expect(history.contains("Weekly") && history.contains("5/5 bought"), "\(history)")
            #expect(try device.ok(["sync", "status"]).contains("Changes waiting to be sent: 0"))
        }
        #expect(try tablet.ok("item show Bread").contains("2.29"))
    }

    /// A data directory copied (`cp -a`) to a device whose folder is another instance's, both
    /// changing things before either is carried: both write the same segment of one device id,
    /// and Syncthing keeps one and a conflict copy of the other. After a few rounds every device
    /// holds the same data, with both sides' changes.
    @Test func aDataDirectoryCopiedWhileItSyncsLosesNothing() throws {
        guard let syncthing = try requiredTool("syncthing") else { return }
        let cluster = try SyncthingCluster(executable: syncthing, names: ["laptop", "phone", "copy"])
        let laptop = try Grock(), phone = try Grock(), copy = try Grock()
        defer { cluster.remove(); [laptop, phone, copy].forEach { $0.home.remove() } }
        let (laptopST, phoneST, copyST) = (cluster.instances[0], cluster.instances[1], cluster.instances[2])
        try cluster.start()

        try laptop.stocked()
        try laptop.ok(["sync", "init", laptopST.folder, "--name", "laptop"])
        try cluster.settle(scanning: [laptopST])
        try phone.ok(["sync", "join", phoneST.folder, "--name", "phone"])
        try phone.ok("item add Tea --category Pantry --price 3.10 --store Aldi")
        try phone.ok(["sync"])
        try cluster.settle(scanning: [phoneST])
        try laptop.ok(["sync"])

        // The phone's data directory copied to another machine, whose Syncthing folder has the
        // same contents (here: another instance's folder, so its path is changed in the copy).
        let copied = try runTool("/bin/cp", ["-a", phone.dataDirectory, copy.dataDirectory])
        #expect(copied.status == 0)
        let devicePath = copy.dataDirectory + "/sync/device.tsv"
        let device = try String(contentsOfFile: devicePath, encoding: .utf8)
        #expect(device.contains("folder\t\(phoneST.folder)\n"))
        try device.replacingOccurrences(of: "folder\t\(phoneST.folder)\n", with: "folder\t\(copyST.folder)\n")
            .write(toFile: devicePath, atomically: true, encoding: .utf8)

        // Both change something and sync before Syncthing carries either (their folders paused).
        try phoneST.pause(true)
        try copyST.pause(true)
        try phone.ok("item add Juice --category Beverages --price 1.50 --store Aldi")
        try copy.ok("item add Soup --category Pantry --price 2.20 --store Aldi")
        try laptop.ok("item price Milk --store Aldi --price 1.15")
        for device in [phone, copy, laptop] { try device.ok(["sync"]) }
        try phoneST.pause(false)
        try copyST.pause(false)
        try cluster.settle(scanning: cluster.instances)
        try exchange([laptop, phone, copy], cluster, rounds: 3)

        let conflicts = laptopST.files().keys.filter { $0.contains(".sync-conflict-") }.sorted()
        let exports = try [laptop, phone, copy].map { try $0.export() }
        let (phoneSame, copySame) = (exports[1] == exports[0], exports[2] == exports[0])
        #expect(phoneSame, "the phone's export differs from the laptop's; conflict copies: \(conflicts)")
        #expect(copySame, "the copy's export differs from the laptop's; conflict copies: \(conflicts)")
        for (name, device) in [("laptop", laptop), ("phone", phone), ("copy", copy)] {
            for (item, price) in [("Tea", "3.10"), ("Juice", "1.50"), ("Soup", "2.20")] {
                let shown = try device.run(arguments: ["item", "show", item])
                #expect(shown.status == 0 && shown.stdout.contains(price),
                    "\(name) lacks \(item): \(shown.stderr); conflict copies: \(conflicts)")
            }
            #expect(try device.ok("item show Milk").contains("1.15"), "\(name) lacks the laptop's price")
        }
    }

    /// A receiver throttled, a large change (thousands of purchases imported), the receiver
    /// stopped while Syncthing's temporary file is there: `grock sync` on it merges nothing half,
    /// and after a restart everything arrives.
    @Test func anInstanceStoppedMidTransferLeavesNothingHalfApplied() throws {
        guard let syncthing = try requiredTool("syncthing") else { return }
        let cluster = try SyncthingCluster(executable: syncthing, names: ["laptop", "phone"])
        let laptop = try Grock(), phone = try Grock()
        defer { cluster.remove(); [laptop, phone].forEach { $0.home.remove() } }
        let (laptopST, phoneST) = (cluster.instances[0], cluster.instances[1])
        try cluster.start()

        try laptop.stocked()
        try laptop.ok(["sync", "init", laptopST.folder, "--name", "laptop"])
        try cluster.settle(scanning: [laptopST])
        try phone.ok(["sync", "join", phoneST.folder, "--name", "phone"])
        try cluster.settle(scanning: [phoneST])
        let before = try phone.export()

        // 3,000 purchases: a segment of more than a megabyte, received at 300 KiB/s.
        try phoneST.throttle(receiving: 300)
        var rows = ["date,trip,store,category,item,quantity,unit,price,currency"]
        for row in 0..<3_000 {
            rows.append("2025-\(String(format: "%02d", row % 12 + 1))-\(String(format: "%02d", row % 28 + 1)),Trip \(row % 25),Store "
                + "\(row % 3),Pantry,Item \(row % 400),1,each,\(1 + row % 9).\(String(format: "%02d", row % 100)),EUR")
        }
        let csv = laptop.home.path + "/purchases.csv"
        try (rows.joined(separator: "\n") + "\n").write(toFile: csv, atomically: true, encoding: .utf8)
        #expect(try laptop.ok(["import", csv]).contains("Imported 3000 purchases"))
        try laptop.ok(["sync"])
        let segments = laptopST.files().filter { $0.key.hasSuffix(".seg") }
        try laptopST.scan()

        // Stopped while the newest segment is a temporary file of Syncthing's on the phone, a few
        // of its blocks received (two of some fourteen).
        var temporary = ""
        try SyncthingCluster.wait("two blocks received in a .syncthing.*.tmp file in the phone's folder") {
            let found = FileManager.default.subpaths(atPath: phoneST.folder)?.first {
                let base = ($0 as NSString).lastPathComponent
                return base.hasPrefix(".syncthing.") && base.hasSuffix(".tmp")
            }
            temporary = found ?? ""
            guard let found else { return "no temporary file" }
            let received = Self.blocksWritten(phoneST.folder + "/" + found)
            return received >= 2 ? nil : "\(received) blocks of \(found) received"
        }
        #expect(FileManager.default.fileExists(atPath: phoneST.folder + "/" + temporary), "the transfer ended within a second")
        phoneST.stop()
        let arrived = phoneST.files().filter { $0.key.hasSuffix(".seg") } == segments
        #expect(!arrived, "the segment arrived whole before the phone's Syncthing stopped (\(temporary))")
        let result = try phone.run("sync")
        #expect(result.status == 0 && !result.stderr.contains("damaged"), "\(result.stderr)")
        let unchanged = try phone.export() == (arrived ? laptop.export() : before)
        #expect(unchanged, "the phone merged part of what it had not got whole")
        #expect(try phone.ok(["doctor"]).count > 0)

        // Started again, unthrottled: the rest arrives and every device holds the same.
        try phoneST.start()
        try phoneST.throttle(receiving: 0)
        try cluster.waitConnected()
        try cluster.settle(scanning: [laptopST, phoneST])
        try exchange([phone, laptop], cluster, rounds: 1)
        let phoneExport = try phone.export()
        let same = try phoneExport == laptop.export()
        #expect(same, "the phone's export differs from the laptop's")
        #expect(phoneExport.contains("Trip 24"))
    }

    /// How many of a file's 128 KiB blocks (Syncthing's size for files this small) hold a byte
    /// other than zero: Syncthing writes each block it receives in its place in the temporary
    /// file, and the rest reads as zeros until it comes.
    static func blocksWritten(_ path: String) -> Int {
        guard let bytes = FileManager.default.contents(atPath: path) else { return 0 }
        let block = 128 * 1024
        return stride(from: 0, to: bytes.count, by: block).count { start in
            bytes[start..<min(start + block, bytes.count)].contains { $0 != 0 }
        }
    }
}
