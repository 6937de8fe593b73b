import Composition
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Dispatch
import RPC
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `grock serve`: the third front, a page a phone opens from the laptop (docs/WEB.md). It
/// serves the page (plain HTML, CSS and JavaScript compiled into the binary), the same JSON-RPC
/// methods as `grock rpc` (`POST /rpc`, from `RPCMethod.all`), and a stream of the changes made
/// meanwhile (`GET /events`, Server-Sent Events). Every request needs the session a browser gets
/// by opening the printed URL once (its pairing token), on loopback too; every request that
/// changes data also carries the session's token in `X-Grock-Token`, which no other site can
/// send. A change sent with an `Idempotency-Key` is applied once, however often it is sent.
@MainActor
public final class WebServer {
    /// Where to listen, and how long a client may take to send one request.
    public struct Options: Sendable {
        /// The IPv4 or IPv6 literal to listen on: loopback (`127.0.0.1`) unless the home network
        /// should reach the page (`0.0.0.0`, from `grock serve --listen`).
        public var address: String
        /// The TCP port to listen on; 0 takes any free one.
        public var port: UInt16
        /// How long a request may take to arrive whole, from its first byte: a client slower than
        /// that is dropped, so it cannot hold a connection.
        public var requestTimeout: Duration
        /// Where a line for the person running the server goes (standard error unless told).
        public var warn: @Sendable (String) -> Void

        /// Options as given; the defaults are `grock serve`'s: loopback, port 8421, 10 seconds.
        /// - Parameter warn: told a line when the sessions file cannot be read meanwhile, and when it can again.
        public init(address: String = "127.0.0.1", port: UInt16 = 8421, requestTimeout: Duration = .seconds(10),
                    warn: @escaping @Sendable (String) -> Void = WebServer.standardError) {
            self.address = address
            self.port = port
            self.requestTimeout = requestTimeout
            self.warn = warn
        }
    }

    static let cookie = "grock_session"
    private let container: AppContainer
    private let rpc: RPCServer
    private let options: Options
    private var sessions: WebSessions
    /// The keys of the changes applied, each with its request's fingerprint; the newest
    /// `keptKeys` are kept (older ones belong to changes acknowledged long ago).
    private var applied: [String: UInt64]
    /// The keys in the order they were applied, to forget the oldest.
    private var appliedOrder: [String]
    static let keptKeys = 10_000
    /// Keys of changes being applied now.
    private var inFlight: Set<String> = []
    private let appliedPath: String?
    private var loop: HTTPLoop?
    /// Why the sessions file could not be read at the last request; nil when it could. While it
    /// cannot, no session (nor the pairing token) is honoured: a `--revoke` meanwhile might be in it.
    private var sessionsFailure: WebError?

    /// A server over `container`, its sessions read from the data directory.
    public init(container: AppContainer, options: Options) throws {
        self.container = container
        self.options = options
        rpc = RPCServer(container: container)
        sessions = try WebSessions(directory: container.directory)
        appliedPath = container.directory.map { $0 + "/web/applied" }
        var keys: [(String, UInt64)] = []
        for line in (try appliedPath.flatMap { try WebFiles.read($0) } ?? "").split(separator: "\n") {
            let parts = line.split(separator: "\t")
            if parts.count == 2, let fingerprint = UInt64(parts[1], radix: 16) { keys.append((String(parts[0]), fingerprint)) }
        }
        if keys.count > Self.keptKeys, let appliedPath {
            keys.removeFirst(keys.count - Self.keptKeys)
            try WebFiles.write(keys.map { "\($0.0)\t\(String($0.1, radix: 16))\n" }.joined(), to: appliedPath)
        }
        applied = Dictionary(keys, uniquingKeysWith: { $1 })
        appliedOrder = keys.map(\.0)
    }

    /// Draws a new pairing token and ends every session: the old URL and every paired browser stop working.
    public static func revoke(container: AppContainer) throws {
        _ = try WebSessions(directory: container.directory, afresh: true)
        // The keys of applied changes stay: a page paired again sends its queue again.
    }

    /// Listens, then tells `announce` the URL to open (with the pairing token), and serves until the process ends.
    /// - Throws: `WebError` when it cannot listen, or when the sockets can no longer be watched.
    public func run(announce: (String) -> Void) async throws {
        let loop = try HTTPLoop(address: options.address, port: options.port, requestTimeout: options.requestTimeout,
                                handle: { [weak self] id, request in
                                    Task { @MainActor in await self?.receive(id, request) }
                                },
                                refuse: { refusal in WebServer.response(refusal.status, text: refusal.reason, close: true) })
        self.loop = loop
        let path = ":\(loop.port)/?token=\(sessions.pairingToken)"
        if options.address == "0.0.0.0" || options.address == "::" {
            // Every address: the phone needs the one this machine has on the home network.
            let addresses = WebServer.networkAddresses()
            announce((["http://127.0.0.1" + path] + addresses.map { "http://\($0)" + path }).joined(separator: " or "))
        } else {
            announce("http://" + (options.address.contains(":") ? "[\(options.address)]" : options.address) + path)
        }
        let (loopFailures, loopFailure) = AsyncStream.makeStream(of: WebError.self)
        DispatchQueue(label: "grock.serve").async {
            do throws(WebError) { try loop.run() } catch { loopFailure.yield(error) }
            loopFailure.finish()
        }
        let changes = container.changes()
        let heartbeat = Task { @MainActor [weak self] in
            while !Task.isCancelled {
                // Cancelled while asleep: the loop's condition ends it.
                try? await Task.sleep(for: .seconds(15))
                self?.broadcast(": still here\n\n")
            }
        }
        defer { heartbeat.cancel() }
        let forwarding = Task { @MainActor [weak self] in
            for await change in changes {
                self?.broadcast("event: changed\ndata: {\"origin\":\"\(change.origin.rawValue)\"}\n\n")
            }
            loopFailure.finish()   // the changes ended: so does serving
        }
        defer { forwarding.cancel() }
        // Until the loop fails: its error ends the server.
        for await failure in loopFailures { throw failure }
    }

    /// Writes `grock: line` to standard error, in one write (`Options.warn`'s default).
    public nonisolated static func standardError(_ line: String) {
        let bytes = Array("grock: \(line)\n".utf8)
        _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }

    /// This machine's IPv4 addresses other than loopback.
    nonisolated static func networkAddresses() -> [String] {
        var first: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&first) == 0 else { return [] }
        defer { freeifaddrs(first) }
        var addresses: [String] = []
        var next = first
        while let entry = next {
            defer { next = entry.pointee.ifa_next }
            guard let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET) else { continue }
            var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
            let found = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { ipv4 in
                var raw = ipv4.pointee.sin_addr
                return inet_ntop(AF_INET, &raw, &text, socklen_t(text.count)) != nil
            }
            let string = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if found, !string.hasPrefix("127."), !addresses.contains(string) { addresses.append(string) }
        }
        return addresses
    }

    private func broadcast(_ event: String) {
        loop?.send(HTTPLoop.Output(connection: HTTPLoop.everyStream, bytes: Array(event.utf8), close: false))
    }

    private func receive(_ id: HTTPLoop.ConnectionID, _ request: HTTPRequest) async {
        // HEAD is GET without its body.
        let isHead = request.method == "HEAD"
        let asked = isHead ? HTTPRequest(method: "GET", path: request.path, query: request.query, headers: request.headers, body: request.body) : request
        var (bytes, stream) = await respond(to: asked)
        if isHead, let end = HTTPRequest.headerEnd(bytes) { bytes = Array(bytes[..<(end + 4)]); stream = false }
        let close = request.headers["connection"]?.lowercased() == "close" || isHead && stream
        loop?.send(HTTPLoop.Output(connection: id, bytes: bytes, close: close && !stream, stream: stream))
    }


    /// The response to a request, and whether it opened a stream.
    func respond(to request: HTTPRequest) async -> ([UInt8], Bool) {
        // `grock serve --revoke` run meanwhile, in another process, ends these sessions now. A file
        // that cannot be read (or is damaged, or was replaced by a link) might hold a revocation:
        // every request that needs a session is refused until it can be read again (fail closed).
        do {
            try sessions.reloadIfChanged()
            if sessionsFailure != nil { options.warn("the sessions file can be read again: serving") }
            sessionsFailure = nil
        } catch {
            // Told once, when it starts failing: a client retrying must not flood the terminal.
            if sessionsFailure == nil { options.warn("\(error); no session is honoured until it can be read") }
            sessionsFailure = error
        }
        guard let host = request.headers["host"]?.lowercased(), isOwnHost(host) else {
            return (Self.response(403, text: "this server answers to its own address only (the Host header names another)"), false)
        }
        if sessionsFailure != nil {
            // The reason stays on the server's terminal: the file's path is not for any client to read.
            return (Self.response(503, text: "the server cannot read its sessions file: no session is honoured until it can (its terminal says why)"), false)
        }
        if request.method == "GET", request.path == "/", request.query["token"] != nil {
            guard sessions.isPairingToken(request.query["token"]) else {
                return (Self.response(401, text: "this pairing token is not (or no longer) valid: open the URL grock serve printed"), false)
            }
            let session: WebSessions.Session
            do { session = try sessions.open() } catch { return (Self.response(500, text: "the session cannot be kept: \(error)"), false) }
            return (Self.response(303, text: "paired", headers: ["Location": "/",
                    "Set-Cookie": "\(Self.cookie)=\(session.id); Path=/; HttpOnly; SameSite=Strict; Max-Age=31536000"]), false)
        }
        guard let session = sessions.session(request.cookie(Self.cookie)) else {
            return (Self.response(401, text: "not paired: open the URL grock serve printed (with its token) once on this device"), false)
        }
        switch (request.method, request.path) {
        case ("GET", "/"), ("GET", "/index.html"): return (Self.response(200, body: Array(WebPage.html.utf8), type: "text/html; charset=utf-8"), false)
        case ("GET", "/app.js"): return (Self.response(200, body: Array(WebPage.script.utf8), type: "text/javascript; charset=utf-8"), false)
        case ("GET", "/app.css"): return (Self.response(200, body: Array(WebPage.style.utf8), type: "text/css; charset=utf-8"), false)
        case ("GET", "/sw.js"): return (Self.response(200, body: Array(WebPage.worker.utf8), type: "text/javascript; charset=utf-8"), false)
        case ("GET", "/session"):
            return (Self.response(200, body: Array("{\"token\":\"\(session.token)\",\"version\":\"\(GrockVersion.number)\"}".utf8), type: "application/json"), false)
        case ("GET", "/events"):
            return (Array(("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\n" + Self.securityHeaders + "\r\nretry: 2000\n\n").utf8), true)
        case ("POST", "/rpc"):
            return (await call(request, session: session), false)
        case (_, "/"), (_, "/rpc"), (_, "/session"), (_, "/events"), (_, "/app.js"), (_, "/app.css"), (_, "/sw.js"):
            return (Self.response(405, text: "\(request.method) is not how \(request.path) is used"), false)
        default:
            return (Self.response(404, text: "nothing at \(request.path)"), false)
        }
    }

    /// `POST /rpc`: a JSON-RPC request from the page, applied once per `Idempotency-Key`.
    private func call(_ request: HTTPRequest, session: WebSessions.Session) async -> [UInt8] {
        let started = ContinuousClock.now
        guard let token = request.headers["x-grock-token"], WebSessions.same(token, session.token) else {
            return Self.response(403, text: "a change needs the session's X-Grock-Token header (a page of another site cannot send it)")
        }
        if let origin = request.headers["origin"], let host = request.headers["host"], origin != "http://\(host)" {
            return Self.response(403, text: "a change from another origin (\(origin)) is refused")
        }
        guard request.headers["content-type"]?.lowercased().hasPrefix("application/json") == true else {
            return Self.response(415, text: "send the JSON-RPC request as application/json")
        }
        let body = String(decoding: request.body, as: UTF8.self)
        let key = request.headers["idempotency-key"]
        var fingerprint: UInt64 = 0
        if let key {
            guard !key.isEmpty, key.count <= 100, key.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else {
                return Self.response(400, text: "an Idempotency-Key is up to 100 letters, digits and dashes")
            }
            // Answered once it is applied: a notification (no id) would be applied unanswered, its key never kept.
            guard case .object(let fields)? = try? JSONDecoder().decode(JSONValue.self, from: Data(request.body)), let id = fields["id"] else {
                return Self.response(400, text: "a change sent with an Idempotency-Key is a JSON-RPC request with an id")
            }
            // The change itself (method and parameters), whatever its id or spacing. Values read
            // from JSON encode again; were one not to, no key is kept for a text it does not have.
            guard let change = try? RPCServer.changeText(method: fields["method"] ?? .null, params: fields["params"] ?? .null) else {
                return Self.response(200, body: Array(RPCServer.internalError(id: id).utf8), type: "application/json")
            }
            fingerprint = Self.fingerprint(Array(change.utf8))
            if let known = applied[key] {
                guard known == fingerprint else { return Self.response(422, text: "this Idempotency-Key was used for another change") }
                return Self.response(200, body: Array(RPCServer.encode(Response(id: id, result: AlreadyApplied())).utf8), type: "application/json")
            }
            // The same change sent again while its first try is still being applied (its answer
            // was given up on): not applied twice; the page sends it again and hears "already applied".
            guard !inFlight.contains(key) else { return Self.response(409, text: "this change is being applied; send it again") }
            inFlight.insert(key)
        }
        defer { if let key { inFlight.remove(key) } }
        let (line, succeeded) = await rpc.answer(to: body)
        let answer = line ?? ""
        if let key, succeeded {
            // Kept before the answer leaves: an answer lost on the way makes the page send it again.
            do {
                try appliedPath.map { path throws(WebError) in try WebFiles.append("\(key)\t\(String(fingerprint, radix: 16))", to: path) }
                applied[key] = fingerprint
                appliedOrder.append(key)
                if appliedOrder.count >= 2 * Self.keptKeys { try forgetOldestKeys() }
            } catch {
                return Self.response(500, text: "the change was saved, but its key could not be kept: \(error)")
            }
        }
        // The server's own time, for the page's developer tools and bench/web.sh.
        let elapsed = started.duration(to: .now)
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        return Self.response(200, body: Array(answer.utf8), type: "application/json",
                             headers: ["Server-Timing": "app;dur=\(Double(Int(milliseconds * 1000)) / 1000)"])
    }

    /// Keeps the newest `keptKeys` keys, in memory and in the file (a long-running server's
    /// file would otherwise grow without end).
    private func forgetOldestKeys() throws(WebError) {
        let forgotten = appliedOrder.prefix(appliedOrder.count - Self.keptKeys)
        for key in forgotten { applied[key] = nil }
        appliedOrder.removeFirst(forgotten.count)
        try appliedPath.map { path throws(WebError) in
            try WebFiles.write(appliedOrder.map { "\($0)\t\(String(applied[$0] ?? 0, radix: 16))\n" }.joined(), to: path)
        }
    }

    /// A change's fingerprint (FNV-1a): a key sent again must come with the same change.
    static func fingerprint(_ bytes: [UInt8]) -> UInt64 {
        bytes.reduce(0xcbf2_9ce4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }

    /// Only names that cannot be re-pointed at another machine by DNS: `localhost` and IP
    /// literals, on this server's port (a rebinding page's host is a name of its own).
    private func isOwnHost(_ host: String) -> Bool {
        let port = loop.map { String($0.port) } ?? String(options.port)
        let name: Substring
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]"), host[host.index(after: close)...] == ":\(port)" else { return false }
            name = host[host.index(after: host.startIndex)..<close]
            return name.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
        }
        guard let colon = host.lastIndex(of: ":"), host[host.index(after: colon)...] == port else { return false }
        name = host[..<colon]
        if name == "localhost" { return true }
        let octets = name.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets.allSatisfy { UInt8($0) != nil }
    }

    nonisolated static let securityHeaders = "Content-Security-Policy: default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        + "connect-src 'self'; manifest-src 'self'; worker-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'\r\n"
        + "X-Content-Type-Options: nosniff\r\nX-Frame-Options: DENY\r\nReferrer-Policy: no-referrer\r\nCross-Origin-Opener-Policy: same-origin\r\n"
        + "Cross-Origin-Resource-Policy: same-origin\r\n"

    nonisolated static func response(_ status: Int, text: String, headers: [String: String] = [:], close: Bool = false) -> [UInt8] {
        response(status, body: Array((text + "\n").utf8), type: "text/plain; charset=utf-8", headers: headers, close: close)
    }

    nonisolated static func response(_ status: Int, body: [UInt8], type: String, headers: [String: String] = [:], close: Bool = false) -> [UInt8] {
        let reasons = [200: "OK", 303: "See Other", 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found",
                       405: "Method Not Allowed", 408: "Request Timeout", 409: "Conflict", 422: "Unprocessable Content", 411: "Length Required", 413: "Content Too Large",
                       415: "Unsupported Media Type", 431: "Request Header Fields Too Large", 500: "Internal Server Error", 503: "Service Unavailable"]
        var head = "HTTP/1.1 \(status) \(reasons[status] ?? "Status")\r\nContent-Type: \(type)\r\nContent-Length: \(body.count)\r\n"
            + "Cache-Control: no-cache\r\n" + securityHeaders
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        if close { head += "Connection: close\r\n" }
        return Array((head + "\r\n").utf8) + body
    }
}

/// The answer to a change whose key was applied before.
struct AlreadyApplied: Encodable, Sendable {
    let alreadyApplied = true
}
