import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// Changes under load and sent again: many clients beside a command line writer lose nothing,
/// and a change sent with its idempotency key is applied once, whatever races or restarts.
extension WebSecurityTests {
    /// 50 clients, 1,000 requests, while a CLI writer changes the same cart: every acknowledged
    /// tick is there, and the server is still up.
    @Test func manyClientsAndACommandLineWriterLoseNothing() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.ok("init")
        try grock.ok("store add Aldi")
        let names = (0..<50).map { "Item \($0)" }
        for name in names { try grock.ok(["item", "add", name, "--category", "Pantry", "--price", "1.00", "--store", "Aldi"]) }
        try grock.ok(["cart", "new", "Big"] + names.flatMap { ["--item", $0] })
        try grock.ok("trip start Big")
        let server = try ServeProcess(grock)
        defer { server.stop() }
        let session = try server.pair()
        let acknowledged = Acknowledged()
        let written = DispatchSemaphore(value: 0)
        let writer = Thread {
            for round in
                0..<20 { _ = try? grock.run(arguments: ["item", "price", "Item \(round % 50)", "--store", "Aldi", "--price",
                "2.\(10 + round)"]) }
            written.signal()
        }
        writer.start()
        DispatchQueue.concurrentPerform(iterations: 50) { client in
            for request in 0..<20 {
                let price = "1.\(10 + request)"
                guard let response = try? server.rpc("trip.log", #"{"cart":"Big","item":"Item \#(client)","price":"\#(price)"}"#,
                    session: session),
                      response.status == 200, response.body.contains(#""result""#) else { continue }
                acknowledged.add("Item \(client)")
            }
        }
        #expect(written.wait(timeout: .now() + 300) == .success, "the command line's writes did not end within 5 minutes")
        #expect(server.process.isRunning, "no crash")
        let cart = try #require(try grock.json("cart show Big") as? [String: Any])
        let lines = try #require(cart["items"] as? [[String: Any]])
        let bought = Set(lines.filter { $0["fulfilled"] as? Bool == true }.compactMap { $0["item"] as? String })
        #expect(acknowledged.items.isSubset(of: bought), "every acknowledged tick is there")
        #expect(acknowledged.items.count == 50, "every client got through: \(acknowledged.items.count)")
    }

    /// A change sent with its key is applied once: sent again after its answer was lost, or
    /// after the server restarted.
    @Test func aChangeWithItsKeyIsAppliedOnce() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.stocked()
        try grock.ok("trip start Weekly")
        var server = try ServeProcess(grock)
        let session = try server.pair()
        let key = "0123456789abcdef0123456789abcdef"
        let first = try server.rpc("trip.impulse", #"{"cart":"Weekly","name":"Gum","price":"0.99","store":"Aldi"}"#, session: session,
            key: key)
        #expect(first.status == 200 && first.body.contains(#""result""#))
        let again = try server.rpc("trip.impulse", #"{"cart":"Weekly","name":"Gum","price":"0.99","store":"Aldi"}"#, session: session,
            key: key)
        #expect(again.body.contains(#""alreadyApplied":true"#))
        server.stop()
        server = try ServeProcess(grock)
        defer { server.stop() }
        let afterRestart = try server.rpc("trip.impulse", #"{"cart":"Weekly","name":"Gum","price":"0.99","store":"Aldi"}"#,
            session: session, key: key)
        #expect(afterRestart.body.contains(#""alreadyApplied":true"#), "the session and the key outlive a restart")
        let cart = try #require(try grock.json("cart show Weekly") as? [String: Any])
        let gums = (cart["items"] as? [[String: Any]] ?? []).filter { $0["item"] as? String == "Gum" }
        #expect(gums.count == 1)
        #expect(try server.rpc("trip.impulse", #"{"cart":"Weekly","name":"Gum","price":"0.99","store":"Aldi"}"#, session: session,
            key: "not a key!").status == 400)
        // A change refused keeps no key: sent again once it can be made, it is made.
        let refusedKey = "fedcba9876543210fedcba9876543210"
        let refused = try server.rpc("trip.impulse", #"{"cart":"Party","name":"Cake","price":"4.99","store":"Aldi"}"#, session: session,
            key: refusedKey)
        #expect(refused.body.contains(#""error""#) && !refused.body.contains(#""result""#), "\(refused.body)")
        try grock.ok("cart new Party")
        try grock.ok("trip start Party")
        let made = try server.rpc("trip.impulse", #"{"cart":"Party","name":"Cake","price":"4.99","store":"Aldi"}"#, session: session,
            key: refusedKey)
        #expect(made.body.contains(#""result""#) && !made.body.contains("alreadyApplied"), "\(made.body)")
    }

    /// A change made whose key cannot be written down (a directory planted where its file
    /// goes) is answered as made (200, the result), with a warning header, never a 5xx that
    /// has the page send it again; sent again all the same, it is not applied twice.
    @Test func aChangeWhoseKeyCannotBeWrittenIsAnsweredAsMadeWithAWarning() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.stocked()
        try grock.ok("trip start Weekly")
        let errors = grock.home.path + "/serve-errors"
        let server = try ServeProcess(grock, errorPath: errors)
        defer { server.stop() }
        let session = try server.pair()
        let applied = grock.dataDirectory + "/web/applied"
        try FileManager.default.removeItem(atPath: applied)
        try FileManager.default.createDirectory(atPath: applied, withIntermediateDirectories: false)
        let change = #"{"cart":"Weekly","name":"Gum","price":"0.99","store":"Aldi"}"#
        let made = try server.rpc("trip.impulse", change, session: session, key: "kept-in-memory-1")
        #expect(made.status == 200 && made.body.contains(#""result""#), "\(made.status) \(made.body)")
        #expect(made.headers["grock-warning"]?.contains("could not write down its Idempotency-Key") == true, "\(made.headers)")
        #expect(server.errors.contains("its Idempotency-Key could not be written down"), "\(server.errors)")
        let again = try server.rpc("trip.impulse", change, session: session, key: "kept-in-memory-1")
        #expect(again.status == 200 && again.body.contains(#""alreadyApplied":true"#), "\(again.body)")
        let cart = try #require(try grock.json("cart show Weekly") as? [String: Any])
        #expect((cart["items"] as? [[String: Any]] ?? []).count { $0["item"] as? String == "Gum" } == 1)
    }

    /// What an independent tester broke, mended: one key on ten connections at once, a key
    /// reused for another change, a key on a notification, --revoke while the server runs.
    @Test func keysHoldUnderRacesAndReuseAndRevokeActsAtOnce() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.stocked()
        let server = try ServeProcess(grock)
        defer { server.stop() }
        let session = try server.pair()
        let body = #"{"jsonrpc":"2.0","id":7,"method":"cart.add","params":{"cart":"Weekly","items":["Milk"]}}"#
        let raw = "POST /rpc HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nCookie: grock_session=\(session.cookie)\r\n"
            + "X-Requested-With: grock\r\n"
            + "Content-Type: application/json\r\nIdempotency-Key: race-1\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n"
            + body
        let sockets = try (0..<10).map { _ in try server.connect() }
        defer { sockets.forEach { close($0) } }
        for fd in sockets { server.write(fd, raw) }
        let answers = try sockets.map { try server.receive($0, timeout: 10) }
        #expect(answers.filter { $0.status == 200 && !$0.body.contains("alreadyApplied") }.count == 1, "\(answers.map(\.status))")
        #expect(answers.allSatisfy { $0.status == 200 || $0.status == 409 })
        let cart = try #require(try grock.json("cart show Weekly") as? [String: Any])
        let milk = (cart["items"] as? [[String: Any]] ?? []).first { $0["item"] as? String == "Milk" }
        #expect(milk?["quantity"] as? String == "2", "applied once: 1 planned + 1")
        let again = try server.rpc("cart.add", #"{"cart":"Weekly","items":["Milk"]}"#, session: session, key: "race-1")
        #expect(again.status == 200 && again.body.contains(#""alreadyApplied":true"#) && again.body.contains(#""id":1"#),
            "the caller's id: \(again.body)")
        #expect(try server.rpc("cart.remove", #"{"cart":"Weekly","item":"Milk"}"#, session: session, key: "race-1").status == 422,
            "another change, same key")
        let notification = try server.request("POST", "/rpc", cookie: session.cookie, fromPage: true,
                                              body: #"{"jsonrpc":"2.0","method":"cart.add","params":{"cart":"Weekly","items":["Bread"]}}"#,
                                              headers: ["Idempotency-Key": "note-1"])
        #expect(notification.status == 400, "a keyed change without an id")
        // --revoke from another process: the running server stops honouring the old session and URL at once.
        try grock.ok("serve --revoke")
        #expect(try server.request("GET", "/session", cookie: session.cookie).status == 401)
        #expect(try server.request("GET", "/?token=\(server.pairingToken)", cookie: nil).status == 401)
        let sessions = try String(contentsOfFile: grock.dataDirectory + "/web/sessions", encoding: .utf8)
        #expect(!sessions.hasPrefix(server.pairingToken), "the server does not write the old token back")
    }
}

/// What the clients were told was done, from many threads.
private final class Acknowledged: @unchecked Sendable {
    private let lock = NSLock()
    private var set: Set<String> = []
    func add(_ item: String) { lock.lock(); set.insert(item); lock.unlock() }
    var items: Set<String> { lock.lock(); defer { lock.unlock() }; return set }
}
