#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import DataLayer
import Domain
import TestSupport
import Testing

/// Random, cut and damaged bytes for `ByteReader` and the parsers built on it (the spending
/// cache, the vault index and its overlay, the vault, state and history codecs): each either
/// reads them or throws `StorageError`; none traps or reads outside the bytes. The damage is
/// re-sealed half the time (the checksum made right again), so that the parsers behind the
/// checksum see it too, as they would in a file forged on purpose. Seeded: every run tries the
/// same cases. The reader's own reads are here; what it cuts (slices, readers of a range) is in
/// `ByteReaderFuzzTests+Slices`, the parsers on it in `+Parsers`.
@Suite struct ByteReaderFuzzTests {
    /// Damage of one of several kinds: cut short, bits flipped, bytes inserted or removed, a
    /// byte made a tab, line break, backslash or digit, a run of random bytes written over.
    static func damaged(_ bytes: [UInt8], _ random: inout SeededGenerator) -> [UInt8] {
        var bytes = bytes
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            let at = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<6, using: &random) {
            case 0: bytes = Array(bytes.prefix(at))
            case 1: if !bytes.isEmpty { bytes[at] ^= 1 << UInt8.random(in: 0..<8, using: &random) }
            case 2: bytes.insert(UInt8.random(in: 0...255, using: &random), at: at)
            case 3: if !bytes.isEmpty { bytes.remove(at: at) }
            case 4: if !bytes.isEmpty { bytes[at] = [0x09, 0x0A, 0x5C, 0x30, 0x39, 0x2D, 0x3A, 0x2F].randomElement(using: &random) ?? 0 }
            default:
                for index in
                    at..<min(bytes.count, at + Int.random(in: 1...12, using: &random)) {
                    bytes[index] = UInt8.random(in: 0...255, using: &random) }
            }
        }
        return bytes
    }

    /// Runs `body`, which must return or throw `StorageError`; anything else is an issue.
    static func readsOrThrows(_ what: String, _ body: () throws -> Void) -> Bool {
        do {
            try body()
            return true
        } catch is StorageError {
            return false
        } catch {
            Issue.record("\(what): \(error) is not a StorageError")
            return false
        }
    }

    // MARK: - The reader itself

    @Test func theReaderChecksEveryOffset() {
        var random = SeededGenerator(state: 25)
        let extremes = [Int.min, Int.min + 1, -1, Int.max - 7, Int.max]
        for _ in 0..<3000 {
            let bytes = (0..<Int.random(in: 0...48, using: &random)).map { _ in
                [0x09, 0x0A, 0x41, UInt8.random(in: 0...255, using: &random)].randomElement(using: &random) ?? 0 }
            bytes.withByteReader(path: "fuzz") { reader in
                func offset() -> Int {
                    Int.random(in: 0..<8, using: &random) == 0 ? extremes.randomElement(using: &random)
                        ?? 0 : Int.random(in: -4...(bytes.count + 4), using: &random)
                }
                let at = offset(), other = offset()
                let inside = at >= 0 && at < bytes.count
                #expect((try? reader.byte(at: at)) == (inside ? bytes[at] : nil))
                #expect(reader.byteIfPresent(at: at) == (inside ? bytes[at] : nil))
                if let value = try? reader.integer(UInt32.self, at: at) {
                    #expect(at >= 0 && at + 4 <= bytes.count)
                    #expect(value == (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[at + $1]) << (8 * $1) })
                } else {
                    #expect(at < 0 || at > bytes.count - 4)
                }
                _ = try? reader.integer(Int64.self, at: at)
                _ = try? reader.integer(UInt8.self, at: at)
                let count = Int.random(in: 0..<5, using: &random) == 0 ? offset() : Int.random(in: 0...12, using: &random)
                if let values = try? reader.integers(Int16.self, count: count, at: at) {
                    #expect(values.count == count && at + 2 * count <= bytes.count) }
                if let found = reader.firstIndex(of: 0x0A, from: at, to: other) {
                    #expect(bytes[found] == 0x0A && found >= max(at, 0) && found < min(other, bytes.count))
                    #expect(!bytes[max(at, 0)..<found].contains(0x0A))
                }
                if let end = try? reader.lineEnd(from: at) { #expect(bytes[end] == 0x0A) }
                let fieldEnd = reader.fieldEnd(from: at, to: other)
                _ = reader.bytes(clamping: min(at, fieldEnd)..<max(at, fieldEnd)).reduce(0, &+)
                let range = min(at, other)..<max(at, other)
                if let slice = try? reader.bytes(in: range) {
                    #expect(Array(slice) == Array(bytes[range]))
                    #expect((try? reader.string(range)) == String(decoding: bytes[range], as: UTF8.self))
                } else {
                    #expect(range.lowerBound < 0 || range.upperBound > bytes.count)
                }
                #expect(reader.bytes(clamping: range).count == range.clamped(to: 0..<bytes.count).count)
                _ = reader.bytes(clamping: range).order(reader.whole)
                _ = Self.readsOrThrows("lines") {
                    try reader.forEachLine(from: at, to: other, firstLine: 1) { line, _ in
                        #expect(reader.contains(line) && !bytes[line].contains(0x0A))
                    }
                }
                var fields = FieldReader(reader, from: at, to: other, lineNumber: 1)
                _ = Self.readsOrThrows("fields") {
                    while !fields.isAtEnd { _ = fields.string(try fields.next()) }
                }
                var letters = FieldReader(reader, from: at, to: other, lineNumber: 1)
                _ = Self.readsOrThrows("letter") {
                    let letter = try letters.letter(), start = max(at, 0)
                    #expect(bytes[start] == letter && (start + 1 == min(other, bytes.count) || bytes[start + 1] == 0x09))
                }
                var parsed = FieldReader(reader, from: at, to: other, lineNumber: 1)
                _ = Self.readsOrThrows("parsed fields") {
                    while !parsed.isAtEnd {
                        switch Int.random(in: 0..<9, using: &random) {
                        case 0: _ = try parsed.unit()
                        case 1: _ = try parsed.flag()
                        case 2: _ = try parsed.optionalInteger()
                        case 3: _ = try parsed.optionalQuantity()
                        case 4: _ = try parsed.optionalTime()
                        case 5: _ = try parsed.lineUnits()
                        case 6: _ = try parsed.basis()
                        case 7: _ = try parsed.optionalText()
                        default: _ = try parsed.letter()
                        }
                    }
                }
                Self.checkSlices(reader, bytes, range, &random)
                Self.checkSubReader(reader, bytes, range, &random)
            }
        }
    }

    /// `FileSystem.read`, which fills an array from a file: any place in the array, any count
    /// and any offset in the file either reads what is there or nothing, and never writes
    /// outside the array.
    @Test func readingIntoAnArrayStaysInside() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var random = SeededGenerator(state: 26)
        let file = (0..<100).map { _ in UInt8.random(in: 0...255, using: &random) }
        let path = directory.path + "/bytes"
        try FileSystem.writeAtomically(file, to: path, durable: false)
        let fd = open(path, O_RDONLY)
        #expect(fd >= 0)
        defer { close(fd) }
        let extremes = [Int.min, -1, 0, 99, 100, 101, Int.max]
        for _ in 0..<2000 {
            func number(_ range: ClosedRange<Int>) -> Int {
                Int.random(in: 0..<6, using: &random) == 0 ? extremes.randomElement(using: &random)
                    ?? 0 : Int.random(in: range, using: &random)
            }
            var buffer = [UInt8](repeating: 0xEE, count: Int.random(in: 0...24, using: &random))
            let start = number(-2...26), count = number(-2...30), offset = number(-2...104)
            let got = FileSystem.read(fd, into: &buffer, at: start, count: count, offset: offset)
            #expect(got <= max(count, 0) && buffer.count <= 24)
            if got > 0 {
                #expect(Array(buffer[start..<(start + got)]) == Array(file[offset..<(offset + got)]))
                #expect(buffer[..<start].allSatisfy { $0 == 0xEE } && buffer[(start + got)...].allSatisfy { $0 == 0xEE })
            } else {
                #expect(buffer.allSatisfy { $0 == 0xEE })
            }
        }
    }
}
