/// The bytes of the responses `grock serve` writes: the status line, the headers every
/// response carries (the Content-Security-Policy and the rest of docs/WEB.md's list), and a body
/// of the length given.
enum WebResponse {
    /// The headers that keep the page to itself: no inline script, no framing, no sniffing.
    static let securityHeaders = "Content-Security-Policy: default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        + "connect-src 'self'; manifest-src 'self'; worker-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'\r\n"
        + "X-Content-Type-Options: nosniff\r\nX-Frame-Options: DENY\r\nReferrer-Policy: no-referrer\r\n"
        + "Cross-Origin-Opener-Policy: same-origin\r\n"
        + "Cross-Origin-Resource-Policy: same-origin\r\n"

    /// A response whose body is `text` and a line break, as plain text.
    static func make(_ status: Int, text: String, headers: [String: String] = [:], close: Bool = false) -> [UInt8] {
        make(status, body: Array((text + "\n").utf8), type: "text/plain; charset=utf-8", headers: headers, close: close)
    }

    /// A response with `body` of the content `type`, and `headers` in the order of their names.
    static func make(_ status: Int, body: [UInt8], type: String, headers: [String: String] = [:], close: Bool = false) -> [UInt8] {
        let reasons = [200: "OK", 303: "See Other", 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found",
                       405: "Method Not Allowed", 408: "Request Timeout", 409: "Conflict", 422: "Unprocessable Content",
                       411: "Length Required", 413: "Content Too Large", 415: "Unsupported Media Type",
                       431: "Request Header Fields Too Large", 500: "Internal Server Error", 503: "Service Unavailable"]
        var head = "HTTP/1.1 \(status) \(reasons[status] ?? "Status")\r\nContent-Type: \(type)\r\nContent-Length: \(body.count)\r\n"
            + "Cache-Control: no-cache\r\n" + securityHeaders
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        if close { head += "Connection: close\r\n" }
        return Array((head + "\r\n").utf8) + body
    }
}
