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
    func next() async -> LineBuffer.Line? {
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
