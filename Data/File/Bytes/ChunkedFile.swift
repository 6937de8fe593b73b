#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The first `length` bytes of a compact file, read from the start a piece at a time and
/// handed over whole lines at a time: walking a file of any size takes one piece of memory
/// (more only while a single line is longer than a piece). Each piece is read into an array by
/// `FileSystem.read` and its whole lines through a `ByteReader`.
///
/// The file is opened without following links and must hold at least `length` bytes. History
/// is cut only under the exclusive lock, so while a reader holds the shared lock the committed
/// bytes stay as they are between walks.
struct ChunkedFile: RecordSource {
    let path: String
    let length: Int
    let header: String
    let pieceSize: Int

    init(_ path: String, length: Int, header: String, pieceSize: Int = 1 << 20) {
        self.path = path
        self.length = length
        self.header = header
        self.pieceSize = max(pieceSize, 1)
    }

    /// - Throws: `StorageError` for a file that is missing, shorter than `length`, not a regular
    ///   file or a link, has the wrong header or a cut-off last line, or whatever `body` throws.
    func forEachRecord(_ body: (FieldReader) throws -> Void) throws {
        _ = try walk(body)
    }

    /// `forEachRecord`, telling how large its buffer grew: what tests check to show that memory
    /// does not grow with the file.
    /// - Returns: the largest buffer used, in bytes.
    func walk(_ body: (FieldReader) throws -> Void) throws -> Int {
        guard let fd = try FileSystem.openCommitted(path, length: length) else {
            throw StorageError.unreadable(path: path, reason: "the file is missing, but \(length) bytes were recorded")
        }
        defer { close(fd) }
        guard length > 0 else { throw StorageError.unreadable(path: path, reason: "the file is empty") }

        var buffer = [UInt8](repeating: 0, count: min(pieceSize, length))
        var filled = 0       // bytes in `buffer` not handed over yet
        var offset = 0       // bytes of the file read so far
        var lineNumber = 1   // of the first line in `buffer`
        while offset < length || filled > 0 {
            if offset < length && filled < buffer.count {
                let got = FileSystem.read(fd, into: &buffer, at: filled, count: min(buffer.count - filled, length - offset), offset: offset)
                if got < 0 && errno == EINTR { continue }
                if got < 0 { throw FileSystem.failure(path) }
                if got == 0 { throw StorageError.unreadable(path: path, reason: "it ended before the \(length) bytes that were recorded") }
                filled += got
                offset += got
                if offset < length && filled < buffer.count { continue }
            }
            guard let lastBreak = buffer[..<filled].lastIndex(of: 0x0A) else {
                if offset >= length { throw StorageError.unreadable(path: path, reason: "the last line is cut off") }
                // One line longer than the buffer: make room for the rest of it.
                buffer += [UInt8](repeating: 0, count: buffer.count)
                continue
            }
            let end = lastBreak + 1
            try buffer.withByteReader(path: path) { piece in
                let lines = try piece.reader(in: 0..<end)
                var start = 0
                if lineNumber == 1 {
                    try CompactFile.checkHeader(lines, header: header)
                    start = CompactFile.firstLineEnd(lines) + 1
                    lineNumber = 2
                }
                try CompactFile.forEachLine(lines, from: start, to: end, firstLine: lineNumber, body)
                lineNumber += lines.bytes(clamping: start..<end).count { $0 == 0x0A }
            }
            // What follows the last whole line (a part of one) moves to the front, to be completed by the next read.
            for index in 0..<(filled - end) { buffer[index] = buffer[end + index] }
            filled -= end
        }
        return buffer.count
    }
}
