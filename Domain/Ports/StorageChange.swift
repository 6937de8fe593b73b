/// A change to the data that a live screen should show: the new state is read afresh.
public struct StorageChange: Sendable, Hashable {
    /// Who made it.
    public enum Origin: String, Sendable, Hashable {
        /// A change committed through this very storage object (this front, this process).
        case here
        /// A change found in the data that someone else committed (another process of Grock).
        case elsewhere
    }

    /// Whether it was made here or seen made elsewhere.
    public let origin: Origin
    /// The undo summary of a change made here ("added Milk to Weekly", "undid …"); nil for one
    /// made elsewhere, which is only seen to have happened.
    public let summary: String?

    /// A change made here (with its summary) or elsewhere (without one).
    public init(origin: Origin, summary: String?) {
        self.origin = origin
        self.summary = summary
    }
}
