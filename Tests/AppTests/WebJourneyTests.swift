import Foundation
import Testing

/// A shopper on a phone-sized page of `grock serve`, in a real browser (Debian's
/// chromium-headless-shell, driven over the DevTools protocol by Tests/Browser/web_journey.py):
/// plan, shop, offline and back, finish; the command line agrees with what the page showed.
/// Outside CI a missing browser skips it; in CI (`CI` set) it is a failure.
@Suite(.serialized) struct WebJourneyTests {
    static let driver = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Browser/web_journey.py").path
    /// Where the journey leaves its screenshot, to be looked at.
    static let screenshot = FileManager.default.temporaryDirectory.appendingPathComponent("grock-web-390x844.png").path

    @Test func aShopperPlansShopsOfflineAndFinishesOnThePage() throws {
        guard let python = try requiredTool("python3"), try requiredTool("chromium-headless-shell") != nil else { return }
        let grock = try Grock()
        defer { grock.home.remove() }
        for line in ["init", "store add Aldi", "item add Milk --category Dairy --price 1.09 --store Aldi",
                     "item add Bread --category Bakery --price 2.49 --store Aldi",
                         "item add Eggs --category Dairy --price 2.99 --store Aldi",
                     "item add Coffee --category Pantry --price 4.49 --store Aldi"] {
            try grock.ok(line)
        }
        try grock.ok(["item", "add", "<img src=x onerror=alert(1)>", "--category", "Pantry", "--price", "0.50", "--store", "Aldi"])
        let server = try ServeProcess(grock)
        defer { server.stop() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [Self.driver, server.url, Self.screenshot]
        process.environment = grock.environment.merging(["GROCK": Grock.executable.path, "PATH": "/usr/bin:/bin"]) { $1 }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        if finished.wait(timeout: .now() + 120) == .timedOut { process.terminate();
            Issue.record("the browser journey took more than 2 minutes") }
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let complaint = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        try #require(process.terminationStatus == 0, "the journey failed: \(complaint)")
        let page = try #require(try JSONSerialization.jsonObject(with: Data(printed.utf8)) as? [String: Any])
        #expect(page["offlineQueue"] as? Int == 3, "two ticks and a price waited in the browser: \(page)")
        #expect(page["offlineShown"] as? Bool == true, "the ticks made offline show, and the total says it is from before them")
        #expect(page["hostileImages"] as? Int == 0 && page["hostileText"] as? Bool == true, "a hostile name is shown as its characters")
        #expect((page["follow"] as? Double ?? 99) < 2, "the command line's change showed within 2 s")
        #expect(page["clashes"] is NSNull, "nothing was refused")
        #expect((page["warningShown"] as? String)?.contains("could not write down its Idempotency-Key") == true,
            "\(page["warningShown"] ?? "")")
        // The session is an HttpOnly cookie no script reads, and the page keeps no secret of the
        // server's (web/sessions: the pairing token, the sessions) where any script could.
        #expect(page["cookies"] as? String == "", "the script sees no cookie")
        let storage = try #require(page["storage"] as? String)
        let secrets = try String(contentsOfFile: grock.dataDirectory + "/web/sessions",
            encoding: .utf8).split(whereSeparator: { $0 == "\n" || $0 == "\t" })
        #expect(!secrets.isEmpty && !secrets.contains { storage.contains($0) },
            "the browser's storage holds no secret of the server's: \(storage)")

        // What the server holds: each change once, the totals the page showed.
        let cart = try #require(try grock.json("cart show Phone") as? [String: Any])
        #expect(cart["status"] as? String == "completed")
        let lines = try #require(cart["items"] as? [[String: Any]])
        func line(_ name: String) -> [String: Any]? { lines.first { $0["item"] as? String == name } }
        #expect(line("Milk")?["actualPrice"] as? String == "1.15" && line("Bread")?["actualPrice"] as? String == "2.69")
        #expect(line("Coffee")?["actualPrice"] as? String == "4.99" && line("Coffee")?["fulfilled"] as? Bool == true)
        #expect(line("Free-range eggs")?["fulfilled"] as? Bool == true)
        #expect(lines.filter { $0["item"] as? String == "Gum" }.count == 1, "the impulse buy once")
        let total = try #require(cart["actualTotal"] as? String)
        #expect((page["spentShown"] as? String)?.hasPrefix("Spent \(total) EUR") == true,
            "the page showed \(page["spentShown"] ?? "") for \(total)")
        let history = try #require(try grock.json("history") as? [[String: Any]])
        #expect(history.first?["actualTotal"] as? String == total)
    }
}
