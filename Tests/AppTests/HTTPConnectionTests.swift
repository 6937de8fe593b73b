import Glibc
@testable import Web
import Testing

/// What a connection has yet to write, written as slowly as its client reads: every byte in
/// order, and none moved more than once however small the pieces the socket takes.
@Suite struct HTTPConnectionTests {
    static let answer = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }

    /// 1 MiB written 1,000 bytes at a time: what was written is dropped when it is half of
    /// what is kept, not at every write (which moved 500 MiB).
    @Test func bytesWrittenInSmallPiecesAreMovedAtMostOnce() {
        var pending = ByteQueue()
        pending += Self.answer
        var written: [UInt8] = []
        while !pending.isEmpty {
            let count = min(1_000, pending.count)
            written += pending.bytes.prefix(count)
            pending.removeFirst(count)
        }
        #expect(written == Self.answer)
        #expect(pending.movedBytes <= Self.answer.count, "\(pending.movedBytes) bytes moved")
        #expect(pending.stored.isEmpty)
    }

    /// Bytes added while others wait go after them; a count out of range writes nothing more
    /// than there is.
    @Test func bytesAddedMeanwhileFollow() {
        var pending = ByteQueue()
        pending += [1, 2, 3, 4]
        pending.removeFirst(3)
        pending += [5, 6]
        #expect(pending.count == 3)
        #expect(Array(pending.bytes) == [4, 5, 6])
        pending.removeFirst(-1)
        #expect(pending.count == 3)
        pending.removeFirst(100)
        #expect(pending.isEmpty && pending.count == 0)
    }

    /// Over a real socket that takes a little at a time: the client reads the whole answer, in order.
    @Test func aSlowClientReadsTheWholeAnswer() throws {
        var pair: [Int32] = [0, 0]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
        defer { close(pair[1]) }
        var small: Int32 = 4096
        setsockopt(pair[0], SOL_SOCKET, SO_SNDBUF, &small, socklen_t(MemoryLayout<Int32>.size))
        _ = fcntl(pair[0], F_SETFL, fcntl(pair[0], F_GETFL) | O_NONBLOCK)
        let connection = HTTPConnection(fd: pair[0], peer: "test", now: 0)
        defer { connection.close() }
        connection.queue(HTTPLoop.Output(connection: 1, bytes: Self.answer, close: false), now: 0)
        var received: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 1_500), flushes = 0
        while received.count < Self.answer.count, flushes < 100_000 {
            #expect(connection.flush())
            flushes += 1
            let count = recv(pair[1], &chunk, chunk.count, Int32(MSG_DONTWAIT))
            if count > 0 { received += chunk[..<count] }
        }
        #expect(received == Self.answer && connection.pending.isEmpty)
        #expect(flushes > 10, "the socket took the answer in pieces")
        #expect(connection.pending.movedBytes <= Self.answer.count)
    }

    /// A client that sends into a stream as fast as it can (its bytes are dropped) gets one
    /// turn's worth read, not all it sent: the loop's other connections have their turn.
    @Test func oneTurnReadsABoundedPieceOfWhatAClientSends() throws {
        var pair: [Int32] = [0, 0]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
        defer { close(pair[1]) }
        var large: Int32 = 4 << 20
        setsockopt(pair[0], SOL_SOCKET, SO_RCVBUF, &large, socklen_t(MemoryLayout<Int32>.size))
        setsockopt(pair[1], SOL_SOCKET, SO_SNDBUF, &large, socklen_t(MemoryLayout<Int32>.size))
        _ = fcntl(pair[0], F_SETFL, fcntl(pair[0], F_GETFL) | O_NONBLOCK)
        _ = fcntl(pair[1], F_SETFL, fcntl(pair[1], F_GETFL) | O_NONBLOCK)
        let connection = HTTPConnection(fd: pair[0], peer: "test", now: 0)
        defer { connection.close() }
        connection.phase = .stream
        let piece = [UInt8](repeating: 0x61, count: 16 * 1024)
        var sent = 0
        while sent < 2 << 20 {
            let count = send(pair[1], piece, piece.count, Int32(MSG_DONTWAIT))
            guard count > 0 else { break }
            sent += count
        }
        let turn = HTTPConnection.readsPerTurn * piece.count
        try #require(sent > turn, "the socket took \(sent) bytes, not more than one turn")
        #expect(connection.readAvailable(now: 0))
        var left = 0, chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = recv(pair[0], &chunk, chunk.count, Int32(MSG_DONTWAIT))
            guard count > 0 else { break }
            left += count
        }
        #expect(left == sent - turn, "read \(sent - left) of \(sent) bytes in one turn")
    }
}
