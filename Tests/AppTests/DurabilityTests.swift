import Foundation
import Testing

@Suite struct DurabilityTests {
    @Test func killedWritersNeverLoseAcknowledgedChanges() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.ok("init")
        // Kill at random moments within twice the time an uncontended write takes.
        let start = Date()
        try grock.ok("item add Warmup --category Pantry")
        let window = UInt32(max(2_000, min(200_000, Date().timeIntervalSince(start) * 2_000_000)))
        var acknowledged: [String] = []
        var killed = 0
        for index in 0..<60 {
            let process = Process()
            process.executableURL = Grock.executable
            process.arguments = ["item", "add", "Item \(index)", "--category", "Pantry"]
            process.environment = grock.environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // A random moment, not a condition: when the kill lands is what the test varies.
            usleep(UInt32.random(in: 0...window))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            if process.terminationReason == .exit
                && process.terminationStatus == 0 { acknowledged.append("Item \(index)") } else { killed += 1 }
            // After every kill the store still loads.
            #expect(try grock.run("doctor").status == 0, "after killing writer \(index)")
        }
        let items = try #require(try grock.json("item list --category Pantry") as? [[String: Any]]).compactMap { $0["name"] as? String }
        for name in acknowledged { #expect(items.contains(name), "\(name) was acknowledged but is lost") }
        #expect(killed > 0 && !acknowledged.isEmpty, "the test should both kill and let writers finish (killed \(killed))")
    }

    @Test func concurrentProcessesLoseNoUpdate() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.ok("init")
        let processes = (0..<4).map { worker -> Process in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            let script = (0..<8).map {
                "\"\(Grock.executable.path)\" item add 'W\(worker) item \($0)' --category Pantry >/dev/null || exit 1" }
            process.arguments = ["-c", script.joined(separator: "; ")]
            process.environment = grock.environment
            return process
        }
        for process in processes { try process.run() }
        for process in processes {
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
        }
        let items = try #require(try grock.json("item search item") as? [[String: Any]])
        #expect(items.count == 32)
    }
}

@Suite struct HostileDirectoryTests {
    /// Each way a data directory can be lost, swapped or opened to others: exit 3, one line
    /// that says the way out, and not a byte changed.
    @Test func aDirectoryGrockCannotVouchForExitsThreeAndTouchesNothing() throws {
        let everything = ["item price Milk --store Aldi --price 1.50", "undo", "cart new Party", "history"]
        let cases: [(String, (String) throws -> Void, String, [String])] = [
            ("state lost", { unlink($0 + "/state.tsv") }, "grock reset --yes", everything),
            ("history a link", { dir in
                try FileManager.default.moveItem(atPath: dir + "/history.tsv", toPath: dir + "/../elsewhere")
                symlink(dir + "/../elsewhere", dir + "/history.tsv")
            }, "history.tsv", ["item price Milk --store Aldi --price 1.50", "undo", "history"]),
            ("writable by others", { chmod($0, 0o777) }, "chmod 700", everything),
        ]
        for (name, damage, message, lines) in cases {
            let grock = try Grock()
            defer { grock.home.remove() }
            try grock.stocked()
            try grock.ok("trip start Weekly")
            try grock.ok("trip log Weekly Milk")
            try grock.ok("trip finish Weekly")
            try damage(grock.dataDirectory)
            let before = grock.home.snapshot()
            for line in lines {
                let result = try grock.run(line)
                #expect(result.status == 3, "\(name): grock \(line): \(result.stderr)")
                #expect(result.stderr.contains(message) && result.stderr.split(separator: "\n").count == 1,
                    "\(name): grock \(line): \(result.stderr)")
            }
            #expect(grock.home.snapshot() == before, "\(name)")
            #expect(try grock.run("doctor").status != 0, "\(name)")
        }
    }
}
