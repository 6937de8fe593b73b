#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard input as `grock rpc` reads it: the C library's `read` behind a method that gives
/// arrays, each an array's own buffer with its own length. (Its output is Composition's
/// `OutputDescriptor`, which every front writes through.)
struct InputDescriptor: Sendable {
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
}
