@testable import DataLayer
import TestSupport
import Testing

/// `Checksum` reads its bytes through `ByteSlice`'s checked loads: every length and offset must
/// give the values the files on disk were sealed with, here those of a plain model of the
/// algorithm over an array (eight bytes at a time in four lanes, then byte by byte; a field's
/// hash eight at a time, then its tail as one word).
@Suite struct ChecksumTests {
    static let prime: UInt64 = 0x9E37_79B9_7F4A_7C15

    static func mix(_ hash: UInt64, _ word: UInt64) -> UInt64 {
        let mixed = (hash ^ word) &* prime
        return (mixed << 31) | (mixed >> 33)
    }

    static func finalized(_ value: UInt64) -> UInt64 {
        let first = (value ^ value >> 33) &* 0xFF51_AFD7_ED55_8CCD
        let second = (first ^ first >> 33) &* 0xC4CE_B9FE_1A85_EC53
        return second ^ second >> 33
    }

    static func word(_ bytes: [UInt8], at offset: Int) -> UInt64 {
        (0..<8).reduce(0) { $0 | UInt64(bytes[offset + $1]) << (8 * $1) }
    }

    static func modelValue(_ bytes: [UInt8]) -> UInt64 {
        var lanes: [UInt64] = [1, 2, 3, 4]
        var offset = 0
        while offset + 32 <= bytes.count {
            for lane in 0..<4 { lanes[lane] = mix(lanes[lane], word(bytes, at: offset + 8 * lane)) }
            offset += 32
        }
        var hash = mix(mix(mix(lanes[0], lanes[1]), lanes[2]), lanes[3]) ^ UInt64(bytes.count)
        for byte in bytes[offset...] { hash = mix(hash, UInt64(byte)) }
        return finalized(hash)
    }

    static func modelShort(_ bytes: [UInt8]) -> UInt64 {
        var hash = UInt64(bytes.count) &* prime
        var offset = 0
        while offset + 8 <= bytes.count {
            hash = mix(hash, word(bytes, at: offset))
            offset += 8
        }
        if offset < bytes.count { hash = mix(hash, bytes[offset...].reduce(0) { $0 << 8 | UInt64($1) }) }
        return finalized(hash)
    }

    @Test func everyLengthAndOffsetHashesAsTheFilesWereSealed() throws {
        var random = SeededGenerator(state: 7)
        let bytes = (0..<100).map { _ in UInt8.random(in: 0...255, using: &random) }
        try bytes.withByteReader(path: "") { reader in
            for start in 0..<9 {
                for end in start...(start + 80) {
                    let expected = Array(bytes[start..<end])
                    let slice = try reader.bytes(in: start..<end)
                    for value in
                        [Checksum.value(of: slice), Checksum.value(of: bytes[start..<end]), Checksum.value(of: expected.lazy.map { $0 })] {
                        #expect(value == Self.modelValue(expected), "bytes \(start)..<\(end)")
                    }
                    #expect(Checksum.short(slice) == Self.modelShort(expected) && Checksum.short(expected) == Self.modelShort(expected),
                        "bytes \(start)..<\(end)")
                }
            }
        }
    }

    @Test func aSlicesLoadIsNilUnlessAllItsBytesAreInside() throws {
        let bytes: [UInt8] = Array(0..<20)
        try bytes.withByteReader(path: "") { reader in
            let slice = try reader.bytes(in: 4..<14)
            #expect(slice.integer(UInt64.self, at: 4) == Self.word(bytes, at: 4))
            #expect(slice.integer(UInt64.self, at: 6) == Self.word(bytes, at: 6))
            for outside in [-1, 3, 7, 14, Int.max, Int.min] { #expect(slice.integer(UInt64.self, at: outside) == nil) }
        }
        let longer: [UInt8] = Array(0..<80)
        try longer.withByteReader(path: "") { reader in
            let slice = try reader.bytes(in: 4..<40)
            let words = try #require(slice.integers(at: 8))
            #expect([words.0, words.1, words.2, words.3] == [8, 16, 24, 32].map { Self.word(longer, at: $0) })
            for outside in [3, 9, 40, Int.max, Int.min] { #expect(slice.integers(at: outside) == nil) }
        }
    }
}
