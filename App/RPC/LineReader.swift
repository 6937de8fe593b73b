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
        input = InputDescriptor(fd: fd)
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
                let piece = input.readPiece()
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
struct LineBuffer {
    let maximum: Int
    /// The bytes read and not yet taken as lines.
    private(set) var pending: [UInt8] = []
    /// Within a line past `maximum`: its bytes are dropped up to its line break.
    private var dropping = false
    private var ended = false

    init(maximum: Int) { self.maximum = maximum }

    /// Every line has been taken and no more input comes.
    var isFinished: Bool { ended && pending.isEmpty && !dropping }

    /// Takes the next piece of input; nil: the input ended (its last line may have no line break).
    mutating func append(_ piece: [UInt8]?) {
        if let piece { pending += piece } else { ended = true }
    }

    /// The next whole line, without its line break; nil until more input comes (or once it is finished).
    mutating func next() -> RPCServer.Line? {
        if let end = pending.firstIndex(of: 0x0A) {
            defer { pending.removeSubrange(...end); dropping = false }
            return dropping || end > maximum ? .tooLong : .text(String(decoding: pending[..<end], as: UTF8.self))
        }
        if dropping || pending.count > maximum {
            dropping = true
            pending.removeAll(keepingCapacity: true)
        }
        guard ended, !pending.isEmpty || dropping else { return nil }
        defer { pending.removeAll(); dropping = false }
        return dropping ? .tooLong : .text(String(decoding: pending, as: UTF8.self))
    }
}
