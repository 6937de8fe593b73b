import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// Connections that are slow, silent or closed early: a request sent a byte at a time is
/// answered, and connections held open by someone else crowd nobody out.
extension WebSecurityTests {
    /// A request sent a byte at a time, after another on the same connection, is answered; a
    /// query with a broken escape is refused.
    @Test func aRequestSentAByteAtATimeIsAnswered() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.ok("init")
        let server = try ServeProcess(grock)
        defer { server.stop() }
        let session = try server.pair()
        let raw = "GET /session HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nCookie: grock_session=\(session.cookie)\r\n\r\n"
        let fd = try server.connect()
        defer { close(fd) }
        server.write(fd, raw)
        #expect(try server.receive(fd, timeout: 10).status == 200)
        for byte in Array(raw.utf8) {
            server.write(fd, [byte])
            usleep(2000)  // so that the server reads the bytes one at a time: the case under test
        }
        let answer = try server.receive(fd, timeout: 10)
        #expect(answer.status == 200 && answer.body.contains(#""version""#), "\(answer)")
        #expect(try server.request("GET", "/?token=%zz", cookie: nil).status == 400)
    }

    /// An answer that waits longer than a request may take to arrive (here on the data
    /// directory's lock, held 11 s by another process) is still written: the connection was
    /// closed at 10 s, after the change committed, and the client never heard of it.
    @Test func aSlowAnswerIsWrittenWhenItComes() throws {
        var grock = try Grock()
        defer { grock.home.remove() }
        try grock.ok("init")
        grock.environment["GROCK_LOCK_TIMEOUT_MS"] = "30000"
        let server = try ServeProcess(grock)
        defer { server.stop() }
        let session = try server.pair()
        let held = open(grock.dataDirectory + "/lock", O_RDWR)
        defer { close(held) }
        #expect(flock(held, LOCK_EX) == 0)
        let release = Thread {
            sleep(11)
            flock(held, LOCK_UN)
        }
        release.start()
        let answer = try server.rpc("cart.new", #"{"cart":"Slow"}"#, session: session)
        #expect(answer.status == 200 && answer.body.contains(#""name":"Slow""#), "\(answer)")
    }

    /// Connections that say nothing, and streams opened and closed, crowd nobody out.
    @Test func silentConnectionsAndClosedStreamsCrowdNobodyOut() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.stocked()
        let server = try ServeProcess(grock)
        defer { server.stop() }
        let session = try server.pair()
        let stream = try server.connect()
        defer { close(stream) }
        let events = "GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nCookie: grock_session=\(session.cookie)\r\n\r\n"
        server.write(stream, events)
        #expect(server.read(stream, until: "text/event-stream", within: 3).contains("text/event-stream"), "the first stream is held")
        // Each stream is closed once the server holds it (its headers arrived), not at a guess.
        for index in 0..<70 {
            let other = try server.connect()
            server.write(other, events)
            #expect(server.read(other, until: "text/event-stream", within: 3).contains("text/event-stream"), "stream \(index) is held")
            close(other)
        }
        let silent = try (0..<70).map { _ in try server.connect() }
        defer { silent.forEach { close($0) } }
        // The first stream and 70 silent connections are more than the server holds (64): once
        // it has taken them all, it has closed the 7 silent ones that waited longest.
        let ended = server.ended(silent, atLeast: 7, within: 10)
        #expect(ended >= 7, "the server took every silent connection: \(ended) ended")
        #expect(try server.rpc("cart.list", "{}", session: session).status == 200, "served while 70 connections say nothing")
        try grock.ok("cart budget Weekly 30")
        let text = server.read(stream, until: "event: changed", within: 3)
        #expect(text.contains("event: changed"), "the first stream still hears of changes: \(text)")
    }

    /// A slow loris: more connections than the server holds, each of which sent one byte of a
    /// request and no more. A new one makes room by closing the one that has waited longest
    /// (not a paired browser's kept open), so a real request is still answered, again and again.
    @Test func connectionsThatSentOneByteCrowdNobodyOut() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.stocked()
        let server = try ServeProcess(grock)
        defer { server.stop() }
        let session = try server.pair()
        let kept = try server.connect()
        defer { close(kept) }
        let sessionRequest = "GET /session HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nCookie: grock_session=\(session.cookie)\r\n\r\n"
        server.write(kept, sessionRequest)
        #expect(try server.receive(kept, timeout: 20).status == 200, "a paired browser's connection, kept open")
        func loris() throws -> Int32 {
            let fd = try server.connect()
            server.write(fd, "G")
            return fd
        }
        var lorises = try (0..<63).map { _ in try loris() }
        defer { lorises.forEach { close($0) } }
        // The server holds 64 now. The first seven send a byte more meanwhile: a loris that
        // sends a byte now and then is no newer for it.
        usleep(200_000)
        for fd in lorises.prefix(7) { server.write(fd, "E") }
        usleep(200_000)
        lorises += try (0..<7).map { _ in try loris() }
        // Time for the server to read every loris's byte, as it has in a real attack: a
        // connection it has not read yet looks idle.
        usleep(200_000)
        // 71 are more than the server holds, and each real request one more: each is answered,
        // with no wait for the lorises' 10 s to run out.
        for attempt in 0..<3 {
            let answer = try server.rpc("cart.list", "{}", session: session)
            #expect(answer.status == 200, "served while 60-odd connections hold one byte each (\(attempt)): \(answer)")
        }
        // At least 8 were closed to make room (7, then one for the first request: the next ones
        // may find the room the one before left), the ones that have waited longest since their
        // first byte: the first opened.
        #expect(server.ended(lorises, atLeast: 8, within: 10) >= 8)
        var watched = lorises.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        _ = poll(&watched, nfds_t(watched.count), 0)
        let ended = watched.indices.filter { watched[$0].revents != 0 }
        #expect(ended.prefix(8) == Array(0..<8)[...], "the first to go are the oldest: \(ended)")
        server.write(kept, sessionRequest)
        #expect(try server.receive(kept, timeout: 20).status == 200, "the paired browser's connection was not closed to make room")
    }
}
