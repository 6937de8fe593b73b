#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One client's connection as `HTTPLoop` keeps it: the bytes read and not yet parsed, the bytes
/// waiting to be written, and where it stands (reading a request, awaiting its answer, a
/// stream, closing). Used by the loop's thread alone.
final class HTTPConnection {
    let fd: Int32
    /// The client's address, as text.
    let peer: String
    /// The bytes read and not yet taken as a request, and what is known of that request.
    private(set) var reader = HTTPRequestReader()
    var pending = ByteQueue()
    var phase = Phase.reading
    /// The client sent its end (or an error): nothing more will be read.
    var peerClosed = false
    /// The socket failed, or sent more than a request may be: closed at once.
    var failed = false
    /// When the first byte of the request being read arrived (or the connection, for its first).
    var requestStarted: Int64?
    var lastActive: Int64
    /// The last request answered came with a session (`HTTPLoop.Output.authenticated`).
    private var authenticated = false

    /// A connection just accepted: a connection that says nothing is as late as one that says
    /// too little, so its request's time starts now.
    init(fd: Int32, peer: String, now: Int64) {
        self.fd = fd
        self.peer = peer
        lastActive = now
        requestStarted = now
    }

    /// Where a connection stands.
    enum Phase: Equatable {
        /// Reading a request, or waiting for one.
        case reading
        /// A request was handed over and its answer is awaited: nothing more is read into a request meanwhile.
        case answering
        /// Answered (or refused): closes once what is pending is written.
        case closing
        /// An event stream: every later output for streams is added to it.
        case stream
        /// Answered, its side shut: closed when the client closes, or at this time.
        case lingering(until: Int64)
    }

    /// When a lingering connection closes (nil: it is not lingering).
    var lingerUntil: Int64? {
        if case .lingering(let until) = phase { until } else { nil }
    }

    /// Where this connection stands when the loop is full and closes one to make room for a new
    /// one, the least first; nil when it is busy: a request being answered, an answer being
    /// written, a stream. First (rank 0) come the connections without a paired client's request
    /// (none sent yet, part of one, or answered without a session) and the answered ones
    /// lingering; then (rank 1) the ones kept open after a paired client's request. Of a rank,
    /// the one waiting since longest first: since its request's first byte, not its last (a
    /// client sending a byte now and then does not stay new), or since its last answer.
    var evictionOrder: (rank: Int, since: Int64)? {
        switch phase {
        case .lingering: (0, lastActive)
        case .reading where pending.isEmpty: (authenticated ? 1 : 0, requestStarted ?? lastActive)
        case .reading, .answering, .closing, .stream: nil
        }
    }

    /// The bytes read and not yet taken as a request.
    var buffer: ArraySlice<UInt8> { reader.unread.bytes }

    /// Whether what was read holds a whole request.
    var hasWholeRequest: Bool {
        if case .request = parse() { true } else { false }
    }

    /// What the bytes read so far hold: the headers searched from where the last search
    /// stopped, and parsed once.
    func parse() -> HTTPRequest.Parse { reader.parse() }

    /// Drops the first `count` bytes read (a request taken): what follows is searched afresh.
    func take(_ count: Int) { reader.take(count) }

    /// Drops every byte read.
    func discard() { reader.discard() }

    /// Takes the answer to its request: written next, then the connection closes, waits for
    /// another request, or stays open as a stream.
    func queue(_ output: HTTPLoop.Output, now: Int64) {
        pending += output.bytes
        phase = output.stream ? .stream : output.close ? .closing : .reading
        requestStarted = nil
        lastActive = now
        authenticated = output.authenticated
    }

    /// Reads what is there; false when the peer closed or failed (or sent more than a request may be).
    func readAvailable(now: Int64) -> Bool {
        guard !peerClosed else { return false }
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        // At most `readsPerTurn` pieces, then the loop's other connections have their turn (poll
        // says again that this one is readable): a client that sends as fast as it can into a
        // stream or a lingering connection, whose bytes are dropped, would keep the one loop
        // thread for itself.
        for _ in 0..<HTTPConnection.readsPerTurn {
            let count = recv(fd, &chunk, chunk.count, 0)
            if count > 0 {
                if phase == .stream || lingerUntil != nil { continue }  // nothing to say, or nothing more heard
                reader.append(chunk[..<count])
                lastActive = now
                if reader.unread.count > HTTPRequest.maximumHeaderBytes + HTTPRequest.maximumBodyBytes + 8 { failed = true; return false }
                continue
            }
            if count == 0 { return false }
            if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { return true }
            failed = true
            return false
        }
        return true
    }

    /// How many pieces of 16 KiB one turn of the loop reads from a connection: 256 KiB.
    static let readsPerTurn = 16

    /// Writes what is pending, as much as the socket takes; false when it failed.
    func flush() -> Bool {
        while !pending.isEmpty {
            let written = pending.bytes.withUnsafeBytes { systemSend(fd, $0) }
            if written < 0 { return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR }
            pending.removeFirst(written)
        }
        return true
    }

    func close() { systemClose(fd) }
}

// The system's calls, out of reach of the methods of the same names above.
func systemClose(_ fd: Int32) { _ = close(fd) }
func systemSend(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int { send(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL)) }
