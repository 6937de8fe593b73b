/// Lines out of pieces of input, however the pieces fall: `grock rpc`'s requests, the command
/// line's answers and shop mode's commands. A line longer than `maximum` bytes is dropped as its
/// pieces come and reported as `.tooLong`, so no input makes it hold more than one piece beyond
/// `maximum`. Bytes that are not UTF-8 become U+FFFD.
///
/// A line taken moves an offset on, not the bytes after it, and a line break is searched for
/// once, where the last search stopped: a piece of many short lines, or a long line in many
/// small pieces, costs each byte one look and at most one move (what was taken is dropped once
/// a piece, when the next one comes).
public struct LineBuffer: Sendable {
    /// A line of input: its text, or the fact that it was longer than `maximum` (its bytes were
    /// read and dropped, never kept).
    public enum Line: Equatable, Sendable {
        case text(String)
        case tooLong
    }

    public let maximum: Int
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

    public init(maximum: Int) { self.maximum = maximum }

    /// Every line has been taken and no more input comes.
    public var isFinished: Bool { ended && start == bytes.count && !dropping }

    /// Takes the next piece of input; nil: the input ended (its last line may have no line break).
    public mutating func append(_ piece: [UInt8]?) {
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
    public mutating func next() -> Line? {
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
