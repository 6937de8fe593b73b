/// What a receipt line most likely is among the user's items.
public struct ReceiptMatch: Sendable, Hashable {
    /// How sure the match is.
    public enum Verdict: String, Sendable, Hashable, CaseIterable {
        /// The store's receipts call an item this; confirmed before.
        case alias
        /// One item clearly fits (score at least `ReceiptMatcher.confidentScore`, well ahead of
        /// the next).
        case confident
        /// Something fits, but a person should say which (or whether).
        case doubtful
        /// Nothing the user has fits: a new item.
        case new
    }

    /// How sure the match is.
    public let verdict: Verdict
    /// The likeliest items, best first, at most `ReceiptMatcher.maximumCandidates`.
    public let candidates: [ReceiptCandidate]
    /// For a line that matches nothing: the category its words suggest (`BANANEN`: Produce),
    /// when the user has a category of that name.
    public let suggestedCategory: CategoryID?

    /// A match as the matcher made it.
    public init(verdict: Verdict, candidates: [ReceiptCandidate], suggestedCategory: CategoryID? = nil) {
        self.verdict = verdict
        self.candidates = candidates
        self.suggestedCategory = suggestedCategory
    }

    /// The item the line is taken to be: the best candidate unless the line is new.
    public var best: ReceiptCandidate? { verdict == .new ? nil : candidates.first }
}

/// An item a receipt line may be, and how well it fits.
public struct ReceiptCandidate: Sendable, Hashable {
    /// The vault item, or the cart line's item for an impulse buy.
    public let item: ItemID
    /// The item's name (the cart line's name for a line of the cart).
    public let name: String
    /// 0 to 100; 100 for an alias.
    public let score: Int
    /// Whether the item is on the cart being shopped.
    public let isOnCart: Bool

    /// A candidate as scored.
    public init(item: ItemID, name: String, score: Int, isOnCart: Bool) {
        self.item = item
        self.name = name
        self.score = score
        self.isOnCart = isOnCart
    }
}
