import Domain
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The sockets of `grock serve`: one thread that accepts connections, reads requests, writes
/// responses and streams, and drops what is too slow, without ever waiting on one client.
/// Whole requests go to `handle` (on the main actor, where the view models live); its answers
/// come back through `send`, which wakes the loop. At most `maximumConnections` at once; a
/// request must arrive whole within `requestTimeout` of its first byte.
final class HTTPLoop: Sendable {
    static let maximumConnections = 64
    /// At most this many from one address other than loopback: one machine on the network
    /// cannot hold every connection.
    static let maximumPerAddress = 16

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
    }

    private let listener: Int32
    private let wake: (read: Int32, write: Int32)
    private let requestTimeout: Int64
    private let outbox = Mutex<[Output]>([])
    private let handle: @Sendable (ConnectionID, HTTPRequest) -> Void
    private let refuse: @Sendable (HTTPRequest.Refusal) -> [UInt8]

    /// Listens on `address` (an IPv4 or IPv6 literal) and `port` (0: any free one).
    init(address: String, port: UInt16, requestTimeout: Duration, handle: @escaping @Sendable (ConnectionID, HTTPRequest) -> Void,
         refuse: @escaping @Sendable (HTTPRequest.Refusal) -> [UInt8]) throws(WebError) {
        listener = try HTTPLoop.listen(address: address, port: port)
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw WebError("cannot make a pipe: \(String(cString: strerror(errno)))") }
        for end in pipeEnds { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK); _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        wake = (pipeEnds[0], pipeEnds[1])
        self.requestTimeout = Int64(requestTimeout.components.seconds) * 1000 + Int64(requestTimeout.components.attoseconds / 1_000_000_000_000_000)
        self.handle = handle
        self.refuse = refuse
    }

    /// The port listened on (the one the system chose, for port 0).
    var port: UInt16 {
        var address = sockaddr_in6()
        var length = socklen_t(MemoryLayout<sockaddr_in6>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) } }
        return UInt16(bigEndian: address.sin6_port)   // sin_port and sin6_port share their offset
    }

    /// Queues output for a connection (dropped if it is gone) and wakes the loop.
    func send(_ output: Output) {
        outbox.withLock { $0.append(output) }
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
    }

    /// Runs until the process ends.
    func run() {
        var connections: [ConnectionID: Connection] = [:]
        var nextID: ConnectionID = 1
        while true {
            var fds = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0), pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
            let ids = Array(connections.keys)
            for id in ids {
                let connection = connections[id]!  // from the keys just read
                // A client that sent its end stays readable for ever: it is not asked about again.
                var events = connection.peerClosed ? Int16(0) : Int16(POLLIN)
                if !connection.pending.isEmpty { events |= Int16(POLLOUT) }
                fds.append(pollfd(fd: connection.fd, events: events, revents: 0))
            }
            _ = poll(&fds, nfds_t(fds.count), 250)
            let now = HTTPLoop.milliseconds()
            if fds[1].revents != 0 {
                var drain = [UInt8](repeating: 0, count: 256)
                while read(wake.read, &drain, drain.count) > 0 {}
            }
            for output in outbox.withLock({ queue in defer { queue.removeAll() }; return queue }) {
                if output.connection == HTTPLoop.everyStream {
                    for connection in connections.values where connection.isStream && connection.lingerUntil == nil { connection.pending += output.bytes }
                    continue
                }
                guard let connection = connections[output.connection] else { continue }
                connection.pending += output.bytes
                connection.busy = false
                connection.closeWhenWritten = output.close
                if output.stream { connection.isStream = true }
                connection.requestStarted = nil
                connection.lastActive = now
            }
            for (offset, id) in ids.enumerated() {
                guard let connection = connections[id] else { continue }
                let revents = fds[offset + 2].revents
                if let until = connection.lingerUntil {
                    // Answered and closing: what the client still sends is read and dropped, so
                    // that closing does not reset the connection before it has read the answer.
                    if revents != 0 && !connection.readAvailable(now: now) || now > until {
                        connection.close()
                        connections[id] = nil
                    }
                    continue
                }
                if revents & Int16(POLLIN | POLLHUP | POLLERR) != 0, !connection.readAvailable(now: now) {
                    // The client is done sending. A request it sent whole is still answered
                    // (a half-closed connection can still read); otherwise there is no one to answer.
                    connection.peerClosed = true
                    let whole: Bool
                    if case .request = HTTPRequest.parse(connection.buffer) { whole = true } else { whole = false }
                    // An answer already waiting to be written is written first (below), then the connection closes.
                    if !connection.busy && !whole && connection.pending.isEmpty || connection.failed {
                        connection.close()
                        connections[id] = nil
                        continue
                    }
                }
                if !connection.pending.isEmpty, !connection.flush() {
                    connection.close()
                    connections[id] = nil
                    continue
                }
                if connection.pending.isEmpty && connection.closeWhenWritten {
                    if connection.peerClosed {
                        connection.close()
                        connections[id] = nil
                    } else {
                        shutdown(connection.fd, Int32(SHUT_WR))
                        connection.lingerUntil = now + 2000
                        connection.buffer = []
                    }
                    continue
                }
                if !connection.busy && !connection.isStream { serve(connection, id: id, now: now) }
                if connection.peerClosed && !connection.busy && connection.pending.isEmpty {
                    connection.close()
                    connections[id] = nil
                    continue
                }
                // Too slow to send a whole request, or idle too long, or reading a stream too slowly.
                let late = connection.requestStarted.map { now - $0 > requestTimeout } ?? false
                let idle = !connection.busy && !connection.isStream && connection.buffer.isEmpty && now - connection.lastActive > 30_000
                if late || idle || connection.pending.count > 1 << 20 {
                    if late && !connection.busy { connection.pending += refuse(HTTPRequest.Refusal(status: 408, reason: "the request did not arrive in time")) ; _ = connection.flush() }
                    connection.close()
                    connections[id] = nil
                }
            }
            if fds[0].revents & Int16(POLLIN) != 0 {
                while true {
                    let fd = accept(listener, nil, nil)
                    guard fd >= 0 else { break }
                    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
                    var one: Int32 = 1
                    _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
                    if connections.count >= HTTPLoop.maximumConnections,
                       let (oldest, _) = connections.filter({ $0.value.isIdle }).min(by: { $0.value.lastActive < $1.value.lastActive }) {
                        // Full: the connection that has waited longest without a request makes room.
                        connections[oldest]?.close()
                        connections[oldest] = nil
                    }
                    guard connections.count < HTTPLoop.maximumConnections else {
                        let refusal = refuse(HTTPRequest.Refusal(status: 503, reason: "too many connections; try again"))
                        _ = refusal.withUnsafeBytes { systemSend(fd, $0) }
                        systemClose(fd)
                        continue
                    }
                    let peer = HTTPLoop.peerAddress(fd)
                    // (This machine itself is not limited: a program on it can reach the data directory anyway.)
                    let isLoopback = peer.hasPrefix("127.") || peer == "::1"
                    guard isLoopback || connections.values.count(where: { $0.peer == peer }) < HTTPLoop.maximumPerAddress else {
                        let refusal = refuse(HTTPRequest.Refusal(status: 503, reason: "too many connections from this address; try again"))
                        _ = refusal.withUnsafeBytes { systemSend(fd, $0) }
                        systemClose(fd)
                        continue
                    }
                    let connection = Connection(fd: fd, now: now)
                    connection.peer = peer
                    // A connection that says nothing is as late as one that says too little.
                    connection.requestStarted = now
                    connections[nextID] = connection
                    nextID += 1
                }
            }
        }
    }

    /// Parses what a connection has read: a whole request goes to `handle`, a refused one is
    /// answered and the connection closed.
    private func serve(_ connection: Connection, id: ConnectionID, now: Int64) {
        guard !connection.buffer.isEmpty else { return }
        if connection.requestStarted == nil { connection.requestStarted = now }
        switch HTTPRequest.parse(connection.buffer) {
        case .incomplete: return
        case .refused(let refusal):
            connection.buffer = []
            connection.pending += refuse(refusal)
            connection.closeWhenWritten = true
        case .request(let request, let consumed):
            connection.buffer.removeFirst(consumed)
            connection.busy = true
            handle(id, request)
        }
    }

    private final class Connection {
        let fd: Int32
        var buffer: [UInt8] = []
        var pending: [UInt8] = []
        /// A request was handed over and its answer is awaited: nothing more is read into a request meanwhile.
        var busy = false
        var isStream = false
        var closeWhenWritten = false
        /// The client sent its end (or an error): nothing more will be read.
        var peerClosed = false
        /// The socket failed, or sent more than a request may be: closed at once.
        var failed = false
        /// Answered, its side shut: closed when the client closes, or at this time.
        var lingerUntil: Int64?
        /// The client's address, as text.
        var peer = ""
        /// When the first byte of the request being read arrived.
        var requestStarted: Int64?
        var lastActive: Int64

        /// Waiting for nothing: no request being read or answered, nothing to write, not a stream.
        var isIdle: Bool { !busy && !isStream && buffer.isEmpty && pending.isEmpty && lingerUntil == nil }

        init(fd: Int32, now: Int64) {
            self.fd = fd
            lastActive = now
        }

        /// Reads what is there; false when the peer closed or failed (or sent more than a request may be).
        func readAvailable(now: Int64) -> Bool {
            guard !peerClosed else { return false }
            var chunk = [UInt8](repeating: 0, count: 16 * 1024)
            while true {
                let count = recv(fd, &chunk, chunk.count, 0)
                if count > 0 {
                    if isStream || lingerUntil != nil { continue }  // nothing to say, or nothing more heard
                    buffer += chunk[..<count]
                    lastActive = now
                    if buffer.count > HTTPRequest.maximumHeaderBytes + HTTPRequest.maximumBodyBytes + 8 { failed = true; return false }
                    continue
                }
                if count == 0 { return false }
                if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { return true }
                failed = true
                return false
            }
        }

        /// Writes what is pending, as much as the socket takes; false when it failed.
        func flush() -> Bool {
            while !pending.isEmpty {
                let written = pending.withUnsafeBytes { systemSend(fd, $0) }
                if written < 0 { return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR }
                pending.removeFirst(written)
            }
            return true
        }

        func close() { systemClose(fd) }
    }

    /// The address a connection comes from (without its port).
    private static func peerAddress(_ fd: Int32) -> String {
        var address = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let got = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getpeername(fd, $0, &length) } }
        guard got == 0 else { return "" }
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let family = address.ss_family
        withUnsafePointer(to: &address) { pointer in
            if family == sa_family_t(AF_INET6) {
                pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { var raw = $0.pointee.sin6_addr; _ = inet_ntop(AF_INET6, &raw, &text, socklen_t(text.count)) }
            } else {
                pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { var raw = $0.pointee.sin_addr; _ = inet_ntop(AF_INET, &raw, &text, socklen_t(text.count)) }
            }
        }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func milliseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
    }

    private static func listen(address: String, port: UInt16) throws(WebError) -> Int32 {
        var v4 = sockaddr_in(), v6 = sockaddr_in6()
        let isV6 = address.contains(":")
        if isV6 {
            v6.sin6_family = sa_family_t(AF_INET6)
            v6.sin6_port = port.bigEndian
            guard inet_pton(AF_INET6, address, &v6.sin6_addr) == 1 else { throw WebError("--listen needs an IP address, not \(address)") }
        } else {
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = port.bigEndian
            guard inet_pton(AF_INET, address, &v4.sin_addr) == 1 else { throw WebError("--listen needs an IP address, not \(address)") }
        }
        let fd = socket(isV6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw WebError("cannot open a socket: \(String(cString: strerror(errno)))") }
        var one: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        let bound = isV6
            ? withUnsafePointer(to: &v6) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) } }
            : withUnsafePointer(to: &v4) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard bound == 0, systemListen(fd) == 0 else {
            let reason = String(cString: strerror(errno))
            systemClose(fd)
            throw WebError("cannot listen on \(address):\(port): \(reason)")
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        return fd
    }
}

/// Why `grock serve` cannot start or go on, in a sentence.
struct WebError: Error, ClassifiedError, CustomStringConvertible {
    let description: String
    var kind: ErrorKind { .refused }
    init(_ description: String) { self.description = description }
}

// The system's calls, out of reach of the methods of the same names above.
private func systemClose(_ fd: Int32) { _ = close(fd) }
private func systemSend(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int { send(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL)) }
private func systemListen(_ fd: Int32) -> Int32 { listen(fd, 128) }
