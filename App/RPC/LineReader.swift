import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lines of a file descriptor, read in pieces: a line longer than `maximum` bytes is dropped as
/// it is read and reported as `.tooLong`, so no input can make the reader hold more than one
/// piece beyond `maximum`. Bytes that are not UTF-8 become U+FFFD.
///
/// The descriptor is read on a thread of its own, which blocks there until input comes: waiting
/// costs nothing, and the main actor stays free meanwhile for the server's notifications. One
/// piece is read at a time, when `next` needs one, so the input waits in its pipe, not here.
@MainActor
final class LineReader {
    let maximum: Int
    private let fd: Int32
    private let thread = DispatchQueue(label: "grock.line-reader")
    private var pending: [UInt8] = []
    private var dropping = false
    private var ended = false
    private var stopped = false
    /// The `next` waiting for a piece: resumed with it (nil at the end of the input) or by `stop`.
    private var waiting: CheckedContinuation<[UInt8]?, Never>?

    init(fd: Int32, maximum: Int) {
        self.fd = fd
        self.maximum = maximum
    }

    /// Ends the lines at once: the `next` waiting returns nil, as does every later one.
    func stop() {
        stopped = true
        waiting?.resume(returning: nil)
        waiting = nil
    }

    /// The next line without its line break; nil at the end of the input, or once `stop` is called.
    func next() async -> RPCServer.Line? {
        while !stopped {
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
            let piece = await nextPiece()
            if stopped { return nil }
            if let piece { pending += piece } else { ended = true }
        }
        return nil
    }

    /// The next piece of input, read on the reader's thread; nil at its end.
    private func nextPiece() async -> [UInt8]? {
        await withCheckedContinuation { continuation in
            waiting = continuation
            let fd = fd
            thread.async {
                let piece = Self.blockingRead(fd)
                Task { @MainActor in self.deliver(piece) }
            }
        }
    }

    /// Hands a piece to the `next` waiting for it; after `stop`, none is, and it is dropped.
    private func deliver(_ piece: [UInt8]?) {
        waiting?.resume(returning: piece)
        waiting = nil
    }

    /// One piece of `fd`, waiting as long as it takes; nil at its end, or when reading fails,
    /// which ends the input as the end of the pipe does.
    private nonisolated static func blockingRead(_ fd: Int32) -> [UInt8]? {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 && errno == EAGAIN {
                // A descriptor left non-blocking by whoever opened it: wait for it here, unbounded.
                var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                _ = poll(&ready, 1, -1)
                continue
            }
            return count > 0 ? Array(chunk[..<count]) : nil
        }
    }

    /// Writes all of `bytes` to `fd`, retrying short and interrupted writes.
    /// - Returns: nil, or why it could not (a full disk, a closed pipe).
    nonisolated static func writeAll(_ bytes: [UInt8], to fd: Int32) -> String? {
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
