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
            #expect(result == .refused(HTTPRequest.Refusal(status: 400, reason: "the query holds a % that is not followed by two hexadecimal digits")), "\(escaped)")
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
        var scanned = 0
        for count in 1..<raw.count {
            let result = HTTPRequest.parse(Array(raw[..<count]), scanned: &scanned)
            #expect(result == .incomplete, "\(count) bytes")
            // Not searched again from the start: on from the last 3 bytes, or from the blank line once found.
            #expect(scanned == (count >= headerEnd + 4 ? headerEnd : max(0, count - 3)), "\(count) bytes")
        }
        #expect(HTTPRequest.parse(raw, scanned: &scanned) == whole)
    }

    /// A start out of range is brought within it: past the end, the last 4 bytes are still searched.
    @Test func theEndOfTheHeadersIsFoundFromAnyStart() {
        let raw = Array("GET / HTTP/1.1\r\n\r\n".utf8)
        for start in [-5, 0, 3, 14, 15, 100, Int.max] {
            #expect(HTTPRequest.headerEnd(raw, from: start) == 14, "from \(start)")
        }
        #expect(HTTPRequest.headerEnd(raw + Array("x\r\n\r\n".utf8), from: 15) == 19)
        #expect(HTTPRequest.headerEnd(Array("\r\n\r".utf8), from: 0) == nil)
    }
}
