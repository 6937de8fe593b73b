import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The sockets of `grock serve`: one thread that accepts connections, reads requests, writes
/// responses and streams, and drops what is too slow, without ever waiting on one client.
/// Whole requests go to `handle` (on the main actor, where the view models live); its answers
/// come back through `send`, which wakes the loop. At most `maximumConnections` at once (when
/// full, the connection that has waited longest without a request makes room for a new one); a
/// request must arrive whole within `requestTimeout` of its first byte.
final class HTTPLoop: Sendable {
    static let maximumConnections = 64
    /// At most this many from one address other than loopback: one machine on the network
    /// cannot hold every connection.
    static let maximumPerAddress = 16
    /// How long a connection may wait without a request before it is closed (ms).
    static let idleTimeout: Int64 = 30_000
    /// How long an answered connection waits for its client to close first (ms).
    static let lingerTime: Int64 = 2000
    /// More than this waiting to be written: the client reads too slowly (a stream it neglects).
    static let maximumPendingBytes = 1 << 20

    /// A connection's number: descriptors are reused, numbers never.
    typealias ConnectionID = UInt64
    /// The number that sends an output to every open stream.
    static let everyStream: ConnectionID = 0

    /// What the main actor hands back: bytes to write, then whether the connection closes, or
    /// stays open as a stream (Server-Sent Events) that later `send`s add to.
    struct Output: Sendable {
        let connection: ConnectionID
        let bytes: [UInt8]
        let close: Bool
        var stream = false
        /// The request answered came with a session: its connection, kept open, is among the
        /// last closed to make room for a new one.
        var authenticated = false
    }

    private let listener: ListeningSocket
    private let wake: WakePipe
    private let requestTimeout: Int64
    private let outbox = Mutex<[Output]>([])
    private let handle: @Sendable (ConnectionID, HTTPRequest) -> Void
    private let refuse: @Sendable (HTTPRequest.Refusal) -> [UInt8]

    /// Listens on `address` (an IPv4 or IPv6 literal) and `port` (0: any free one).
    init(address: String, port: UInt16, requestTimeout: Duration, handle: @escaping @Sendable (ConnectionID, HTTPRequest) -> Void,
         refuse: @escaping @Sendable (HTTPRequest.Refusal) -> [UInt8]) throws(WebError) {
        listener = try ListeningSocket(address: address, port: port)
        wake = try WakePipe()
        self.requestTimeout = Int64(requestTimeout.components.seconds) * 1000
            + Int64(requestTimeout.components.attoseconds / 1_000_000_000_000_000)
        self.handle = handle
        self.refuse = refuse
    }

    /// The port listened on (the one the system chose, for port 0).
    var port: UInt16 { listener.port }

    /// Queues output for a connection (dropped if it is gone) and wakes the loop.
    func send(_ output: Output) {
        outbox.withLock { $0.append(output) }
        wake.signal()
    }

    /// Serves until `poll` fails, which it does only in a process already broken (no memory
    /// left, say): one turn at a time, each waiting up to 250 ms for a
    /// socket, then taking the answers queued, giving every connection its turn, and accepting
    /// the connections waiting.
    /// - Throws: `WebError` naming the errno `poll` failed with.
    func run() throws(WebError) {
        var connections = ConnectionTable()
        while true {
            let watched = Array(connections.open)
            var fds = [pollfd(fd: listener.fd, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0)]
                + watched.map { pollfd(fd: $0.value.fd, events: HTTPLoop.events(of: $0.value), revents: 0) }
            try HTTPLoop.wait(for: &fds)
            let now = HTTPLoop.milliseconds()
            if fds[1].revents != 0 { wake.drain() }
            deliverOutbox(to: connections.open, now: now)
            for (offset, (id, connection)) in watched.enumerated() {
                if advance(connection, id: id, revents: fds[offset + 2].revents, now: now) == .close { connections.close(id) }
            }
            if fds[0].revents & Int16(POLLIN) != 0 { acceptWaiting(into: &connections, now: now) }
        }
    }

    // MARK: - A turn

    /// The open connections by number.
    private struct ConnectionTable {
        private(set) var open: [ConnectionID: HTTPConnection] = [:]
        /// From 1: 0 is `everyStream`.
        private var nextID: ConnectionID = 1

        mutating func add(_ connection: HTTPConnection) {
            open[nextID] = connection
            nextID += 1
        }

        mutating func close(_ id: ConnectionID) {
            open[id]?.close()
            open[id] = nil
        }

        /// Closes the connection first in `HTTPConnection.evictionOrder` (accepted first, of two
        /// that waited as long): the one that has waited longest without a request, before any
        /// paired client's. None when every connection is busy (answering, writing, a stream).
        mutating func makeRoom() {
            let first = open.compactMap { id, connection in connection.evictionOrder.map { ($0.rank, $0.since, id) } }.min(by: <)
            if let (_, _, id) = first { close(id) }
        }
    }

    /// What becomes of a connection after its turn.
    private enum Fate { case open, close }

    /// What to wait for on a connection: bytes to read, and room to write what is pending.
    private static func events(of connection: HTTPConnection) -> Int16 {
        // A client that sent its end stays readable for ever: it is not asked about again.
        var events = connection.peerClosed ? Int16(0) : Int16(POLLIN)
        if !connection.pending.isEmpty { events |= Int16(POLLOUT) }
        return events
    }

    /// Waits up to 250 ms for any of `fds` to be ready, again when a signal interrupts the wait.
    private static func wait(for fds: inout [pollfd]) throws(WebError) {
        while true {
            let result = poll(&fds, nfds_t(fds.count), 250)
            if try pollFinished(result, error: errno) { return }
        }
    }

    /// What a `poll` that returned `result`, leaving `error` in errno, means: true when it
    /// looked at the sockets (some ready, or none in time); false when a signal interrupted it
    /// and it is to be called again.
    /// - Throws: `WebError` naming the errno of any other failure: the loop cannot go on.
    static func pollFinished(_ result: Int32, error: Int32) throws(WebError) -> Bool {
        guard result < 0 else { return true }
        guard error == EINTR else {
            throw WebError("cannot wait for connections: poll failed with errno \(error) (\(String(cString: strerror(error))))")
        }
        return false
    }

    /// Hands each output queued to its connection, or to every open stream; an output for a
    /// connection that is gone is dropped.
    private func deliverOutbox(to connections: [ConnectionID: HTTPConnection], now: Int64) {
        for output in outbox.withLock({ queue in defer { queue.removeAll() }; return queue }) {
            if output.connection == HTTPLoop.everyStream {
                for connection in connections.values where connection.phase == .stream { connection.pending += output.bytes }
            } else {
                connections[output.connection]?.queue(output, now: now)
            }
        }
    }

    /// A connection's turn: what the client sent is read, what is pending written, a whole
    /// request handed to `handle`; the connection closes when it is answered and done, gone,
    /// or too slow.
    private func advance(_ connection: HTTPConnection, id: ConnectionID, revents: Int16, now: Int64) -> Fate {
        if let until = connection.lingerUntil { return linger(connection, until: until, revents: revents, now: now) }
        if revents & Int16(POLLIN | POLLHUP | POLLERR) != 0, !connection.readAvailable(now: now), peerFinished(connection) == .close {
            return .close
        }
        if !connection.pending.isEmpty, !connection.flush() { return .close }
        if connection.pending.isEmpty && connection.phase == .closing { return answered(connection, now: now) }
        if connection.phase == .reading { serve(connection, id: id, now: now) }
        if connection.peerClosed && connection.phase != .answering && connection.pending.isEmpty { return .close }
        return expire(connection, now: now)
    }

    /// Answered and closing: what the client still sends is read and dropped, so that closing
    /// does not reset the connection before it has read the answer.
    private func linger(_ connection: HTTPConnection, until: Int64, revents: Int16, now: Int64) -> Fate {
        revents != 0 && !connection.readAvailable(now: now) || now > until ? .close : .open
    }

    /// The client is done sending. A request it sent whole is still answered (a half-closed
    /// connection can still read), and an answer already waiting is written first, then the
    /// connection closes; otherwise there is no one to answer.
    private func peerFinished(_ connection: HTTPConnection) -> Fate {
        connection.peerClosed = true
        return connection.failed || connection.phase != .answering && connection.pending.isEmpty && !connection.hasWholeRequest
            ? .close
            : .open
    }

    /// The answer is written and the connection is to close: at once when the client has
    /// gone, else after its side is shut and it has lingered.
    private func answered(_ connection: HTTPConnection, now: Int64) -> Fate {
        guard !connection.peerClosed else { return .close }
        shutdown(connection.fd, Int32(SHUT_WR))
        connection.phase = .lingering(until: now + HTTPLoop.lingerTime)
        connection.discard()
        return .open
    }

    /// Too slow to send a whole request (told so, 408, unless its request is being answered),
    /// idle too long, or reading a stream too slowly: closed.
    private func expire(_ connection: HTTPConnection, now: Int64) -> Fate {
        let late = connection.requestStarted.map { now - $0 > requestTimeout } ?? false
        let idle = connection.phase != .answering && connection.phase != .stream && connection.buffer.isEmpty
            && now - connection.lastActive > HTTPLoop.idleTimeout
        guard late || idle || connection.pending.count > HTTPLoop.maximumPendingBytes else { return .open }
        if late && connection.phase != .answering {
            connection.pending += refuse(HTTPRequest.Refusal(status: 408, reason: "the request did not arrive in time"))
            _ = connection.flush()
        }
        return .close
    }

    /// Accepts every connection waiting. When `maximumConnections` are open, the one that has
    /// waited longest without a request is closed to make room (`ConnectionTable.makeRoom`): a
    /// client that sends a byte now and then holds no connection against a new one. One that
    /// finds every connection busy, or past `maximumPerAddress` from one address other than
    /// loopback, is refused (503).
    private func acceptWaiting(into connections: inout ConnectionTable, now: Int64) {
        while true {
            guard let (fd, peer) = listener.accept() else { return }
            if connections.open.count >= HTTPLoop.maximumConnections { connections.makeRoom() }
            guard connections.open.count < HTTPLoop.maximumConnections else {
                turnAway(fd, reason: "too many connections; try again")
                continue
            }
            // (This machine itself is not limited: a program on it can reach the data directory anyway.)
            // A dual-stack listener names an IPv4 peer as `::ffff:127.0.0.1`.
            let isLoopback = peer.hasPrefix("127.") || peer.hasPrefix("::ffff:127.") || peer == "::1"
            guard isLoopback || connections.open.values.count(where: { $0.peer == peer }) < HTTPLoop.maximumPerAddress else {
                turnAway(fd, reason: "too many connections from this address; try again")
                continue
            }
            connections.add(HTTPConnection(fd: fd, peer: peer, now: now))
        }
    }

    /// Refuses a connection just accepted (503): what of the refusal one write takes, then closed.
    private func turnAway(_ fd: Int32, reason: String) {
        let refusal = refuse(HTTPRequest.Refusal(status: 503, reason: reason))
        _ = refusal.withUnsafeBytes { systemSend(fd, $0) }
        systemClose(fd)
    }

    /// Parses what a connection has read: a whole request goes to `handle`, a refused one is
    /// answered and the connection closed.
    private func serve(_ connection: HTTPConnection, id: ConnectionID, now: Int64) {
        guard !connection.buffer.isEmpty else { return }
        if connection.requestStarted == nil { connection.requestStarted = now }
        switch connection.parse() {
        case .incomplete: return
        case .refused(let refusal):
            connection.discard()
            connection.pending += refuse(refusal)
            connection.phase = .closing
        case .request(let request, let consumed):
            connection.take(consumed)
            // Arrived whole: `requestTimeout` is for arriving, not for being answered. An answer
            // waiting on the data directory's lock or slow work is written when it comes; closed
            // at the timeout, a change committed meanwhile was never told to its client.
            connection.requestStarted = nil
            connection.phase = .answering
            handle(id, request)
        }
    }

    private static func milliseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
    }
}
