#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way Data reads the raw bytes of its files (the state, vaults and their overlays,
/// history, the spending cache, sync segments): little-endian integers at an offset, the next
/// line break or tab, the bytes of a field as a `ByteSlice`. Every offset is checked before it
/// is read, because the bytes come from a file anyone could have cut off, damaged or forged: a
/// read outside them throws `StorageError.unreadable` naming the file, and never reads past its
/// end (which unchecked pointers would do in a release build) nor traps. A search answers nil
/// when the byte is absent, which formats use for "the last field".
///
/// It borrows the bytes: it is valid only inside the `withByteReader` (or `FileBytes.withReader`)
/// that gave them. The small reads are inlined: they sit in loops over 100,000 purchases, where
/// a check is one comparison and a call would cost more. Outside this file and `ByteSlice` only
/// the code that brings bytes into memory (`FileSystem`, `FileBytes`) and `ByteWriter` hold a
/// pointer to them (docs/STORAGE.md, "Where pointers are").
struct ByteReader {
    fileprivate let buffer: UnsafeBufferPointer<UInt8>
    /// The file the bytes are from, for messages.
    let path: String

    init(_ bytes: UnsafeBufferPointer<UInt8>, path: String) {
        self.buffer = bytes
        self.path = path
    }

    var count: Int {
        @inline(__always) get { buffer.count }
    }

    func failure(_ reason: String) -> StorageError {
        .unreadable(path: path, reason: reason)
    }

    /// Kept out of line: building the message is the rare path of every read.
    @inline(never)
    private func outside(_ offset: Int, _ length: Int) -> StorageError {
        failure("it is cut off or damaged: it has \(count) bytes, and \(length) were wanted at byte \(offset)")
    }

    /// Whether `length` bytes at `offset` are all inside; written so that no sum can overflow.
    @inline(__always)
    func contains(_ offset: Int, length: Int) -> Bool {
        offset >= 0 && length >= 0 && length <= buffer.count && offset <= buffer.count - length
    }

    @inline(__always)
    func contains(_ range: Range<Int>) -> Bool {
        range.lowerBound >= 0 && range.upperBound <= buffer.count
    }

    /// - Throws: `StorageError.unreadable` when `range` is not inside the bytes.
    @inline(__always)
    func check(_ range: Range<Int>) throws(StorageError) {
        guard contains(range) else { throw outside(range.lowerBound, range.upperBound &- range.lowerBound) }
    }

    // MARK: - Bytes and integers

    @inline(__always)
    func byte(at offset: Int) throws(StorageError) -> UInt8 {
        guard offset >= 0 && offset < buffer.count else { throw outside(offset, 1) }
        return buffer[offset]
    }

    /// The byte at `offset`, or nil past either end.
    @inline(__always)
    func byteIfPresent(at offset: Int) -> UInt8? {
        offset >= 0 && offset < buffer.count ? buffer[offset] : nil
    }

    /// The little-endian integer at `offset`, which need not be aligned.
    @inline(__always)
    func integer<T: FixedWidthInteger>(_: T.Type = T.self, at offset: Int) throws(StorageError) -> T {
        guard contains(offset, length: MemoryLayout<T>.size) else { throw outside(offset, MemoryLayout<T>.size) }
        return T(littleEndian: UnsafeRawBufferPointer(buffer).loadUnaligned(fromByteOffset: offset, as: T.self))
    }

    /// `count` little-endian integers from `offset` on, copied at once (a column of the
    /// spending cache: 100,000 values).
    func integers<T: FixedWidthInteger>(_: T.Type = T.self, count: Int, at offset: Int) throws(StorageError) -> [T] {
        let size = MemoryLayout<T>.size
        guard count >= 0, count <= buffer.count / size, contains(offset, length: count * size) else { throw outside(offset, count &* size) }
        let source = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[offset..<(offset + count * size)])
        var values = [T](unsafeUninitializedCapacity: count) { values, initialized in
            UnsafeMutableRawBufferPointer(values).copyMemory(from: source)
            initialized = count
        }
        if T(1).littleEndian != T(1) { values = values.map { T(littleEndian: $0) } }
        return values
    }

    // MARK: - Searching

    /// The offset of the first `byte` in `start..<end` (cut to the bytes), or nil when there is none.
    @inline(__always)
    func firstIndex(of byte: UInt8, from start: Int, to end: Int) -> Int? {
        let start = max(start, 0), end = min(end, buffer.count)
        guard start < end, let base = buffer.baseAddress, let found = memchr(base + start, Int32(byte), end - start) else { return nil }
        return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
    }

    /// The offset of the first `byte` from `start` on, or nil when there is none.
    @inline(__always)
    func firstIndex(of byte: UInt8, from start: Int) -> Int? {
        firstIndex(of: byte, from: start, to: buffer.count)
    }

    /// The offset of the line break that ends the line starting at `start`, before `end`.
    /// - Throws: `StorageError.unreadable` when there is none: the last line is cut off.
    @inline(__always)
    func lineEnd(from start: Int, to end: Int? = nil) throws(StorageError) -> Int {
        guard let found = firstIndex(of: 0x0A, from: start, to: end ?? buffer.count) else { throw cutOff(at: start) }
        return found
    }

    @inline(never)
    private func cutOff(at offset: Int) -> StorageError {
        failure("the line at byte \(offset) is cut off (it has no line break)")
    }

    /// Where the field starting at `start` ends: at the next tab before `end`, or at `end`.
    @inline(__always)
    func fieldEnd(from start: Int, to end: Int) -> Int {
        // Fields are a few bytes long: looked through byte by byte (a call to `memchr` would cost
        // more), inside the bytes: the range is cut to them.
        let last = min(end, buffer.count)
        var index = max(start, 0)
        while index < last {
            if buffer[index] == 0x09 { return index }
            index += 1
        }
        return max(start, last)
    }

    /// Calls `body` with the range of every line in `start..<end` (without its line break) and
    /// its number, counted from `firstLine`.
    /// - Throws: `StorageError.unreadable` when the last line has no line break before `end`,
    ///   or whatever `body` throws.
    @inline(__always)
    func forEachLine(from start: Int, to end: Int, firstLine: Int, _ body: (Range<Int>, Int) throws -> Void) throws {
        var start = max(start, 0)
        var lineNumber = firstLine
        let end = min(end, buffer.count)
        while start < end {
            let lineEnd = try lineEnd(from: start, to: end)
            try body(start..<lineEnd, lineNumber)
            lineNumber += 1
            start = lineEnd + 1
        }
    }

    // MARK: - Runs of bytes

    /// The bytes in `range`, in place, indexed by their offsets here.
    /// - Throws: `StorageError.unreadable` when `range` is not inside the bytes.
    @inline(__always)
    func bytes(in range: Range<Int>) throws(StorageError) -> ByteSlice {
        try check(range)
        return ByteSlice(buffer, range)
    }

    /// The part of `range` inside the bytes, in place: for a range found by searching them
    /// (`firstIndex`, `fieldEnd`, `FieldReader.next`), inside by construction, where a check
    /// could only pass. One partly outside gives its part inside, and nothing is read outside.
    @inline(__always)
    func bytes(clamping range: Range<Int>) -> ByteSlice {
        ByteSlice(buffer, range.clamped(to: 0..<buffer.count))
    }

    /// All the bytes.
    var whole: ByteSlice {
        @inline(__always) get { ByteSlice(buffer, 0..<buffer.count) }
    }

    /// A reader of the bytes in `range` alone, from the same file: its offsets count from the
    /// range's start, and it reads nothing outside it (the lines of a file read in pieces, the
    /// spending cache without its trailing checksum).
    /// - Throws: `StorageError.unreadable` when `range` is not inside the bytes.
    func reader(in range: Range<Int>) throws(StorageError) -> ByteReader {
        try check(range)
        return ByteReader(UnsafeBufferPointer(rebasing: buffer[range]), path: path)
    }

    /// The bytes in `range` as UTF-8 text (invalid sequences replaced).
    func string(_ range: Range<Int>) throws(StorageError) -> String {
        try bytes(in: range).string
    }
}
