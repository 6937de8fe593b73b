#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A descriptor every front writes whole, waiting as long as it takes: standard output and
/// error of the command line, `grock rpc`'s responses, `grock serve`'s messages. The one loop
/// that retries a short or interrupted write. (`grock serve`'s sockets are not written so: a
/// connection takes what it can and the rest waits for the next turn of the server's loop.)
public struct OutputDescriptor: Sendable {
    /// The descriptor written to.
    public let fd: Int32

    /// A writer of `fd`, which stays open and the caller's.
    public init(_ fd: Int32) { self.fd = fd }

    /// Standard output.
    public static let standardOutput = OutputDescriptor(STDOUT_FILENO)
    /// Standard error.
    public static let standardError = OutputDescriptor(STDERR_FILENO)

    /// Writes all of `bytes`, retrying short and interrupted writes, and waiting when the
    /// descriptor was left non-blocking by whoever opened it and is full for now.
    /// - Returns: nil, or why it could not (a full disk, a closed pipe); a caller that only
    ///   tells (a message on stderr) may ignore it.
    @discardableResult
    public func writeAll(_ bytes: [UInt8]) -> String? {
        var rest = bytes[...]
        while !rest.isEmpty {
            let count = rest.withUnsafeBytes { systemWrite(fd, $0) }
            if count < 0 {
                switch errno {
                case EINTR: continue
                case EAGAIN, EWOULDBLOCK:
                    var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&ready, 1, -1)
                    continue
                default: return String(cString: strerror(errno))
                }
            }
            guard count > 0 else { return String(cString: strerror(EIO)) }
            rest = rest.dropFirst(count)
        }
        return nil
    }
}

// The system's call, out of reach of the method above.
private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int { write(fd, bytes.baseAddress, bytes.count) }
