/// One HTTP/1.1 request as `grock serve` reads it from a connection's bytes: the request line,
/// the headers (names lowercased) and a body of the length `Content-Length` gives. Anything else
/// is refused with the status that says why (RFC 9112): a header block over 16 KiB (431), a body
/// over 1 MiB (413), a chunked body (411: send its length), a line that is not HTTP/1.1 (400).
struct HTTPRequest: Sendable, Equatable {
    static let maximumHeaderBytes = 16 * 1024
    static let maximumBodyBytes = 1 << 20

    let method: String
    /// The path, without the query.
    let path: String
    /// The query's `name=value` pairs, percent-decoded.
    let query: [String: String]
    let headers: [String: String]
    let body: [UInt8]

    /// Why a request is refused before it is answered: the status and a sentence.
    struct Refusal: Error, Equatable {
        let status: Int
        let reason: String
    }

    /// What the bytes read so far hold.
    enum Parse: Equatable {
        /// Not a whole request yet: read more.
        case incomplete
        /// A whole request, and how many bytes it took.
        case request(HTTPRequest, consumed: Int)
        case refused(Refusal)
    }

    /// A request's line and headers, read once the blank line after them has arrived: all that
    /// is needed to tell when its body has arrived too, kept while it does (`HTTPRequestReader`).
    struct Head: Equatable {
        let method: String
        let path: String
        let query: [String: String]
        let headers: [String: String]
        /// The body's length, from `Content-Length` (none: 0).
        let bodyLength: Int
        /// The bytes the request line, the headers and their blank line take: where the body starts.
        let size: Int

        /// The head of `bytes`, its first `size` bytes (up to and with the blank line after the
        /// headers, as `headSize` finds it); checked in this order: the head's size, its line
        /// breaks, the request line, each header, the body's length, the query.
        init(_ bytes: [UInt8], size: Int) throws(Refusal) {
            guard size <= maximumHeaderBytes else { throw headersTooLarge }
            try checkLineBreaks(bytes, headSize: size)
            // Each line ends with an LF, and the CR before it is dropped (RFC 9112 §2.2); the
            // blank line and the end make empty lines, which `headerFields` skips.
            let lines = bytes[..<size].split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
                String(decoding: line.last == UInt8(ascii: "\r") ? line.dropLast() : line, as: UTF8.self)
            }
            let (method, target) = try requestLine(lines[0])
            headers = try headerFields(lines.dropFirst())
            bodyLength = try HTTPRequest.bodyLength(headers)
            let (path, query) = target.firstIndex(of: "?").map { (String(target[..<$0]), String(target[target.index(after: $0)...])) }
                ?? (String(target), "")
            self.method = method
            self.path = path
            self.query = try pairs(query)
            self.size = size
        }

        /// The request this head starts, with its body.
        func request(body: [UInt8]) -> HTTPRequest {
            HTTPRequest(method: method, path: path, query: query, headers: headers, body: body)
        }
    }

    static let headersTooLarge = Refusal(status: 431, reason: "the request's headers are larger than 16 KiB")

    /// What `bytes`, read from the start of a request, hold: a whole request, not enough yet,
    /// or something refused (as `Head` checks it). A connection, whose bytes arrive a read at a
    /// time, reads through an `HTTPRequestReader` instead, which parses the head once.
    static func parse(_ bytes: [UInt8]) -> Parse {
        var reader = HTTPRequestReader()
        reader.append(bytes[...])
        return reader.parse()
    }

    /// Refuses a head that holds a CR not followed by an LF, or a control character other than
    /// a tab or a line break: a bare CR or a NUL is read differently by different readers
    /// (request smuggling), and RFC 9112 §2.2 has a bare CR refused. An LF alone ends a line, as
    /// the RFC lets a recipient read it (and as nginx and Go do).
    private static func checkLineBreaks(_ bytes: [UInt8], headSize size: Int) throws(Refusal) {
        for index in 0..<size {
            let byte = bytes[index]
            let bareCR = byte == 13 && (index + 1 == size || bytes[index + 1] != 10)
            if bareCR || byte < 32 && byte != 9 && byte != 13 && byte != 10 || byte == 127 {
                throw Refusal(status: 400, reason: "a header line holds a control character or a bare CR")
            }
        }
    }

    /// The method and the target (path and query) of `GET /path?query HTTP/1.1`.
    private static func requestLine(_ line: String) throws(Refusal) -> (method: String, target: Substring) {
        let parts = line.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[2] == "HTTP/1.1" || parts[2] == "HTTP/1.0", !parts[0].isEmpty, parts[1].hasPrefix("/") else {
            throw Refusal(status: 400, reason: "not an HTTP/1.1 request line")
        }
        return (String(parts[0]), parts[1])
    }

    /// The header lines as fields, names lowercased; a name given twice has its values joined
    /// with commas, except the two that must be given once.
    private static func headerFields(_ lines: ArraySlice<String>) throws(Refusal) -> [String: String] {
        var headers: [String: String] = [:]
        for line in lines where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":"), !line.hasPrefix(" "), !line.hasPrefix("\t") else {
                throw Refusal(status: 400, reason: "a header line cannot be read")
            }
            let name = line[..<colon].lowercased()
            // A field name is a token (RFC 9110 §5.1): `Content-Length\t:` is no name, not another one.
            guard !name.isEmpty,
                  name.utf8.allSatisfy(Self.isTokenByte) else { throw Refusal(status: 400, reason: "a header name cannot be read") }
            let value = line[line.index(after: colon)...].trimmingSpaces
            if let earlier = headers[name] {
                // A repeated Content-Length or Host could make two readers see two requests.
                guard name != "content-length", name != "host" else { throw Refusal(status: 400, reason: "\(name) is given twice") }
                headers[name] = earlier + ", " + value
            } else {
                headers[name] = value
            }
        }
        return headers
    }

    /// A byte of a token (RFC 9110 §5.6.2): a letter, a digit or one of ``!#$%&'*+-.^_`|~``.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: tokenSymbols.contains(byte)
        }
    }

    private static let tokenSymbols = Array("!#$%&'*+-.^_`|~".utf8)

    /// The body's length, from `Content-Length` (none: 0); a body in chunks is refused.
    private static func bodyLength(_ headers: [String: String]) throws(Refusal) -> Int {
        if headers["transfer-encoding"] != nil {
            throw Refusal(status: 411, reason: "a body in chunks (Transfer-Encoding) is not accepted: send it with its Content-Length")
        }
        guard let text = headers["content-length"] else { return 0 }
        guard !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }), let value = Int(text) else {
            throw Refusal(status: text.utf8.count > 18 ? 413 : 400,
                          reason: text.utf8.count > 18 ? "the body is larger than 1 MiB" : "Content-Length is not a number")
        }
        guard value <= maximumBodyBytes else { throw Refusal(status: 413, reason: "the body is larger than 1 MiB") }
        return value
    }

    /// The size of the head `bytes` start with: the offset just past the blank line that ends
    /// the headers, or nil while it has not arrived. A line ends with an LF, with or without a CR
    /// before it (RFC 9112 §2.2), so the blank line is the LF after an LF, or the CR LF after
    /// one. Searched from `start` on (bytes before it are known to hold no LF of it); both offsets
    /// count from the slice's first byte.
    static func headSize(_ bytes: ArraySlice<UInt8>, from start: Int = 0) -> Int? {
        guard bytes.count >= 2 else { return nil }
        let first = bytes.startIndex
        for index in first + max(0, min(start, bytes.count - 3))..<(bytes.endIndex - 1) where bytes[index] == 10 {
            if bytes[index + 1] == 10 { return index + 2 - first }
            if bytes[index + 1] == 13, index + 2 < bytes.endIndex, bytes[index + 2] == 10 { return index + 3 - first }
        }
        return nil
    }

    /// `a=1&b=x%20y` as pairs; a name given twice keeps its first value.
    /// - Throws: a 400 `Refusal` for a `%` not followed by two hexadecimal digits, or escapes
    ///   that decode to bytes that are not UTF-8.
    static func pairs(_ query: String) throws(Refusal) -> [String: String] {
        var pairs: [String: String] = [:]
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = try percentDecoded(parts[0]), value = parts.count > 1 ? try percentDecoded(parts[1]) : ""
            if pairs[name] == nil { pairs[name] = value }
        }
        return pairs
    }

    /// `text` with its `%XX` escapes decoded and `+` as a space. A `%` without two hexadecimal
    /// digits after it is refused rather than kept or dropped: the query's values are acted on
    /// (the pairing token), and a value that two readers decode differently is how a check made
    /// on one reading is passed with another.
    private static func percentDecoded(_ text: Substring) throws(Refusal) -> String {
        let utf8 = Array(text.utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < utf8.count, let high = hexValue(utf8[index + 1]), let low = hexValue(utf8[index + 2]) else {
                    throw Refusal(status: 400, reason: "the query holds a % that is not followed by two hexadecimal digits")
                }
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                index += 1
            }
        }
        // Not read with U+FFFD for what is not UTF-8: two readers would differ there too.
        guard let decoded = String(validating: bytes, as: UTF8.self) else {
            throw Refusal(status: 400, reason: "the query's escapes decode to bytes that are not UTF-8")
        }
        return decoded
    }

    /// The value of one hexadecimal digit, or nil.
    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// A cookie's value from the `Cookie` header.
    func cookie(_ name: String) -> String? {
        for part in (headers["cookie"] ?? "").split(separator: ";") {
            let pair = part.trimmingSpaces.split(separator: "=", maxSplits: 1)
            if pair.count == 2, pair[0] == name { return String(pair[1]) }
        }
        return nil
    }
}

extension StringProtocol {
    /// Without the spaces and tabs around it.
    var trimmingSpaces: String {
        let trimmed = drop { $0 == " " || $0 == "\t" }
        return String(trimmed.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
