#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lines of a file descriptor, read in pieces: a line longer than `maximum` bytes is dropped as
/// it is read and reported as `.tooLong`, so no input can make the reader hold more than one
/// piece beyond `maximum`. Bytes that are not UTF-8 become U+FFFD.
struct LineReader {
    let fd: Int32
    let maximum: Int
    private var pending: [UInt8] = []
    private var dropping = false
    private var ended = false

    init(fd: Int32, maximum: Int) {
        self.fd = fd
        self.maximum = maximum
    }

    /// The next line without its line break; nil at the end of the input, or as soon as `stop`
    /// says so while waiting. While no input is waiting, it lets the caller's other tasks run
    /// every `pause` milliseconds (the server's notifications), so it neither blocks them for
    /// long nor spins.
    mutating func next(pause: Int32 = 200, stop: () -> Bool = { false }) async -> RPCServer.Line? {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            if let end = pending.firstIndex(of: 0x0A) {
                let line = pending[..<end]
                pending.removeSubrange(...end)
                if dropping {
                    dropping = false
                    return .tooLong
                }
                return .text(String(decoding: line, as: UTF8.self))
            }
            if dropping { pending.removeAll(keepingCapacity: true) }
            if pending.count > maximum {
                dropping = true
                pending.removeAll(keepingCapacity: true)
            }
            if ended {
                guard !pending.isEmpty || dropping else { return nil }
                defer { pending.removeAll(); dropping = false }
                return dropping ? .tooLong : .text(String(decoding: pending, as: UTF8.self))
            }
            var waiting = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&waiting, 1, pause)
            if ready == 0 || (ready < 0 && errno == EINTR) {
                await Task.yield()
                if stop() { return nil }
                continue
            }
            // Input waiting, or a poll that failed otherwise: `read` tells which, and a read
            // that fails ends the input, as the end of the pipe does.
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 {
                ended = true
            } else {
                pending += chunk[..<count]
            }
        }
    }

    /// Writes all of `bytes` to `fd`, retrying short and interrupted writes.
    /// - Returns: nil, or why it could not (a full disk, a closed pipe).
    static func writeAll(_ bytes: [UInt8], to fd: Int32) -> String? {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in buffer.baseAddress.map { write(fd, $0 + offset, buffer.count - offset) } ?? 0 }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return String(cString: strerror(count < 0 ? errno : EIO)) }
            offset += count
        }
        return nil
    }
}
