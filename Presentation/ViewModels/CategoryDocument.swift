import Domain

/// A category as data, at its place in the vault's order.
public struct CategoryDocument: Encodable, Sendable, Hashable {
    /// 1 for the first category.
    public let position: Int
    public let name: String
    /// How many vault items it holds.
    public let items: Int
}
