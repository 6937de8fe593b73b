#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Bytes of a `ByteReader` in place (a field, a line, a section of a file): a collection of
/// bytes like an `ArraySlice`, indexed by their offsets in the reader, and made only from a range
/// the reader checked (`bytes(in:)`) or cut to its bytes (`bytes(clamping:)`), so that it never
/// reaches outside them. Nothing it answers traps or reads outside its bytes: `byte(at:)` and
/// `bytes(in:)` answer nil outside, and its subscripts (a `Collection`'s, for the standard
/// library's algorithms) read a position outside as 0 and cut a range to the slice. Iterating
/// it, comparing it and searching it read the bytes directly.
struct ByteSlice: RandomAccessCollection, Equatable {
    typealias Index = Int
    typealias Indices = Range<Int>
    typealias SubSequence = ByteSlice

    /// All the reader's bytes: `startIndex..<endIndex` is inside them.
    private let base: UnsafeBufferPointer<UInt8>
    let startIndex: Int
    let endIndex: Int

    /// Made only by `ByteReader` (`bytes(in:)`, `bytes(clamping:)`, `whole`) and by a slice of
    /// itself, which check or clamp `range` first; building one needs a pointer, which only the
    /// files docs/STORAGE.md lists ("Where pointers are") hold.
    /// - Precondition: `range` is inside `base` (the reader checked or clamped it).
    @inline(__always)
    init(_ base: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
        self.base = base
        startIndex = range.lowerBound
        endIndex = range.upperBound
    }

    /// The bytes themselves, for the pointer-taking calls below.
    private var buffer: UnsafeBufferPointer<UInt8> {
        @inline(__always) get { UnsafeBufferPointer(rebasing: base[startIndex..<endIndex]) }
    }

    var count: Int {
        @inline(__always) get { endIndex - startIndex }
    }

    var isEmpty: Bool {
        @inline(__always) get { startIndex == endIndex }
    }

    /// The byte at `position`; 0 for a position outside the slice, which no caller asks for
    /// (indices come from the slice's own `indices` and searches), but which must neither trap
    /// nor read outside: ask `byte(at:)` where a position could be outside.
    @inline(__always)
    subscript(position: Int) -> UInt8 {
        byte(at: position) ?? 0
    }

    /// The bytes in `bounds`, cut to the slice (as `ByteReader.bytes(clamping:)` cuts to the
    /// reader): a range partly outside gives its part inside, and never traps.
    @inline(__always)
    subscript(bounds: Range<Int>) -> ByteSlice {
        ByteSlice(base, bounds.clamped(to: startIndex..<endIndex))
    }

    /// The byte at `position`, or nil outside the slice: the checked read.
    @inline(__always)
    func byte(at position: Int) -> UInt8? {
        position >= startIndex && position < endIndex ? base[position] : nil
    }

    /// The bytes in `bounds`, or nil when they are not all inside the slice: the checked run.
    @inline(__always)
    func bytes(in bounds: Range<Int>) -> ByteSlice? {
        bounds.lowerBound >= startIndex && bounds.upperBound <= endIndex ? ByteSlice(base, bounds) : nil
    }

    @inline(__always)
    func makeIterator() -> Iterator {
        Iterator(base: base, position: startIndex, end: endIndex)
    }

    /// The bytes one by one, each read once, inside the slice.
    struct Iterator: IteratorProtocol {
        fileprivate let base: UnsafeBufferPointer<UInt8>
        fileprivate var position: Int
        fileprivate let end: Int

        @inline(__always)
        mutating func next() -> UInt8? {
            guard position < end else { return nil }
            defer { position += 1 }
            return base[position]
        }
    }

    /// What lets the standard library's copies (and `withByteSlice`) read the bytes at once.
    @inline(__always)
    func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R? {
        try body(buffer)
    }

    /// The bytes as UTF-8 text, invalid sequences replaced: `String(decoding:as:)` of them,
    /// straight from their memory.
    var string: String {
        @inline(__always) get { String(decoding: buffer, as: UTF8.self) }
    }

    /// The bytes as UTF-8 text, or nil when they are not valid UTF-8.
    var validString: String? {
        String(validating: buffer, as: UTF8.self)
    }

    /// The offset of the first `byte`, or nil when there is none.
    @inline(__always)
    func firstIndex(of byte: UInt8) -> Int? {
        // A field of a few bytes is looked through byte by byte: a call would cost more.
        guard count > 16 else {
            var index = startIndex
            while index < endIndex {
                if base[index] == byte { return index }
                index += 1
            }
            return nil
        }
        guard let start = base.baseAddress.map({ $0 + startIndex }), let found = memchr(start, Int32(byte), count) else { return nil }
        return startIndex + UnsafeRawPointer(start).distance(to: UnsafeRawPointer(found))
    }

    @inline(__always)
    func contains(_ byte: UInt8) -> Bool {
        firstIndex(of: byte) != nil
    }

    /// How the bytes sort against `other`, byte by byte, the shorter first when one starts the
    /// other: negative, zero or positive, as `memcmp`.
    @inline(__always)
    func order(_ other: ByteSlice) -> Int {
        Self.order(buffer, other.buffer)
    }

    /// Whether they are the same bytes (at any offsets).
    @inline(__always)
    static func == (lhs: ByteSlice, rhs: ByteSlice) -> Bool {
        lhs.count == rhs.count && order(lhs.buffer, rhs.buffer) == 0
    }

    /// Whether they are the bytes of `other`.
    @inline(__always)
    func elementsEqual(_ other: [UInt8]) -> Bool {
        // The array's memory, for `memcmp`: a key compared with thousands of fields.
        other.count == count && other.withUnsafeBufferPointer { Self.order(buffer, $0) == 0 }
    }

    /// Whether they are the `count` bytes of `other` from `offset` on (none past its end).
    @inline(__always)
    func elementsEqual(_ other: [UInt8], at offset: Int) -> Bool {
        guard offset >= 0 && offset <= other.count - count else { return false }
        guard count > 0 else { return true }
        // The array's memory, for `memcmp`, inside it by the checks above.
        return other.withUnsafeBufferPointer { whole in
            guard let left = base.baseAddress, let right = whole.baseAddress else { return false }
            return memcmp(left + startIndex, right + offset, count) == 0
        }
    }

    /// The little-endian integer of the bytes at `offset`, as many as `T` holds, or nil when
    /// they are not all inside the slice: the checked load (`Checksum`'s, eight bytes at a time).
    @inline(__always)
    func integer<T: FixedWidthInteger>(_: T.Type = T.self, at offset: Int) -> T? {
        guard offset >= startIndex && offset <= endIndex - MemoryLayout<T>.size else { return nil }
        return T(littleEndian: UnsafeRawBufferPointer(base).loadUnaligned(fromByteOffset: offset, as: T.self))
    }

    /// The 32 bytes at `offset` as four little-endian 64-bit integers, or nil when they are not
    /// all inside the slice: one check for four loads (`Checksum`'s rounds over 5 MB of cache).
    @inline(__always)
    func integers(at offset: Int) -> (UInt64, UInt64, UInt64, UInt64)? {
        guard offset >= startIndex && offset <= endIndex - 32 else { return nil }
        let raw = UnsafeRawBufferPointer(base)
        return (UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)),
                UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)),
                UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self)),
                UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self)))
    }

    /// The little-endian integer of the bytes from `offset` on, as many as `T` holds: bytes
    /// past the end (or none, for an offset outside) count as zeros. For keys of short fields.
    @inline(__always)
    func integer<T: FixedWidthInteger>(_: T.Type = T.self, paddedFrom offset: Int) -> T {
        let size = MemoryLayout<T>.size
        guard offset >= startIndex && offset < endIndex else { return 0 }
        if endIndex - offset >= size {
            return T(littleEndian: UnsafeRawBufferPointer(base).loadUnaligned(fromByteOffset: offset, as: T.self))
        }
        var value: T = 0, shift = 0
        for byte in self[offset...] {
            value |= T(truncatingIfNeeded: byte) << shift
            shift += 8
        }
        return value
    }

    /// `memcmp`'s order of two buffers, the shorter first when one starts the other.
    @inline(__always)
    private static func order(_ bytes: UnsafeBufferPointer<UInt8>, _ other: UnsafeBufferPointer<UInt8>) -> Int {
        let common = Swift.min(bytes.count, other.count)
        guard common > 0, let left = bytes.baseAddress, let right = other.baseAddress else { return bytes.count - other.count }
        let order = Int(memcmp(left, right, common))
        return order != 0 ? order : bytes.count - other.count
    }
}
