import Domain

/// Random 64-bit identifiers as 16 lowercase hex digits.
public struct RandomIdentifiers: IdentifierSource {
    /// A source of random identifiers; it keeps no state.
    public init() {}

    /// A random, nonzero 64-bit identifier as 16 lowercase hex digits (zero-padded), so that
    /// identifiers made on different devices of a household do not collide in practice.
    public func makeIdentifier() -> String {
        let digits = String(UInt64.random(in: 1...UInt64.max), radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
