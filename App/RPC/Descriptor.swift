#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard input or output as `grock rpc` reads and writes it: the C library's `read` and
/// `write` behind two methods that take and give arrays, the one place the front hands memory to
/// the system, each time an array's own buffer with its own length.
struct Descriptor: Sendable {
    let fd: Int32

    /// The next bytes, at most 64 KiB, waiting as long as it takes; nil at the end of the input,
    /// or when reading fails, which ends the input as the end of the pipe does.
    func readPiece() -> [UInt8]? {
        while true {
            var failure: Int32 = 0
            let piece = [UInt8](unsafeUninitializedCapacity: 65_536) { buffer, initialized in
                let count = read(fd, buffer.baseAddress, buffer.count)
                if count < 0 { failure = errno }
                initialized = max(count, 0)
            }
            switch failure {
            case EINTR: continue
            case EAGAIN:
                // A descriptor left non-blocking by whoever opened it: wait for it here, unbounded.
                var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                _ = poll(&ready, 1, -1)
            default: return piece.isEmpty ? nil : piece
            }
        }
    }

    /// Writes all of `bytes`, retrying short and interrupted writes.
    /// - Returns: nil, or why it could not (a full disk, a closed pipe).
    func writeAll(_ bytes: [UInt8]) -> String? {
        var rest = bytes[...]
        while !rest.isEmpty {
            let count = rest.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return String(cString: strerror(count < 0 ? errno : EIO)) }
            rest = rest.dropFirst(count)
        }
        return nil
    }
}
