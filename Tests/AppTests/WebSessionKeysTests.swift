import Foundation
import Testing

/// What belongs to one session in `grock serve`: the pairing token that opened it (used up),
/// the `Idempotency-Key`s it sends (another session's same key is another change), and the
/// session itself, which ends when the sessions file is deleted; and a query whose escapes are
/// not UTF-8, refused before it is acted on.
@Suite(.serialized) struct WebSessionKeysTests {
    private let gum = #"{"cart":"Weekly","name":"Gum","price":"0.99","store":"Aldi"}"#

    private func gums(_ grock: Grock) throws -> Int {
        let cart = try #require(try grock.json("cart show Weekly") as? [String: Any])
        return (cart["items"] as? [[String: Any]] ?? []).filter { $0["item"] as? String == "Gum" }.count
    }

    /// A pairing token pairs one browser: used again it is refused as a wrong one is, and the
    /// server prints the URL with the next token, which pairs the next browser (after a restart too).
    @Test func aPairingTokenPairsOneBrowser() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.ok("init")
        var server = try ServeProcess(grock)
        defer { server.stop() }
        let pairing = "GET /?token=\(server.pairingToken) HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nConnection: close\r\n\r\n"
        #expect(try server.send(pairing).status == 303)
        let second = try server.send(pairing)
        let wrong = try server.request("GET", "/?token=00000000000000000000000000000000", cookie: nil)
        #expect(second.status == 401 && second.body == wrong.body, "used up: \(second)")
        let next = try server.currentPairingToken
        #expect(next != server.pairingToken)
        let deadline = Date().addingTimeInterval(5)
        while !server.printed.contains("token=\(next)") && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect(server.printed.contains("/?token=\(next)"), "the next URL is printed: \(server.printed)")
        server.stop()
        server = try ServeProcess(grock)
        #expect(server.pairingToken == next, "a restart prints the token not yet used")
        #expect(try server.pair().cookie.count == 32)
        #expect(try server.request("GET", "/?token=\(next)", cookie: nil).status == 401)
    }

    /// A HEAD of the pairing URL (a link preview, `curl -I`) pairs nothing: it is refused (405,
    /// no cookie), and the token still pairs the browser that opens the URL after.
    @Test func aHeadOfThePairingURLPairsNothing() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.ok("init")
        let server = try ServeProcess(grock)
        defer { server.stop() }
        let head = try server.send(
            "HEAD /?token=\(server.pairingToken) HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nConnection: close\r\n\r\n")
        #expect(head.status == 405 && head.headers["set-cookie"] == nil && head.headers["allow"] == "GET" && head.body.isEmpty, "\(head)")
        #expect(try server.currentPairingToken == server.pairingToken, "the token is not used up")
        #expect(try server.pair(token: server.pairingToken).cookie.count == 32)
    }

    /// Two sessions sending one key each have their change applied; one session sending it
    /// again has it applied once, after a restart too; a browser paired again keeps its keys.
    @Test func aKeyIsItsSessionsOwn() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.stocked()
        try grock.ok("trip start Weekly")
        var server = try ServeProcess(grock)
        defer { server.stop() }
        let phone = try server.pair(), laptop = try server.pair()
        let key = "0123456789abcdef0123456789abcdef"
        let first = try server.rpc("trip.impulse", gum, session: phone, key: key)
        #expect(first.status == 200 && first.body.contains(#""result""#) && !first.body.contains("alreadyApplied"), "\(first.body)")
        let other = try server.rpc("trip.impulse", gum, session: laptop, key: key)
        #expect(other.status == 200 && other.body.contains(#""result""#) && !other.body.contains("alreadyApplied"),
            "another session's key: \(other.body)")
        #expect(try gums(grock) == 2)
        let applied = try String(contentsOfFile: grock.dataDirectory + "/web/applied", encoding: .utf8)
        #expect(applied.contains(key) && !applied.contains(phone.cookie) && !applied.contains(laptop.cookie),
            "no session's cookie written down twice")
        // Another change under the phone's key is refused; under the laptop's, its own key is new.
        #expect(try server.rpc("trip.impulse", gum, session: phone, key: key).body.contains(#""alreadyApplied":true"#))
        #expect(try server.rpc("cart.remove", #"{"cart":"Weekly","item":"Gum"}"#, session: phone, key: key).status == 422)
        server.stop()
        server = try ServeProcess(grock)
        #expect(try server.rpc("trip.impulse", gum, session: laptop, key: key).body.contains(#""alreadyApplied":true"#), "after a restart")
        #expect(try gums(grock) == 2)
        // Paired again (after --revoke) with its old cookie: the phone's waiting change stays applied once.
        try grock.ok("serve --revoke")
        server.stop()
        server = try ServeProcess(grock)
        let repaired = try server.send("GET /?token=\(server.pairingToken) HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n"
            + "Cookie: grock_session=\(phone.cookie)\r\nConnection: close\r\n\r\n")
        let cookie = try #require(repaired.headers["set-cookie"]?.split(separator: ";").first?.split(separator: "=").last.map(String.init))
        let again = try server.rpc("trip.impulse", gum, session: ServeProcess.Session(cookie: cookie), key: key)
        #expect(again.body.contains(#""alreadyApplied":true"#), "the old session's keys are the new one's: \(again.body)")
        let stranger = try server.pair()
        #expect(!(try server.rpc("trip.impulse", gum, session: stranger, key: key).body.contains("alreadyApplied")), "not a stranger's")
        #expect(try gums(grock) == 3)
    }

    /// An id that could not come back exactly (2^63) is refused as grock rpc refuses it, keyed
    /// or not, even when the same change was applied under that key with an id that can.
    @Test func aNumericIDThatCannotComeBackExactlyIsRefused() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.stocked()
        try grock.ok("trip start Weekly")
        let server = try ServeProcess(grock)
        defer { server.stop() }
        let session = try server.pair()
        let key = "0123456789abcdef0123456789abcdef"
        #expect(try server.rpc("trip.impulse", gum, session: session, key: key).body.contains(#""result""#))
        for key in [nil, key] {
            let body = #"{"jsonrpc":"2.0","id":9223372036854775808,"method":"trip.impulse","params":\#(gum)}"#
            let refused = try server.request("POST", "/rpc", cookie: session.cookie, fromPage: true, body: body,
                                             headers: key.map { ["Idempotency-Key": $0] } ?? [:])
            #expect(refused.status == 200 && refused.body.contains(#""code":-32600"#) && refused.body.contains(#""id":null"#),
                "\(key ?? "no key"): \(refused.body)")
        }
        #expect(try gums(grock) == 1)
    }

    /// A sessions file deleted while the server runs ends every session (none is kept in memory
    /// only); the URL with the token not yet used pairs, and writes the file afresh.
    @Test func aDeletedSessionsFileEndsEverySession() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.ok("init")
        let server = try ServeProcess(grock)
        defer { server.stop() }
        let session = try server.pair()
        #expect(try server.request("GET", "/session", cookie: session.cookie).status == 200)
        let file = grock.dataDirectory + "/web/sessions"
        let next = try server.currentPairingToken
        try FileManager.default.removeItem(atPath: file)
        #expect(try server.request("GET", "/session", cookie: session.cookie).status == 401)
        #expect(try server.rpc("cart.list", "{}", session: session).status == 401)
        let again = try server.pair(token: next)
        #expect(try server.request("GET", "/session", cookie: again.cookie).status == 200)
        let written = try String(contentsOfFile: file, encoding: .utf8)
        #expect(!written.hasPrefix(next) && written.contains(again.cookie) && !written.contains(session.cookie))
    }

    /// A `web/sessions` of an earlier version (each session's id, a tab, and the change token its
    /// page sent then) keeps its phones paired; the token is gone once the file is written again.
    @Test func aSessionsFileOfAnEarlierVersionStillPairs() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.ok("init")
        let (pairing, phone, oldToken) = ("0123456789abcdef0123456789abcdef", "1123456789abcdef0123456789abcdef",
            "2123456789abcdef0123456789abcdef")
        let file = grock.dataDirectory + "/web/sessions"
        try FileManager.default.createDirectory(atPath: grock.dataDirectory + "/web", withIntermediateDirectories: true)
        try "\(pairing)\n\(phone)\t\(oldToken)\n".write(toFile: file, atomically: true, encoding: .utf8)
        let server = try ServeProcess(grock)
        defer { server.stop() }
        #expect(try server.request("GET", "/session", cookie: phone).status == 200, "the phone stays paired")
        #expect(try server.rpc("cart.list", "{}", session: ServeProcess.Session(cookie: phone)).status == 200)
        #expect(try server.request("GET", "/session", cookie: oldToken).status == 401, "the old token is no session")
        _ = try server.pair(token: pairing)
        let written = try String(contentsOfFile: file, encoding: .utf8)
        #expect(written.contains(phone + "\n") && !written.contains(oldToken), "\(written)")
    }

    /// Percent escapes that decode to bytes that are not UTF-8 are refused (400), not read as U+FFFD.
    @Test func aQueryThatIsNotUTF8IsRefused() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.ok("init")
        let server = try ServeProcess(grock)
        defer { server.stop() }
        for query in ["token=%ff", "token=%c3", "%ff=1", "token=\(server.pairingToken)%80"] {
            let refused = try server.request("GET", "/?\(query)", cookie: nil)
            #expect(refused.status == 400 && refused.body.contains("UTF-8"), "\(query): \(refused)")
        }
        #expect(try server.request("GET", "/?token=%e2%82%ac", cookie: nil).status == 401, "UTF-8 escapes are read")
    }
}
