/// A fast 64-bit checksum of a file's bytes, to tell a file Grock wrote from one changed or
/// damaged since: not cryptographic, since it guards against accidents, not adversaries.
/// Eight bytes at a time, multiply-xor-rotate in four independent lanes (so the multiplies
/// overlap), then a final mix; the same bytes give the same value on every machine.
///
/// It takes any bytes held in one piece (a reader's `ByteSlice`, an array, a slice of one). Its
/// two hashing loops read them through a pointer, eight at a time, inside the range their own
/// loop condition bounds: they run over every byte of a history or a cache, where a checked
/// read each would cost more than the hashing.
enum Checksum {
    static func value(of bytes: some Collection<UInt8>) -> UInt64 {
        contiguous(bytes, checksum(_:))
    }

    /// A hash of a short run of bytes (a field), eight at a time: for hash tables, where the
    /// four lanes of `value` would not pay off.
    static func short(_ bytes: some Collection<UInt8>) -> UInt64 {
        contiguous(bytes, fieldHash(_:))
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

    // MARK: - Over the bytes in memory

    /// `body` over the bytes in one piece: they are (arrays, their slices and readers' slices
    /// hold them so), and anything else is copied into one first.
    @inline(__always)
    private static func contiguous(_ bytes: some Collection<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> UInt64) -> UInt64 {
        if let value = bytes.withContiguousStorageIfAvailable(body) { return value }
        // Only a collection that is not in one piece gets here: the pointer is its copy's.
        return ContiguousArray(bytes).withUnsafeBufferPointer(body)
    }

    private static func checksum(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let prime: UInt64 = 0x9E37_79B9_7F4A_7C15
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (1, 2, 3, 4)
        let raw = UnsafeRawBufferPointer(bytes)
        var offset = 0
        // Unchecked loads: `offset + 32 <= raw.count` bounds every one of them.
        while offset + 32 <= raw.count {
            lanes.0 = mix(lanes.0, UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)), prime)
            lanes.1 = mix(lanes.1, UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)), prime)
            lanes.2 = mix(lanes.2, UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self)), prime)
            lanes.3 = mix(lanes.3, UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self)), prime)
            offset += 32
        }
        var hash = mix(mix(mix(lanes.0, lanes.1, prime), lanes.2, prime), lanes.3, prime) ^ UInt64(raw.count)
        while offset < raw.count {
            hash = mix(hash, UInt64(raw[offset]), prime)
            offset += 1
        }
        return finalized(hash)
    }

    private static func fieldHash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let prime: UInt64 = 0x9E37_79B9_7F4A_7C15
        let raw = UnsafeRawBufferPointer(bytes)
        let count = raw.count
        var hash = UInt64(count) &* prime
        var offset = 0
        // Unchecked loads: `offset + 8 <= count` bounds every one of them.
        while offset + 8 <= count {
            hash = mix(hash, UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)), prime)
            offset += 8
        }
        if offset < count {
            var tail: UInt64 = 0
            for index in offset..<count { tail = tail << 8 | UInt64(raw[index]) }
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
