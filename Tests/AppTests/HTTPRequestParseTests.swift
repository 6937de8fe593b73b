@testable import Web
import Testing

/// `HTTPRequest.parse` on bytes as a connection reads them: the query's escapes, and a request
/// that arrives a byte at a time.
@Suite struct HTTPRequestParseTests {
    private func parsed(_ raw: String) -> HTTPRequest.Parse { HTTPRequest.parse(Array(raw.utf8)) }

    /// A `%` without two hexadecimal digits is refused (400), not dropped nor kept: the token
    /// in the query is acted on, and must read one way only.
    @Test(arguments: [("%zz", nil), ("%", nil), ("%4", nil), ("a%4", nil), ("%g1", nil), ("%41", "A"), ("%e2%82%ac", "€"),
                      ("a%2Fb", "a/b"), ("a+b", "a b"), ("%2B", "+"), ("%25zz", "%zz"), ("", "")] as [(String, String?)])
    func escapesInTheQueryDecodeOrAreRefused(_ escaped: String, _ decoded: String?) {
        let result = parsed("GET /?token=\(escaped)&\(escaped)=x HTTP/1.1\r\nHost: 127.0.0.1:1\r\n\r\n")
        if let decoded {
            guard case .request(let request, _) = result else { Issue.record("\(escaped): \(result)"); return }
            #expect(request.query["token"] == decoded, "\(escaped)")
            #expect(decoded.isEmpty || request.query[decoded] == "x", "\(escaped) as a name")
        } else {
            #expect(result == .refused(HTTPRequest.Refusal(status: 400,
                reason: "the query holds a % that is not followed by two hexadecimal digits")), "\(escaped)")
        }
    }

    /// A request a byte at a time (its blank line split between reads too) parses as it does
    /// whole, and each read searches on from where the last one stopped.
    @Test func aRequestArrivingAByteAtATimeParsesAsWhole() {
        let raw = Array("POST /rpc?a=%41 HTTP/1.1\r\nHost: 127.0.0.1:1\r\nContent-Length: 5\r\nX-A: b\r\n\r\nhello".utf8)
        let whole = HTTPRequest.parse(raw)
        guard case .request(let expected, let consumed) = whole else { Issue.record("\(whole)"); return }
        #expect(consumed == raw.count && expected.body == Array("hello".utf8) && expected.query["a"] == "A")
        let headerEnd = raw.count - 5 - 4
        var reader = HTTPRequestReader()
        for count in 1..<raw.count {
            reader.append(raw[(count - 1)..<count])
            let result = reader.parse()
            #expect(result == .incomplete, "\(count) bytes")
            // Not searched again from the start: on from the last 3 bytes, until the blank line is found.
            if count < headerEnd + 4 { #expect(reader.state == .searching(from: max(0, count - 3)), "\(count) bytes") }
        }
        reader.append(raw[(raw.count - 1)...])
        #expect(reader.parse() == whole)
        #expect(reader.headsParsed == 1)
    }

    /// Once its blank line has come, a request's head is parsed once and kept: a body sent in
    /// 1,000 pieces is counted as it comes, never parsed again (a client dribbling its body
    /// cannot make the server read 16 KiB of headers at every byte).
    @Test func theHeadIsParsedOnceWhileTheBodyArrives() throws {
        let body = Array(repeating: UInt8(ascii: "x"), count: 1_000)
        let pad = String(repeating: "p", count: 15_000)
        let head = Array("POST /rpc HTTP/1.1\r\nHost: 127.0.0.1:1\r\nContent-Length: 1000\r\nX-Pad: \(pad)\r\n\r\n".utf8)
        var reader = HTTPRequestReader()
        reader.append(head[...])
        #expect(reader.parse() == .incomplete)
        let parsed = try HTTPRequest.Head(head, size: head.count)
        #expect(reader.state == .read(parsed) && parsed.size == head.count && parsed.bodyLength == 1_000)
        for index in body.indices {
            reader.append(body[index...index])
            let result = reader.parse()
            #expect(index == body.count - 1 || result == .incomplete)
        }
        guard case .request(let request, let consumed) = reader.parse() else { Issue.record("not whole"); return }
        #expect(request.body == body && request.headers["x-pad"]?.count == 15_000 && consumed == head.count + body.count)
        #expect(reader.headsParsed == 1, "parsed \(reader.headsParsed) times")
        // The next request on the connection is read afresh.
        reader.take(consumed)
        reader.append(Array("GET / HTTP/1.1\r\nHost: 127.0.0.1:1\r\n\r\n".utf8)[...])
        guard case .request(let next, _) = reader.parse() else { Issue.record("the next request"); return }
        #expect(next.method == "GET" && next.body.isEmpty && reader.headsParsed == 2)
    }

    /// Sixteenth review: taking a request moved every byte after it, so requests pipelined on
    /// one connection cost the square of their bytes (20,000 took 2.3 s of the server's time).
    /// Taking moves an offset on: the bytes moved to drop what was taken are at most as many.
    @Test func requestsPipelinedOnOneConnectionAreMovedAtMostOnce() {
        let request = Array("GET /a HTTP/1.1\r\nHost: 127.0.0.1:1\r\n\r\n".utf8)
        var reader = HTTPRequestReader()
        reader.append(Array(repeatElement(request, count: 2_000).joined())[...])
        var paths: [String] = []
        while case .request(let next, let consumed) = reader.parse() {
            paths.append(next.path)
            reader.take(consumed)
        }
        #expect(paths == Array(repeating: "/a", count: 2_000) && reader.unread.isEmpty)
        #expect(reader.unread.movedBytes <= 2_000 * request.count, "\(reader.unread.movedBytes) bytes moved")
    }

    /// A refused head stays refused (and is not parsed again) until its bytes are discarded.
    @Test func aRefusalIsKeptUntilDiscarded() {
        var reader = HTTPRequestReader()
        reader.append(Array("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n".utf8)[...])
        let refused = HTTPRequest.Parse.refused(HTTPRequest.Refusal(status: 400, reason: "host is given twice"))
        #expect(reader.parse() == refused)
        reader.append(Array("more".utf8)[...])
        #expect(reader.parse() == refused && reader.headsParsed == 1)
        reader.discard()
        reader.append(Array("GET / HTTP/1.1\r\n\r\n".utf8)[...])
        guard case .request = reader.parse() else { Issue.record("after discard"); return }
    }

    /// A start out of range is brought within it: past the end, the last 3 bytes are still searched.
    @Test func theEndOfTheHeadersIsFoundFromAnyStart() {
        let raw = Array("GET / HTTP/1.1\r\n\r\n".utf8)
        for start in [-5, 0, 3, 14, 15, 100, Int.max] {
            #expect(HTTPRequest.headSize(raw[...], from: start) == 18, "from \(start)")
        }
        #expect(HTTPRequest.headSize((raw + Array("x\r\n\r\n".utf8))[...], from: 16) == 23, "the bytes before the start are not searched")
        #expect(HTTPRequest.headSize((Array("x\n\n".utf8) + raw)[3...]) == 18, "the bytes before the slice are not searched, nor counted")
        #expect(HTTPRequest.headSize(Array("x\r\n\nA".utf8)[3...]) == nil, "no blank line across the slice's start")
        #expect(HTTPRequest.headSize(Array("\r\n\r".utf8)[...], from: 0) == nil)
        #expect(HTTPRequest.headSize(Array("GET / HTTP/1.1\n\n".utf8)[...], from: Int.max) == 16)
    }

    /// A line may end with an LF alone (RFC 9112 §2.2: `printf 'GET / HTTP/1.1\nHost: x\n\n' | nc`):
    /// the request is whole when its blank line arrives, however its lines end, and reads as
    /// with CR LF, whole or a byte at a time.
    @Test(arguments: ["GET /?a=1 HTTP/1.1\nHost: h\nContent-Length: 5\n\nhello",
        "GET /?a=1 HTTP/1.1\r\nHost: h\nContent-Length: 5\r\n\nhello",
                      "GET /?a=1 HTTP/1.1\nHost: h\r\nContent-Length: 5\n\r\nhello"])
    func linesEndingInABareLFAreRead(_ raw: String) {
        let bytes = Array(raw.utf8)
        let expected = HTTPRequest(method: "GET", path: "/", query: ["a": "1"], headers: ["host": "h", "content-length": "5"],
            body: Array("hello".utf8))
        #expect(HTTPRequest.parse(bytes) == .request(expected, consumed: bytes.count), "\(raw.debugDescription)")
        var reader = HTTPRequestReader()
        for index in bytes.indices {
            reader.append(bytes[index...index])
            let result = reader.parse()
            #expect(result == (index == bytes.count - 1 ? .request(expected, consumed: bytes.count) : .incomplete),
                "\(raw.debugDescription) at \(index)")
        }
    }

    /// A bare CR (one not before an LF) and a folded header line (one that starts with a space
    /// or a tab) are refused however the lines end: two readers could see two requests.
    @Test(arguments: [("GET / HTTP/1.1\r\nHost: h\rContent-Length: 5\r\n\r\n", 400),
        ("GET / HTTP/1.1\nHost: h\rContent-Length: 5\n\n", 400),
                      ("GET / HTTP/1.1\nHost: h\r\r\n\n", 400), ("GET / HTTP/1.1\nHost: h\n X-A: b\n\n", 400),
                      ("GET / HTTP/1.1\r\nHost: h\r\n\tX-A: b\r\n\r\n", 400), ("GET / HTTP/1.1\nHost: h\nX-A: a\u{0}b\n\n", 400)])
    func aBareCROrAFoldedLineIsRefused(_ raw: String, _ status: Int) {
        let result = HTTPRequest.parse(Array(raw.utf8))
        guard case .refused(let refusal) = result else { Issue.record("\(raw.debugDescription): \(result)"); return }
        #expect(refusal.status == status, "\(raw.debugDescription)")
    }

    /// A header name is a token: one with a tab, a space, a slash or a non-ASCII letter in it is
    /// refused (thirteenth review: `Content-Length\t:` was kept as another header), not read as a
    /// name another reader would see otherwise.
    @Test(arguments: ["Content-Length\t", "Content Length", "Content-Länge", "Host/x", "X-(a)"])
    func aHeaderNameThatIsNoTokenIsRefused(_ name: String) {
        aBareCROrAFoldedLineIsRefused("POST / HTTP/1.1\r\nHost: h\r\n\(name): 5\r\n\r\nhello", 400)
        guard case .request(let request, _) = HTTPRequest.parse(Array("GET / HTTP/1.1\r\nHost: h\r\nX-Ok_1.a~!: 1\r\n\r\n".utf8)) else {
            Issue.record("a name of token bytes is refused")
            return
        }
        #expect(request.headers["x-ok_1.a~!"] == "1")
    }
}
