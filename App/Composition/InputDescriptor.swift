#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A descriptor a front reads as it comes: `grock receipt -`'s standard input, `grock rpc`'s
/// requests. The one loop that retries an interrupted read and waits, as a blocking read would,
/// on a descriptor left non-blocking by whoever opened it (a shell's job, a pipe's writer): the
/// twin of `OutputDescriptor`.
public struct InputDescriptor: Sendable {
    /// Why reading stopped short.
    public enum Failure: Error, Equatable {
        /// The system refused the read (or the wait for input), for this reason (`strerror`).
        case unreadable(String)
        /// The input is longer than the `maximum` `readAll(maximum:)` was given.
        case tooLarge
    }

    /// The descriptor read from.
    public let fd: Int32

    /// A reader of `fd`, which stays open and the caller's.
    public init(_ fd: Int32) { self.fd = fd }

    /// Standard input.
    public static let standardInput = InputDescriptor(STDIN_FILENO)

    /// The next bytes, at most 64 KiB, waiting as long as it takes.
    /// - Returns: nil at the end of the input.
    /// - Throws: `Failure.unreadable` when the read fails, or the wait for input does.
    public func readPiece() throws(Failure) -> [UInt8]? {
        while true {
            var failure: Int32 = 0
            let piece = [UInt8](unsafeUninitializedCapacity: 65_536) { buffer, initialized in
                let count = read(fd, buffer.baseAddress, buffer.count)
                if count < 0 { failure = errno }
                initialized = max(count, 0)
            }
            switch failure {
            case 0: return piece.isEmpty ? nil : piece
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK:
                var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                if poll(&ready, 1, -1) >= 0 || errno == EINTR { continue }
                throw .unreadable(String(cString: strerror(errno)))
            default: throw .unreadable(String(cString: strerror(failure)))
            }
        }
    }

    /// Everything up to the end of the input, refused as soon as it is more than `maximum`
    /// bytes: no input makes it hold more than one piece beyond `maximum`.
    /// - Throws: `Failure.tooLarge` past `maximum`; `.unreadable` as `readPiece()`.
    public func readAll(maximum: Int) throws(Failure) -> [UInt8] {
        var bytes: [UInt8] = []
        while let piece = try readPiece() {
            bytes += piece
            if bytes.count > maximum { throw .tooLarge }
        }
        return bytes
    }
}
