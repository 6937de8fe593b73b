#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import DataLayer
import Domain
import TestSupport
import Testing

/// What `ByteReader` cuts from its bytes, asked at random: its `ByteSlice`s and readers of a range.
extension ByteReaderFuzzTests {
    /// `bytes(in:)`, `bytes(clamping:)`, `whole` and what a `ByteSlice` answers, against the
    /// same questions asked of the array.
    static func checkSlices(_ reader: ByteReader, _ bytes: [UInt8], _ range: Range<Int>, _ random: inout SeededGenerator) {
        let inside = range.clamped(to: 0..<bytes.count)
        if let slice = try? reader.bytes(in: range) {
            #expect(reader.contains(range) && slice.indices == range && Array(slice) == Array(bytes[range]))
        } else {
            #expect(!reader.contains(range))
        }
        #expect(Array(reader.whole) == bytes && reader.whole.indices == 0..<bytes.count)
        let slice = reader.bytes(clamping: range)
        #expect(slice.indices == inside && Array(slice) == Array(bytes[inside]))
        #expect(slice.string == String(decoding: bytes[inside], as: UTF8.self) && String(decoding: slice, as: UTF8.self) == slice.string)
        #expect(slice.validString == String(validating: bytes[inside], as: UTF8.self))
        for byte: UInt8 in [0x09, 0x0A, 0x41] {
            #expect(slice.firstIndex(of: byte) == bytes[inside].firstIndex(of: byte))
            #expect(slice.contains(byte) == bytes[inside].contains(byte))
        }
        let ends = [Int.random(in: -2...(bytes.count + 2), using: &random), Int.random(in: -2...(bytes.count + 2), using: &random)].sorted()
        let other = reader.bytes(clamping: ends[0]..<ends[1])
        #expect((slice == other) == (Array(slice) == Array(other)))
        #expect(slice.elementsEqual(Array(other)) == (Array(slice) == Array(other)))
        #expect(slice.elementsEqual(bytes,
            at: other.startIndex) == (Array(slice) == Array(bytes[other.startIndex..<min(other.startIndex + slice.count, bytes.count)])))
        #expect(!slice.elementsEqual(bytes, at: -1) && !slice.elementsEqual(bytes, at: bytes.count - slice.count + 1))
        let order = slice.order(other)
        #expect(order.signum() == (Array(slice).lexicographicallyPrecedes(Array(other)) ? -1 : Array(slice) == Array(other) ? 0 : 1))
        #expect(Checksum.value(of: slice) == Checksum.value(of: Array(slice)) && Checksum.short(slice) == Checksum.short(Array(slice)))
        #expect(Checksum.lines(slice, continuing: 3) == Checksum.lines(Array(slice), continuing: 3))
        // A short field's key words: the bytes from an offset, zeros past the end, any offset.
        let from = Int.random(in: (inside.lowerBound - 3)...(inside.upperBound + 3), using: &random)
        let expected = (0..<8).reduce(UInt64(0)) { word, shift in
            inside.contains(from + shift) && from >= inside.lowerBound ? word | UInt64(bytes[from + shift]) << (8 * shift) : word
        }
        #expect(slice.integer(UInt64.self, paddedFrom: from) == expected)
        #expect(slice.integer(UInt16.self, paddedFrom: from) == UInt16(truncatingIfNeeded: expected))
        if !slice.isEmpty {
            let index = Int.random(in: inside, using: &random)
            #expect(slice[index] == bytes[index] && Array(slice[index...]) == Array(bytes[index..<inside.upperBound]))
        }
        checkSliceReads(slice, bytes, &random)
    }

    /// What a `ByteSlice` reads at any position and range, inside it or not (a parser's bug
    /// could ask for either): `byte(at:)` and `bytes(in:)` answer nil outside, the subscripts
    /// read 0 and cut the range to the slice; none traps or reads a byte outside the slice.
    static func checkSliceReads(_ slice: ByteSlice, _ bytes: [UInt8], _ random: inout SeededGenerator) {
        let inside = slice.indices
        func position() -> Int { Int.random(in: (inside.lowerBound - 3)...(inside.upperBound + 3), using: &random) }
        let at = position(), other = position()
        let expected: UInt8? = inside.contains(at) ? bytes[at] : nil
        #expect(slice.byte(at: at) == expected && slice[at] == expected ?? 0)
        let range = min(at, other)..<max(at, other)
        let part = range.clamped(to: inside)
        #expect(slice[range].indices == part && Array(slice[range]) == Array(bytes[part]))
        if let run = slice.bytes(in: range) {
            #expect(range.lowerBound >= inside.lowerBound && range.upperBound <= inside.upperBound && Array(run) == Array(bytes[range]))
        } else {
            #expect(range.lowerBound < inside.lowerBound || range.upperBound > inside.upperBound)
        }
    }

    /// `reader(in:)`: a reader of the range alone, whose reads outside it throw.
    static func checkSubReader(_ reader: ByteReader, _ bytes: [UInt8], _ range: Range<Int>, _ random: inout SeededGenerator) {
        guard let part = try? reader.reader(in: range) else {
            #expect(!reader.contains(range))
            return
        }
        #expect(part.count == range.count && Array(part.whole) == Array(bytes[range]) && part.path == reader.path)
        let at = Int.random(in: -2...(range.count + 2), using: &random)
        #expect((try? part.byte(at: at)) == (at >= 0 && at < range.count ? bytes[range.lowerBound + at] : nil))
        let from = range.lowerBound + min(max(at, 0), range.count)
        #expect(part.firstIndex(of: 0x0A, from: at) == bytes[from..<range.upperBound].firstIndex(of: 0x0A).map { $0 - range.lowerBound })
        _ = try? part.integer(UInt32.self, at: at)
        _ = try? part.integers(UInt16.self, count: Int.random(in: -1...4, using: &random), at: at)
    }
}
