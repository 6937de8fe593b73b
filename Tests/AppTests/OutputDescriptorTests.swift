import Composition
import Dispatch
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Composition's `OutputDescriptor`, the one loop every front (the command line, grock rpc,
/// grock serve's messages) writes whole through.
@Suite struct OutputDescriptorTests {
    /// A pipe left non-blocking by whoever opened it, its reader late: a megabyte goes in short
    /// writes with waits between them, all of it, in order, and nothing is reported failed.
    @Test func aNonBlockingPipeWithASlowReaderIsWrittenWhole() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        #expect(fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK) == 0)
        let bytes = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 9) }
        let reader = PipeReader(ends[0])
        let failure = OutputDescriptor(ends[1]).writeAll(bytes)
        close(ends[1])
        #expect(failure == nil)
        let read = reader.everything()
        #expect(read.count == bytes.count && read == bytes)
    }

    /// A pipe nobody reads any more: the write says why (with SIGPIPE ignored, as grock does).
    @Test func aPipeWithoutAReaderSaysWhy() throws {
        signal(SIGPIPE, SIG_IGN)
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        close(ends[0])
        defer { close(ends[1]) }
        #expect(OutputDescriptor(ends[1]).writeAll(Array("lost\n".utf8)) == String(cString: strerror(EPIPE)))
    }
}

/// Reads a pipe to its end on a thread of its own, starting a moment late (the pipe fills first).
private final class PipeReader: @unchecked Sendable {
    private var bytes: [UInt8] = []
    private let done = DispatchSemaphore(value: 0)

    init(_ fd: Int32) {
        DispatchQueue.global().async { [self] in
            usleep(100_000)
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(fd, &chunk, chunk.count)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                bytes += chunk[..<count]
            }
            done.signal()
        }
    }

    /// What was read, once the pipe ended.
    func everything() -> [UInt8] {
        done.wait()
        return bytes
    }
}
