/// What the merge needs to know of one version of one thing (a store, an item's name, an
/// item's price at one store, a cart line, ...), as one device made it.
public struct VersionFacts: Sendable, Hashable {
    /// When it was made.
    public let stamp: HybridTimestamp
    /// The version its device had in front of it when it made this one (`.zero`: none, or
    /// the household's first snapshot): what it knew.
    public let replaces: HybridTimestamp
    /// For a cart line: whether it is bought.
    public let isBought: Bool
    /// For a price: when the price was seen (seconds since 1970); nil for a removed price.
    public let seen: Int64?

    /// Facts as read from a version; `isBought` and `seen` only matter for a line and a price.
    public init(stamp: HybridTimestamp, replaces: HybridTimestamp, isBought: Bool = false, seen: Int64? = nil) {
        self.stamp = stamp
        self.replaces = replaces
        self.isBought = isBought
        self.seen = seen
    }
}
