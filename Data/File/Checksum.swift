#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A fast 64-bit checksum of a file's bytes, to tell a file Grock wrote from one changed or
/// damaged since: not cryptographic, since it guards against accidents, not adversaries.
/// Eight bytes at a time, multiply-xor-rotate in four independent lanes (so the multiplies
/// overlap), then a final mix; the same bytes give the same value on every machine.
enum Checksum {
    static func value(of bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let prime: UInt64 = 0x9E37_79B9_7F4A_7C15
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (1, 2, 3, 4)
        let raw = UnsafeRawBufferPointer(bytes)
        var offset = 0
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

    /// A hash of a short run of bytes (a field), eight at a time: for hash tables, where the
    /// four lanes of `value` would not pay off.
    static func short(_ start: UnsafePointer<UInt8>, count: Int) -> UInt64 {
        let prime: UInt64 = 0x9E37_79B9_7F4A_7C15
        let raw = UnsafeRawPointer(start)
        var hash = UInt64(count) &* prime
        var offset = 0
        while offset + 8 <= count {
            hash = mix(hash, UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)), prime)
            offset += 8
        }
        if offset < count {
            var tail: UInt64 = 0
            for index in offset..<count { tail = tail << 8 | UInt64(start[index]) }
            hash = mix(hash, tail, prime)
        }
        return finalized(hash)
    }

    /// `short` of a buffer, which may be empty (and then has no address).
    static func short(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard let start = bytes.baseAddress else { return finalized(0) }
        return short(start, count: bytes.count)
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

    /// The checksum as 16 lowercase hex digits.
    static func hex(of bytes: UnsafeBufferPointer<UInt8>) -> String {
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
    static func lines(_ bytes: UnsafeBufferPointer<UInt8>, continuing seed: UInt64) -> UInt64 {
        let reader = ByteReader(bytes, path: "")
        let prime: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hash = seed
        var start = 0
        while start < bytes.count {
            let end = reader.firstIndex(of: 0x0A, from: start).map { $0 + 1 } ?? bytes.count
            hash = finalized(mix(hash, short(reader.clamped(start..<end)), prime))
            start = end
        }
        return hash
    }

    static func lines(_ bytes: [UInt8], continuing seed: UInt64) -> UInt64 {
        bytes.withUnsafeBufferPointer { lines($0, continuing: seed) }
    }

    static func value(of bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBufferPointer { value(of: $0) }
    }

    static func hex(of bytes: [UInt8]) -> String {
        bytes.withUnsafeBufferPointer { hex(of: $0) }
    }

    private static func mix(_ hash: UInt64, _ word: UInt64, _ prime: UInt64) -> UInt64 {
        let mixed = (hash ^ word) &* prime
        return (mixed << 31) | (mixed >> 33)
    }
}
