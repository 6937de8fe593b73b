import Domain

/// A category as data, at its place in the vault's order.
public struct CategoryDocument: Encodable, Sendable, Hashable {
    /// 1 for the first category.
    public let position: Int
    /// The category's name as the user gave it (or as first-run setup made it).
    public let name: String
    /// How many vault items it holds.
    public let items: Int
}
