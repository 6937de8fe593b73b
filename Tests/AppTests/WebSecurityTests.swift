import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// `grock serve` attacked as someone on the same network, or a page in the same browser, would:
/// every request needs the paired session, changes a header only the page can send, the Host must be the server's
/// own, and what is too large, too slow or chunked is refused with its status.
@Suite(.serialized) struct WebSecurityTests {
    @Test func withoutThePairingTokenNothingIsServed() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.stocked()
        let server = try ServeProcess(grock)
        defer { server.stop() }
        for path in ["/", "/app.js", "/session", "/events"] {
            #expect(try server.request("GET", path, cookie: nil).status == 401, "\(path)")
        }
        #expect(try server.request("POST", "/rpc", cookie: nil, body: #"{"jsonrpc":"2.0","id":1,"method":"cart.list"}"#).status == 401)
        #expect(try server.request("GET", "/", cookie: "0123456789abcdef0123456789abcdef").status == 401, "a made-up session")
        #expect(try server.request("GET", "/?token=00000000000000000000000000000000", cookie: nil).status == 401, "a wrong token")
        let paired = try server.send(
            "GET /?token=\(server.pairingToken) HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nConnection: close\r\n\r\n")
        #expect(paired.status == 303)
        let cookie = try #require(paired.headers["set-cookie"])
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"), "\(cookie)")
        let session = try server.pair()
        let page = try server.request("GET", "/", cookie: session.cookie)
        #expect(page.status == 200 && page.body.contains("<script src=\"/app.js\" defer></script>"))
        let policy = try #require(page.headers["content-security-policy"])
        #expect(policy.contains("script-src 'self'") && policy.contains("frame-ancestors 'none'") && !policy.contains("unsafe-inline"))
        // --revoke ends it: the old cookie and the old URL stop working.
        try grock.ok("serve --revoke")
        server.stop()
        let again = try ServeProcess(grock)
        defer { again.stop() }
        #expect(again.pairingToken != server.pairingToken)
        #expect(try again.request("GET", "/", cookie: session.cookie).status == 401)
        #expect(try again.request("GET", "/?token=\(server.pairingToken)", cookie: nil).status == 401)
    }

    @Test func aBadListenAddressIsOneLineAndItsExitCode() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.ok("init")
        for (line, status) in [("serve --listen nope", Int32(2)), ("serve --listen 127.0.0.1:99999", 2), ("serve --listen :8421", 2),
                               ("serve --listen 192.0.2.1:8421", 1), ("serve --listen 300.1.1.1:8421", 1)] {
            let result = try grock.run(line)
            #expect(result.status == status, "\(line): \(result.stderr)")
            #expect(result.stderr.hasPrefix("grock: ") && result.stderr.filter { $0 == "\n" }.count == 1, "\(line): \(result.stderr)")
        }
        let server = try ServeProcess(grock)
        defer { server.stop() }
        let taken = try grock.run("serve --listen 127.0.0.1:\(server.port)")
        #expect(taken.status == 1 && taken.stderr.contains("cannot listen on 127.0.0.1:\(server.port)"), "\(taken.stderr)")
    }

    /// `grock serve` as the first command of a new data directory makes it, and `web/` in it,
    /// private (0700), as any first change does (sixteenth review: it failed with "No such file
    /// or directory"). A `web` that cannot be a directory is a storage problem: exit 3.
    @Test func serveMakesANewDataDirectory() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        let fresh = grock.home.path + "/new/data"
        let revoked = try grock.run("--data-dir \(fresh) serve --revoke")
        #expect(revoked.status == 0, "\(revoked.stderr)")
        for directory in [grock.home.path + "/new", fresh, fresh + "/web"] {
            let mode = try FileManager.default.attributesOfItem(atPath: directory)[.posixPermissions] as? Int
            #expect(mode == 0o700, "\(directory): \(String(mode ?? 0, radix: 8))")
        }
        #expect(try String(contentsOfFile: fresh + "/web/sessions", encoding: .utf8).count == 33)
        let other = grock.home.path + "/other"
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: false)
        try "".write(toFile: other + "/web", atomically: true, encoding: .utf8)
        let blocked = try grock.run("--data-dir \(other) serve --listen 127.0.0.1:0")
        #expect(blocked.status == 3 && blocked.stderr.contains("other/web/sessions: Not a directory"), "\(blocked.stderr)")
        #expect(blocked.stderr.filter { $0 == "\n" }.count == 1)
    }

    /// The server's own files in the data directory are input too: a damaged or planted
    /// sessions file stops it with one line naming the file (a storage problem, exit 3), and
    /// nothing is served.
    @Test func aDamagedOrPlantedSessionsFileIsRefusedByName() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.ok("init")
        let web = grock.dataDirectory + "/web"
        try FileManager.default.createDirectory(atPath: web, withIntermediateDirectories: true)
        try "not a token\nx\ty\n".write(toFile: web + "/sessions", atomically: true, encoding: .utf8)
        let damaged = try grock.run("serve --listen 127.0.0.1:0")
        #expect(damaged.status == 3 && damaged.stderr.contains("web/sessions is damaged") && damaged.stderr.contains("--revoke"),
            "\(damaged.stderr)")
        // A session line that is no token Grock writes (a planted weak session "a") too.
        try "0123456789abcdef0123456789abcdef\na\n".write(toFile: web + "/sessions", atomically: true, encoding: .utf8)
        let weak = try grock.run("serve --listen 127.0.0.1:0")
        #expect(weak.status == 3 && weak.stderr.contains("web/sessions is damaged"), "\(weak.stderr)")
        try FileManager.default.removeItem(atPath: web + "/sessions")
        try FileManager.default.createSymbolicLink(atPath: web + "/sessions", withDestinationPath: grock.home.path + "/elsewhere")
        try "0123456789abcdef0123456789abcdef\n".write(toFile: grock.home.path + "/elsewhere", atomically: true, encoding: .utf8)
        let planted = try grock.run("serve --listen 127.0.0.1:0")
        #expect(planted.status == 3 && planted.stderr.contains("cannot read") && planted.stderr.contains("web/sessions"),
            "not followed: \(planted.stderr)")
        // What the message tells to run mends it: the link is replaced, its target left alone.
        try grock.ok("serve --revoke")
        let mended = try String(contentsOfFile: web + "/sessions", encoding: .utf8)
        #expect(mended.count == 33 && mended.hasSuffix("\n") && mended != "0123456789abcdef0123456789abcdef\n")
        #expect(try FileManager.default.attributesOfItem(atPath: web + "/sessions")[.type] as? FileAttributeType == .typeRegular)
        #expect(try String(contentsOfFile: grock.home.path + "/elsewhere", encoding: .utf8) == "0123456789abcdef0123456789abcdef\n")
        try "not a token\n".write(toFile: web + "/sessions", atomically: true, encoding: .utf8)
        try grock.ok("serve --revoke")
        #expect(try String(contentsOfFile: web + "/sessions", encoding: .utf8).count == 33)
    }

    /// A FIFO planted as either file of `web/` is refused by name, not waited on for ever.
    @Test func aFIFOPlantedInWebIsRefusedNotWaitedOn() throws {
        for name in ["sessions", "applied"] {
            let grock = try Grock()
            defer { grock.home.remove() }
            try grock.ok("init")
            let web = grock.dataDirectory + "/web"
            try FileManager.default.createDirectory(atPath: web, withIntermediateDirectories: true)
            #expect(mkfifo(web + "/" + name, 0o600) == 0)
            let process = Process()
            process.executableURL = Grock.executable
            process.arguments = ["serve", "--listen", "127.0.0.1:0"]
            process.environment = grock.environment
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            let deadline = Date().addingTimeInterval(10)
            while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            guard !process.isRunning else {
                // SIGKILL: a server blocked opening the FIFO does not get to its SIGTERM handler.
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                Issue.record("web/\(name): grock serve is still waiting on the FIFO after 10 s")
                continue
            }
            let told = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(process.terminationStatus == 3 && told.contains("cannot read") && told.contains("web/\(name): is not a regular file"),
                "\(told)")
        }
    }

    @Test func anotherHostOrSiteCannotUseIt() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.stocked()
        let before = try grock.export()
        let server = try ServeProcess(grock)
        defer { server.stop() }
        let session = try server.pair()
        // DNS rebinding: a name of the attacker's that now points at 127.0.0.1.
        for host in ["evil.example:\(server.port)", "localhost.evil.example:\(server.port)", "127.0.0.1:1", "127.0.0.1"] {
            let response = try server.send(
                "GET / HTTP/1.1\r\nHost: \(host)\r\nCookie: grock_session=\(session.cookie)\r\nConnection: close\r\n\r\n")
            #expect(response.status == 403, "\(host)")
        }
        #expect(try server.send("GET / HTTP/1.1\r\nCookie: grock_session=\(session.cookie)\r\nConnection: close\r\n\r\n").status == 403,
            "no Host")
        // A cross-site form: no X-Requested-With (a form cannot send one), a form's content type, another origin.
        let form = "POST /rpc HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nCookie: grock_session=\(session.cookie)\r\n"
            + "Origin: http://evil.example\r\n"
            + "Content-Type: text/plain\r\nContent-Length: 70\r\nConnection: close\r\n\r\n"
            + #"{"jsonrpc":"2.0","id":1,"method":"trip.start","params":{"cart":"Weekly"}}"#.prefix(70)
        #expect(try server.send(form).status == 403)
        let withHeader = try server.request("POST", "/rpc", cookie: session.cookie, fromPage: true,
                                            body: #"{"jsonrpc":"2.0","id":1,"method":"trip.start","params":{"cart":"Weekly"}}"#,
                                                headers: ["Origin": "http://evil.example"])
        #expect(withHeader.status == 403, "another origin, even with the header")
        let withoutHeader = try server.request("POST", "/rpc", cookie: session.cookie,
                                               body: #"{"jsonrpc":"2.0","id":1,"method":"trip.start","params":{"cart":"Weekly"}}"#)
        #expect(withoutHeader.status == 403 && withoutHeader.body.contains("X-Requested-With"), "\(withoutHeader)")
        #expect(try server.request("POST", "/rpc", cookie: session.cookie,
            body: #"{"jsonrpc":"2.0","id":1,"method":"trip.start","params":{"cart":"Weekly"}}"#,
                                   headers: ["X-Requested-With": ""]).status == 403, "an empty header")
        #expect(try grock.export() == before, "nothing changed")
    }

    @Test func whatIsTooLargeSlowOrChunkedIsRefusedWithItsStatus() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.stocked()
        let server = try ServeProcess(grock)
        defer { server.stop() }
        let session = try server.pair()
        let big = "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nX-Padding: \(String(repeating: "a", count: 17 * 1024))\r\n\r\n"
        #expect(try server.send(big).status == 431)
        let body = "POST /rpc HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nCookie: grock_session=\(session.cookie)\r\n"
            + "X-Requested-With: grock\r\n"
            + "Content-Type: application/json\r\nContent-Length: \((1 << 20) + 1)\r\n\r\n"
        #expect(try server.send(body).status == 413)
        let chunked = "POST /rpc HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n"
            + "Cookie: grock_session=\(session.cookie)\r\nX-Requested-With: grock\r\n"
            + "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n"
        let refused = try server.send(chunked)
        #expect(refused.status == 411 && refused.body.contains("Content-Length"))
        #expect(try server.send("GARBAGE\r\n\r\n").status == 400)
        #expect(try server.send("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nContent-Length: +5\r\n\r\nhello").status == 400)
        #expect(try server.send(
            "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nContent-Length: 1\r\nContent-Length: 1\r\n\r\nx").status == 400)
        // A client that sends its request and closes its side still gets the answer.
        let halfClosed = try server.connect()
        defer { close(halfClosed) }
        server.write(halfClosed,
            "GET /session HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nCookie: grock_session=\(session.cookie)\r\n\r\n")
        shutdown(halfClosed, Int32(SHUT_WR))
        #expect(try server.receive(halfClosed, timeout: 20).status == 200)
        // A client that sends half a request and stalls holds nothing up.
        let slow = try server.connect()
        defer { close(slow) }
        server.write(slow, "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n")
        let started = Date()
        #expect(try server.rpc("cart.list", "{}", session: session).status == 200)
        // Well before the stalled client's 10 s are up (a loaded machine may take a few seconds).
        #expect(Date().timeIntervalSince(started) < 8, "served while another client stalls")
        let dropped = try server.receive(slow, timeout: 15)
        #expect(dropped.status == 408, "the slow client is dropped after 10 s")
    }

    /// What grock serve tells its terminal is escaped as the command line's messages are: a name
    /// in it (here the data directory's, in the sessions file's damage) cannot clear the screen
    /// or forge a line of its own.
    @Test func itsTerminalMessagesAreEscaped() throws {
        var grock = try Grock()
        defer { grock.home.remove() }
        let data = grock.home.path + "/da\u{1B}[2J\nta"
        grock.environment["GROCK_HOME"] = data
        try grock.ok("init")
        let server = try ServeProcess(grock, errorPath: grock.home.path + "/serve.err")
        defer { server.stop() }
        let session = try server.pair(token: server.pairingToken)
        try FileManager.default.removeItem(atPath: data + "/web/sessions")
        try "not a token\n".write(toFile: data + "/web/sessions", atomically: true, encoding: .utf8)
        #expect(try server.request("GET", "/session", cookie: session.cookie).status == 503)
        let told = server.errors
        #expect(told.contains(#"da\e[2J\nta"#) && told.contains("web/sessions") && !told.contains("\u{1B}"), "\(told)")
        #expect(told.split(separator: "\n").allSatisfy { $0.hasPrefix("grock: ") }, "\(told)")
    }

    /// The sessions file damaged or replaced by a link while the server runs: it might hold a
    /// `--revoke`, so no session (nor the pairing URL) is honoured until it can be read again; the
    /// server says so once on its terminal, naming the file, and serves again once it is mended.
    @Test func anUnreadableSessionsFileFailsClosedAndRecovers() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.stocked()
        let server = try ServeProcess(grock, errorPath: grock.home.path + "/serve.err")
        defer { server.stop() }
        let session = try server.pair()
        #expect(try server.request("GET", "/session", cookie: session.cookie).status == 200)
        let file = grock.dataDirectory + "/web/sessions"
        let kept = try String(contentsOfFile: file, encoding: .utf8)
        // Revoked (a new token, no session), but behind a link the server does not follow.
        try "0123456789abcdef0123456789abcdef\n".write(toFile: grock.home.path + "/elsewhere", atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: file)
        try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: grock.home.path + "/elsewhere")
        for _ in 0..<3 {
            let refused = try server.request("GET", "/session", cookie: session.cookie)
            #expect(refused.status == 503 && refused.body.contains("sessions file"), "\(refused)")
        }
        #expect(try server.rpc("cart.list", "{}", session: session).status == 503)
        #expect(try server.request("GET", "/?token=\(server.pairingToken)", cookie: nil).status == 503, "nor the pairing URL")
        // Told once, naming the file, however many requests were refused.
        let told = server.errors.split(separator: "\n").filter { $0.contains("web/sessions") }
        #expect(told.count == 1 && told.first?.hasPrefix("grock: ") == true, "\(server.errors)")
        // Damaged in place: refused too.
        try FileManager.default.removeItem(atPath: file)
        try "not a token\n".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try server.request("GET", "/session", cookie: session.cookie).status == 503)
        // Mended: served again, from what the file now says.
        try FileManager.default.removeItem(atPath: file)
        try kept.write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try server.request("GET", "/session", cookie: session.cookie).status == 200)
        #expect(server.errors.contains("can be read again"), "\(server.errors)")
        // And a --revoke made while it could not be read holds once it can.
        try FileManager.default.removeItem(atPath: file)
        try "0123456789abcdef0123456789abcdef\n".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try server.request("GET", "/session", cookie: session.cookie).status == 401)
        #expect(try server.request("GET", "/?token=0123456789abcdef0123456789abcdef", cookie: nil).status == 303)
    }

    /// Request lines and headers are read as strictly as HTTP/1.1 says, a line ending in an LF
    /// alone (RFC 9112 §2.2) answered at once; HEAD is GET without a body.
    @Test func headersAreReadStrictly() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.ok("init")
        let server = try ServeProcess(grock)
        defer { server.stop() }
        let session = try server.pair()
        let cookie = "Cookie: grock_session=\(session.cookie)\r\n"
        for (name, raw) in [("bare CR", "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nX-A: a\rContent-Length: 10\r\n\(cookie)\r\n"),
                            ("bare CR, LF lines",
                                "GET / HTTP/1.1\nHost: 127.0.0.1:\(server.port)\nX-A: a\rContent-Length: 10\n\(cookie)\n"),
                            ("folded line", "GET / HTTP/1.1\nHost: 127.0.0.1:\(server.port)\nX-A: a\n Content-Length: 10\n\(cookie)\n"),
                            ("NUL", "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nX-A: a\u{0}b\r\n\(cookie)\r\n")] {
            #expect(try server.send(raw).status == 400, "\(name)")
        }
        // What `printf 'GET /session HTTP/1.1\nHost: …\n\n' | nc` sends: answered, not left for the 408.
        let bareLF = try server.send("GET /session HTTP/1.1\nHost: 127.0.0.1:\(server.port)\nCookie: grock_session=\(session.cookie)\n\n")
        #expect(bareLF.status == 200 && bareLF.body.contains(#""version""#), "\(bareLF)")
        let head = try server.send("HEAD / HTTP/1.1\r\nHost: LOCALHOST:\(server.port)\r\n\(cookie)Connection: close\r\n\r\n")
        #expect(head.status == 200 && head.body.isEmpty && head.headers["content-length"] != "0", "HEAD, and a host name in capitals")
    }

    /// The page follows changes made elsewhere: a command line change arrives on the stream.
    @Test func aCommandLineChangeArrivesOnTheStream() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.stocked()
        let server = try ServeProcess(grock)
        defer { server.stop() }
        let session = try server.pair()
        let fd = try server.connect()
        defer { close(fd) }
        let request = "GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nCookie: grock_session=\(session.cookie)\r\n\r\n"
        server.write(fd, request)
        // The stream's headers say the server holds it: a change made after them is heard.
        let opened = server.read(fd, until: "text/event-stream", within: 3)
        #expect(opened.contains("text/event-stream"), "\(opened)")
        try grock.ok("item price Milk --store Aldi --price 1.29")
        let text = server.read(fd, until: "event: changed", within: 3)
        #expect(text.contains("event: changed"), "\(text)")
    }
}
