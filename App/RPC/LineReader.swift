import Composition
import Dispatch

/// `grock rpc`'s requests: the lines of its input, read a piece at a time on a thread of its own.
///
/// The thread blocks in `read` until input comes: waiting costs nothing, and the main actor stays
/// free meanwhile for the server's notifications. A piece is read only when `next` needs one, so
/// the input waits in its pipe, not here; `LineBuffer` bounds what is held.
@MainActor
final class LineReader {
    private let input: InputDescriptor
    private let thread = DispatchQueue(label: "grock.line-reader")
    private var lines: LineBuffer
    private var stopped = false
    /// The `next` waiting for a piece: resumed with it (nil at the end of the input) or by `stop`.
    private var waiting: CheckedContinuation<[UInt8]?, Never>?

    init(fd: Int32, maximum: Int) {
        input = InputDescriptor(fd)
        lines = LineBuffer(maximum: maximum)
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
            if let line = lines.next() { return line }
            if lines.isFinished { return nil }
            let piece = await nextPiece()
            if stopped { return nil }
            lines.append(piece)
        }
        return nil
    }

    /// The next piece of input, read on the reader's thread; nil at its end.
    private func nextPiece() async -> [UInt8]? {
        await withCheckedContinuation { continuation in
            waiting = continuation
            let input = input
            thread.async {
                // A read that fails (EIO, a descriptor closed under it) ends the requests as the
                // end of the input does: every request read so far is answered, none is lost.
                let piece = try? input.readPiece()
                Task { @MainActor in self.deliver(piece) }
            }
        }
    }

    /// Hands a piece to the `next` waiting for it; after `stop`, none is, and it is dropped.
    private func deliver(_ piece: [UInt8]?) {
        waiting?.resume(returning: piece)
        waiting = nil
    }
}

/// Lines out of pieces of input, however the pieces fall. A line longer than `maximum` bytes is
/// dropped as its pieces come and reported as `.tooLong`, so no input makes it hold more than
/// one piece beyond `maximum`. Bytes that are not UTF-8 become U+FFFD.
///
/// A line taken moves an offset on, not the bytes after it, and a line break is searched for
/// once, where the last search stopped: a piece of many short lines, or a long line in many
/// small pieces, costs each byte one look and at most one move (what was taken is dropped once
/// a piece, when the next one comes).
struct LineBuffer {
    let maximum: Int
    /// The bytes read; those from `start` on are not yet taken as lines.
    private(set) var bytes: [UInt8] = []
    private var start = 0
    /// The bytes before this offset (and from `start`) hold no line break.
    private var searched = 0
    /// How many bytes were moved to drop the lines taken (what the tests hold to one move a byte).
    private(set) var movedBytes = 0
    /// Within a line past `maximum`: its bytes are dropped up to its line break.
    private var dropping = false
    private var ended = false

    init(maximum: Int) { self.maximum = maximum }

    /// Every line has been taken and no more input comes.
    var isFinished: Bool { ended && start == bytes.count && !dropping }

    /// Takes the next piece of input; nil: the input ended (its last line may have no line break).
    mutating func append(_ piece: [UInt8]?) {
        guard let piece else {
            ended = true
            return
        }
        if start > 0 {
            movedBytes += bytes.count - start
            bytes.removeFirst(start)
            searched -= start
            start = 0
        }
        bytes += piece
    }

    /// The next whole line, without its line break; nil until more input comes (or once it is finished).
    mutating func next() -> RPCServer.Line? {
        if let end = bytes[max(start, searched)...].firstIndex(of: 0x0A) {
            defer {
                start = end + 1
                searched = start
                dropping = false
            }
            return dropping || end - start > maximum ? .tooLong : .text(String(decoding: bytes[start..<end], as: UTF8.self))
        }
        searched = bytes.count
        if dropping || bytes.count - start > maximum {
            dropping = true
            bytes.removeAll(keepingCapacity: true)
            start = 0
            searched = 0
        }
        guard ended, start < bytes.count || dropping else { return nil }
        defer {
            bytes.removeAll()
            start = 0
            searched = 0
            dropping = false
        }
        return dropping ? .tooLong : .text(String(decoding: bytes[start...], as: UTF8.self))
    }
}
