import Composition
import Dispatch
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Composition's `InputDescriptor`, the one reader of `grock receipt -`'s standard input and
/// `grock rpc`'s requests.
@Suite struct InputDescriptorTests {
    /// A pipe left non-blocking by whoever opened it, its writer late: the read waits for the
    /// bytes as a blocking read would, and takes them all, in order, up to the end.
    @Test func aNonBlockingPipeWithASlowWriterIsReadWhole() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        #expect(fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK) == 0)
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 9) }
        let writer = ends[1]
        DispatchQueue.global().async {
            usleep(100_000)
            OutputDescriptor(writer).writeAll(bytes)
            close(writer)
        }
        #expect(try InputDescriptor(ends[0]).readAll(maximum: bytes.count) == bytes)
    }

    /// One byte more than the maximum is refused; the maximum itself is read.
    @Test(arguments: [(1000, true), (1001, false)])
    func moreThanTheMaximumIsRefused(count: Int, isRead: Bool) throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        OutputDescriptor(ends[1]).writeAll([UInt8](repeating: 0x41, count: count))
        close(ends[1])
        let read = Result { () throws(InputDescriptor.Failure) in try InputDescriptor(ends[0]).readAll(maximum: 1000).count }
        #expect(read == (isRead ? .success(count) : .failure(.tooLarge)))
    }

    /// A descriptor that cannot be read says why, rather than reading as empty.
    @Test func aDescriptorThatCannotBeReadSaysWhy() {
        #expect(throws: InputDescriptor.Failure.unreadable(String(cString: strerror(EBADF)))) { try InputDescriptor(-1).readPiece() }
    }
}
