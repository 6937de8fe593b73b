import Composition
import Dispatch
import Domain
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
/// changes data also carries an `X-Requested-With` header, which no page of another site can
/// send. A change sent with an `Idempotency-Key` is applied once, however often it is sent.
///
/// This file puts the parts together and runs them: the sockets (`HTTPLoop`), the route table
/// (`WebRoute`, answered in `WebServer+Routes.swift`), the sessions (`WebSessions`), the keys of
/// changes applied (`IdempotencyStore`, used in `WebServer+RPC.swift`), the `Host` and `Origin`
/// checks (`HostCheck`) and the addresses the printed URL names (`InterfaceAddresses`).
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
    let container: AppContainer
    let rpc: RPCServer
    let options: Options
    var sessions: WebSessions
    var idempotency: IdempotencyStore
    private var loop: HTTPLoop?
    /// Told the URL to open: when serving starts, and with the next pairing token after each pairing.
    var announce: (String) -> Void = { _ in }
    /// Why the sessions file could not be read at the last request; nil when it could. While it
    /// cannot, no session (nor the pairing token) is honoured: a `--revoke` meanwhile might be in it.
    var sessionsFailure: WebError?

    /// A server over `container`, its sessions and the keys of the changes it applied read from the data directory.
    /// - Throws: `WebError` when either file cannot be read (or is damaged).
    public init(container: AppContainer, options: Options) throws {
        self.container = container
        self.options = options
        rpc = RPCServer(container: container)
        sessions = try WebSessions(directory: container.directory)
        idempotency = try IdempotencyStore(directory: container.directory)
    }

    /// Draws a new pairing token and ends every session: the old URL and every paired browser stop working.
    /// - Throws: `WebError` when the sessions file cannot be written.
    public static func revoke(container: AppContainer) throws {
        _ = try WebSessions(directory: container.directory, afresh: true)
        // The keys of applied changes stay: a page paired again sends its queue again.
    }

    /// Listens, then tells `announce` the URL to open (with the pairing token), and serves until
    /// the process ends; each browser that pairs uses its token up, and `announce` is told the next URL.
    /// - Throws: `WebError` when it cannot listen, or when the sockets can no longer be watched.
    public func run(announce: @escaping (String) -> Void) async throws {
        let loop = try HTTPLoop(address: options.address, port: options.port, requestTimeout: options.requestTimeout,
                                handle: { [weak self] id, request in
                                    Task { @MainActor in await self?.receive(id, request) }
                                },
                                refuse: { refusal in WebResponse.make(refusal.status, text: refusal.reason, close: true) })
        self.loop = loop
        self.announce = announce
        announce(url(port: loop.port))
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

    /// The URL to open, with the pairing token; for every address, one for each this machine has.
    func url(port: UInt16) -> String {
        let path = ":\(port)/?token=\(sessions.pairingToken)"
        guard options.address == "0.0.0.0" || options.address == "::" else {
            return "http://" + (options.address.contains(":") ? "[\(options.address)]" : options.address) + path
        }
        // Every address: the phone needs the one this machine has on the home network.
        return (["http://127.0.0.1" + path] + InterfaceAddresses.ipv4().map { "http://\($0)" + path }).joined(separator: " or ")
    }

    /// Writes `grock: line` to standard error, escaped as the command line's messages are (a
    /// name in it may come from the network) and whole (`Options.warn`'s default).
    public nonisolated static func standardError(_ line: String) {
        OutputDescriptor.standardError.writeAll(Array("grock: \(Echo.escaped(line))\n".utf8))
    }

    /// The port listened on: the one the system chose, once listening.
    var port: UInt16 { loop?.port ?? options.port }

    private func broadcast(_ event: String) {
        loop?.send(HTTPLoop.Output(connection: HTTPLoop.everyStream, bytes: Array(event.utf8), close: false))
    }

    private func receive(_ id: HTTPLoop.ConnectionID, _ request: HTTPRequest) async {
        // HEAD is GET without its body (and without its effects: `respond` pairs no HEAD).
        let isHead = request.method == "HEAD"
        var (bytes, stream, paired) = await respond(to: request)
        if isHead, let size = HTTPRequest.headSize(bytes[...]) { bytes = Array(bytes[..<size]); stream = false }
        let close = request.headers["connection"]?.lowercased() == "close" || isHead && stream
        loop?.send(HTTPLoop.Output(connection: id, bytes: bytes, close: close && !stream, stream: stream, authenticated: paired))
    }
}
