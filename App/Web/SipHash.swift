/// SipHash-2-4 (Aumasson and Bernstein, 2012): a 64-bit hash keyed with a 128-bit secret, which
/// nobody without the secret can aim at (no input can be chosen to land on a given value). It
/// names a session in `web/applied` (`IdempotencyStore`): an unkeyed hash such as FNV-1a can be
/// steered, so a peer could make a session whose name is another's and take over its keys.
/// Written out here because the standard library's `Hasher` is seeded per process (a name must
/// outlive a restart) and no package is used.
struct SipHash: Sendable {
    private let k0: UInt64, k1: UInt64

    /// A hash keyed with the 128 bits of `key`, 32 hexadecimal digits; nil when it is not that.
    init?(hexadecimalKey key: some StringProtocol) {
        guard key.utf8.count == 32, key.allSatisfy(\.isHexDigit),
              let k0 = UInt64(key.prefix(16), radix: 16), let k1 = UInt64(key.suffix(16), radix: 16) else { return nil }
        self.k0 = k0
        self.k1 = k1
    }

    /// The hash of `bytes`.
    func callAsFunction(_ bytes: [UInt8]) -> UInt64 {
        var v0 = k0 ^ 0x736f_6d65_7073_6575, v1 = k1 ^ 0x646f_7261_6e64_6f6d
        var v2 = k0 ^ 0x6c79_6765_6e65_7261, v3 = k1 ^ 0x7465_6462_7974_6573
        func rounds(_ count: Int) {
            for _ in 0..<count {
                v0 = v0 &+ v1; v1 = v1.rotatedLeft(13) ^ v0; v0 = v0.rotatedLeft(32)
                v2 = v2 &+ v3; v3 = v3.rotatedLeft(16) ^ v2
                v0 = v0 &+ v3; v3 = v3.rotatedLeft(21) ^ v0
                v2 = v2 &+ v1; v1 = v1.rotatedLeft(17) ^ v2; v2 = v2.rotatedLeft(32)
            }
        }
        func absorb(_ word: UInt64) {
            v3 ^= word
            rounds(2)
            v0 ^= word
        }
        let whole = bytes.count - bytes.count % 8
        for start in stride(from: 0, to: whole, by: 8) { absorb(Self.littleEndian(bytes[start..<start + 8])) }
        // The last block: the bytes left over, and the length's low byte at the top.
        absorb(Self.littleEndian(bytes[whole...]) | UInt64(truncatingIfNeeded: bytes.count) << 56)
        v2 ^= 0xff
        rounds(4)
        return v0 ^ v1 ^ v2 ^ v3
    }

    /// Up to eight bytes as a little-endian number.
    private static func littleEndian(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
    }
}

private extension UInt64 {
    func rotatedLeft(_ count: UInt64) -> UInt64 { self << count | self >> (64 - count) }
}
