import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A `grock serve` started for a test on a free loopback port, and a plain HTTP/1.1 client
/// over a socket (so that a test can send what no well-behaved client would).
final class ServeProcess: @unchecked Sendable {
    let process = Process()
    let url: String
    let port: UInt16
    let pairingToken: String

    /// Where its standard error goes when the test reads it (`errors`); nil: dropped.
    let errorPath: String?

    /// Starts `grock serve` over `grock`'s data directory and waits (10 s at most) for its URL.
    /// - Parameter errorPath: a file to keep its standard error in (a file, not a pipe: nothing
    ///   the server writes can fill a buffer nobody reads).
    init(_ grock: Grock, arguments: [String] = ["serve", "--listen", "127.0.0.1:0"], errorPath: String? = nil) throws {
        process.executableURL = Grock.executable
        process.arguments = arguments
        process.environment = grock.environment
        self.errorPath = errorPath
        let output = Pipe()
        process.standardOutput = output
        if let errorPath {
            guard FileManager.default.createFile(atPath: errorPath, contents: nil) else { throw Grock.Failure("cannot make \(errorPath)") }
            process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        } else {
            process.standardError = FileHandle.nullDevice
        }
        try process.run()
        let deadline = Date().addingTimeInterval(10)
        var text = ""
        while !text.contains("\n") && Date() < deadline {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let range = text.range(of: #"http://127\.0\.0\.1:[0-9]+/\?token=[0-9a-f]{32}"#, options: .regularExpression) else {
            process.terminate()
            throw Grock.Failure("grock serve printed no URL: \(text)")
        }
        url = String(text[range])
        let afterColon = url.split(separator: ":")[2]
        port = UInt16(afterColon.prefix { $0.isNumber })!
        pairingToken = String(url.suffix(32))
        dataDirectory = grock.dataDirectory
        // Read on as it comes: the server prints the next URL after each pairing, and a pipe
        // nobody reads would fill and stop it.
        printedSoFar.withLock { $0 = text }
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let chunk = handle.availableData
            // The end of the output (the server stopped): nothing more will come.
            guard !chunk.isEmpty else { return handle.readabilityHandler = nil }
            self?.printedSoFar.withLock { $0 += String(decoding: chunk, as: UTF8.self) }
        }
    }

    private let dataDirectory: String
    private let printedSoFar = Mutex("")

    /// What it printed on standard output so far.
    var printed: String { printedSoFar.withLock { $0 } }

    /// The pairing token now (each pairing uses one up): the first line of `web/sessions`.
    var currentPairingToken: String {
        get throws { String(try String(contentsOfFile: dataDirectory + "/web/sessions", encoding: .utf8).prefix(32)) }
    }

    /// What it wrote on standard error so far (empty when it is not kept).
    var errors: String { errorPath.flatMap { try? String(contentsOfFile: $0, encoding: .utf8) } ?? "" }

    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    /// A response as read off the socket.
    struct Response {
        let status: Int
        let headers: [String: String]
        let body: String
    }

    /// Sends `raw` on a new connection and reads one response (or until the server closes).
    func send(_ raw: String, timeout: Double = 20) throws -> Response {
        try send(Array(raw.utf8), timeout: timeout)
    }

    func send(_ raw: [UInt8], timeout: Double = 20) throws -> Response {
        let fd = try connect()
        defer { close(fd) }
        write(fd, raw)
        return try receive(fd, timeout: timeout)
    }

    /// A request with the session cookie (and, `fromPage`, the header that only a script of the
    /// server's own page can send).
    func request(_ method: String, _ path: String, cookie: String?, fromPage: Bool = false, body: String = "",
        headers: [String: String] = [:]) throws -> Response {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        if let cookie { head += "Cookie: grock_session=\(cookie)\r\n" }
        if fromPage { head += "X-Requested-With: grock\r\n" }
        if method == "POST" { head += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n" }
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        return try send(head + "\r\n" + body)
    }

    /// A paired browser: the session cookie it sends.
    struct Session {
        let cookie: String
    }

    /// Pairs a new browser with `token`, else the current pairing token.
    func pair(token: String? = nil) throws -> Session {
        let paired = try send(
            "GET /?token=\(try token ?? currentPairingToken) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
        guard paired.status == 303, let setCookie = paired.headers["set-cookie"],
              let value = setCookie.split(separator: ";").first?.split(separator: "=").last else {
                  throw Grock.Failure("pairing failed: \(paired)") }
        return Session(cookie: String(value))
    }

    /// A JSON-RPC call through `POST /rpc`; the response's body.
    func rpc(_ method: String, _ params: String, session: Session, key: String? = nil) throws -> Response {
        try request("POST", "/rpc", cookie: session.cookie, fromPage: true,
                    body: #"{"jsonrpc":"2.0","id":1,"method":"\#(method)","params":\#(params)}"#,
                        headers: key.map { ["Idempotency-Key": $0] } ?? [:])
    }

    /// Writes raw bytes on a connection of the test's.
    func write(_ fd: Int32, _ raw: [UInt8]) {
        _ = raw.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    func write(_ fd: Int32, _ text: String) { write(fd, Array(text.utf8)) }

    func connect() throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard connected == 0 else { close(fd); throw Grock.Failure("cannot connect: \(String(cString: strerror(errno)))") }
        return fd
    }

    /// Reads one response: headers, then `Content-Length` bytes (or until the server closes).
    func receive(_ fd: Int32, timeout: Double) throws -> Response {
        var time = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - Double(Int(timeout))) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            if let end = Self.headerEnd(bytes) {
                let (status, headers) = Self.head(bytes[..<end])
                if let length = headers["content-length"].flatMap(Int.init), bytes.count >= end + 4 + length {
                    return Response(status: status, headers: headers,
                        body: String(decoding: bytes[(end + 4)..<(end + 4 + length)], as: UTF8.self))
                }
            }
            let count = recv(fd, &chunk, chunk.count, 0)
            if count <= 0 {
                // A timeout (EAGAIN) and a closed or reset connection are told apart, for a failure's message.
                let why = count == 0 ? "closed" : String(cString: strerror(errno))
                guard let end = Self.headerEnd(bytes) else { throw Grock.Failure("no response (\(bytes.count) bytes; \(why))") }
                // A HEAD's answer ends here: its headers, and no body whatever its Content-Length.
                let (status, headers) = Self.head(bytes[..<end])
                return Response(status: status, headers: headers, body: String(decoding: bytes[(end + 4)...], as: UTF8.self))
            }
            bytes += chunk[..<count]
        }
    }

    /// The status and the headers (names in lower case) of a response's head.
    private static func head(_ bytes: ArraySlice<UInt8>) -> (Int, [String: String]) {
        let lines = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n")
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            if let colon = line.firstIndex(of: ":") {
                headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces) }
        }
        return (Int(lines[0].split(separator: " ").dropFirst().first ?? "") ?? 0, headers)
    }

    /// What a stream sends until `marker` arrives or `seconds` pass.
    func read(_ fd: Int32, until marker: String, within seconds: Int) -> String {
        var time = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        var text = ""
        var chunk = [UInt8](repeating: 0, count: 4096)
        let started = Date()
        while !text.contains(marker), Date().timeIntervalSince(started) < Double(seconds) {
            let count = recv(fd, &chunk, chunk.count, 0)
            if count <= 0 { break }
            text += String(decoding: chunk[..<count], as: UTF8.self)
        }
        return text
    }

    /// How many of `fds`, connections of the test's that send nothing, the server has ended
    /// (closed, or refused with a 503): waits until at least `count` are, or `seconds` pass.
    func ended(_ fds: [Int32], atLeast count: Int, within seconds: Double) -> Int {
        let deadline = Date().addingTimeInterval(seconds)
        var open = fds
        while fds.count - open.count < count, Date() < deadline {
            // A connection that sent nothing is readable only once the server has ended it.
            var watched = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            _ = poll(&watched, nfds_t(watched.count), 100)
            open = watched.filter { $0.revents == 0 }.map(\.fd)
        }
        return fds.count - open.count
    }

    private static func headerEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4) where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13
            && bytes[index + 3] == 10 { return index }
        return nil
    }
}
