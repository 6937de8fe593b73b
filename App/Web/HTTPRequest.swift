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

    /// What `bytes`, read from the start of a request, hold: a whole request, not enough yet,
    /// or something refused (checked in this order: the headers' size, their line breaks, the
    /// request line, each header, the body's length).
    static func parse(_ bytes: [UInt8]) -> Parse {
        let headersTooLarge = Refusal(status: 431, reason: "the request's headers are larger than 16 KiB")
        guard let end = headerEnd(bytes) else { return bytes.count > maximumHeaderBytes ? .refused(headersTooLarge) : .incomplete }
        do throws(Refusal) {
            guard end <= maximumHeaderBytes else { throw headersTooLarge }
            try checkLineBreaks(bytes, headerEnd: end)
            let lines = bytes[..<end].split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
                String(decoding: line.last == UInt8(ascii: "\r") ? line.dropLast() : line, as: UTF8.self)
            }
            let (method, target) = try requestLine(lines[0])
            let headers = try headerFields(lines.dropFirst())
            let length = try bodyLength(headers)
            let start = end + 4
            guard bytes.count - start >= length else { return .incomplete }
            let (path, query) = target.firstIndex(of: "?").map { (String(target[..<$0]), String(target[target.index(after: $0)...])) } ?? (String(target), "")
            return .request(HTTPRequest(method: method, path: path, query: Self.pairs(query), headers: headers,
                                        body: Array(bytes[start..<(start + length)])), consumed: start + length)
        } catch {
            return .refused(error)
        }
    }

    /// Refuses headers whose lines do not all end with CR LF, or that hold another control
    /// character: a bare LF or CR, or a NUL, is read differently by different readers (request
    /// smuggling).
    private static func checkLineBreaks(_ bytes: [UInt8], headerEnd end: Int) throws(Refusal) {
        for index in 0..<end {
            let byte = bytes[index]
            let lineEnd = byte == 13 && bytes[index + 1] == 10 || byte == 10 && index > 0 && bytes[index - 1] == 13
            if (byte == 13 || byte == 10) && !lineEnd || byte < 32 && byte != 9 && byte != 13 && byte != 10 || byte == 127 {
                throw Refusal(status: 400, reason: "a header line holds a control character or a bare line break")
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
            guard !name.isEmpty, !name.contains(" ") else { throw Refusal(status: 400, reason: "a header name cannot be read") }
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

    /// The body's length, from `Content-Length` (none: 0); a body in chunks is refused.
    private static func bodyLength(_ headers: [String: String]) throws(Refusal) -> Int {
        if headers["transfer-encoding"] != nil {
            throw Refusal(status: 411, reason: "a body in chunks (Transfer-Encoding) is not accepted: send it with its Content-Length")
        }
        guard let text = headers["content-length"] else { return 0 }
        guard !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }), let value = Int(text) else {
            throw Refusal(status: text.utf8.count > 18 ? 413 : 400, reason: text.utf8.count > 18 ? "the body is larger than 1 MiB" : "Content-Length is not a number")
        }
        guard value <= maximumBodyBytes else { throw Refusal(status: 413, reason: "the body is larger than 1 MiB") }
        return value
    }

    /// The offset of the blank line that ends the headers (`\r\n\r\n`), or nil.
    static func headerEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4) where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }

    /// `a=1&b=x%20y` as pairs; a name given twice keeps its first value.
    static func pairs(_ query: String) -> [String: String] {
        var pairs: [String: String] = [:]
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = percentDecoded(parts[0]), value = parts.count > 1 ? percentDecoded(parts[1]) : ""
            if pairs[name] == nil { pairs[name] = value }
        }
        return pairs
    }

    private static func percentDecoded(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "%"), let high = iterator.next(), let low = iterator.next(),
               let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16) {
                bytes.append(value)
            } else {
                bytes.append(byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
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
