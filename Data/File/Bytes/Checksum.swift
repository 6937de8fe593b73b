/// A fast 64-bit checksum of a file's bytes, to tell a file Grock wrote from one changed or
/// damaged since: not cryptographic, since it guards against accidents, not adversaries.
/// Eight bytes at a time, multiply-xor-rotate in four independent lanes (so the multiplies
/// overlap), then a final mix; the same bytes give the same value on every machine.
///
/// It takes any bytes, and reads them as a `ByteSlice` (in place when they are held in one
/// piece: a reader's slice, an array, a slice of one), eight at a time through its checked loads.
enum Checksum {
    static func value(of bytes: some Collection<UInt8>) -> UInt64 {
        bytes.withByteSlice(checksum(_:))
    }

    /// A hash of a short run of bytes (a field), eight at a time: for hash tables, where the
    /// four lanes of `value` would not pay off.
    static func short(_ bytes: some Collection<UInt8>) -> UInt64 {
        bytes.withByteSlice(fieldHash(_:))
    }

    /// The checksum as 16 lowercase hex digits.
    static func hex(of bytes: some Collection<UInt8>) -> String {
        hex(value(of: bytes))
    }

    /// A checksum as 16 lowercase hex digits.
    static func hex(_ value: UInt64) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }

    /// A checksum of whole lines that can be continued: the value after some lines, continued
    /// over the lines that follow, equals the value of all of them at once. A change that
    /// appends to history extends the value recorded in the state over only what it appends.
    /// Each line's hash (newline included) is folded into the running value, so bytes after
    /// the last newline count as one more line.
    static func lines(_ bytes: ByteSlice, continuing seed: UInt64) -> UInt64 {
        let prime: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hash = seed
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let end = bytes[start...].firstIndex(of: 0x0A).map { $0 + 1 } ?? bytes.endIndex
            hash = finalized(mix(hash, short(bytes[start..<end]), prime))
            start = end
        }
        return hash
    }

    static func lines(_ bytes: [UInt8], continuing seed: UInt64) -> UInt64 {
        bytes.withByteReader(path: "") { lines($0.whole, continuing: seed) }
    }

    // MARK: - The hashing loops

    private static func checksum(_ bytes: ByteSlice) -> UInt64 {
        let prime: UInt64 = 0x9E37_79B9_7F4A_7C15
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (1, 2, 3, 4)
        var offset = bytes.startIndex
        // 32 bytes a round while they last, one word to each lane.
        while let words = bytes.integers(at: offset) {
            lanes = (mix(lanes.0, words.0, prime), mix(lanes.1, words.1, prime), mix(lanes.2, words.2, prime), mix(lanes.3, words.3, prime))
            offset += 32
        }
        var hash = mix(mix(mix(lanes.0, lanes.1, prime), lanes.2, prime), lanes.3, prime) ^ UInt64(bytes.count)
        while let byte = bytes.byte(at: offset) {
            hash = mix(hash, UInt64(byte), prime)
            offset += 1
        }
        return finalized(hash)
    }

    private static func fieldHash(_ bytes: ByteSlice) -> UInt64 {
        let prime: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hash = UInt64(bytes.count) &* prime
        var offset = bytes.startIndex
        while let word = bytes.integer(UInt64.self, at: offset) {
            hash = mix(hash, word, prime)
            offset += 8
        }
        if offset < bytes.endIndex {
            var tail: UInt64 = 0
            for byte in bytes[offset...] { tail = tail << 8 | UInt64(byte) }
            hash = mix(hash, tail, prime)
        }
        return finalized(hash)
    }

    /// Spreads every input bit over every output bit (MurmurHash3's finaliser), so that ids
    /// differing only in their last characters land far apart in a table.
    private static func finalized(_ value: UInt64) -> UInt64 {
        var hash = value
        hash ^= hash >> 33
        hash &*= 0xFF51_AFD7_ED55_8CCD
        hash ^= hash >> 33
        hash &*= 0xC4CE_B9FE_1A85_EC53
        hash ^= hash >> 33
        return hash
    }

    private static func mix(_ hash: UInt64, _ word: UInt64, _ prime: UInt64) -> UInt64 {
        let mixed = (hash ^ word) &* prime
        return (mixed << 31) | (mixed >> 33)
    }
}
