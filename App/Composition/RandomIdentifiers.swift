import Domain

/// Random 64-bit identifiers as 16 lowercase hex digits.
public struct RandomIdentifiers: IdentifierSource {
    public init() {}

    public func makeIdentifier() -> String {
        let digits = String(UInt64.random(in: 1...UInt64.max), radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
