/// How the versions of one thing made on several devices resolve. Each rule picks one winner
/// from the *set* of versions: the same set gives the same winner in any order of arrival,
/// with any version delivered twice, so every device that has seen the same changes agrees.
public enum SyncRule: String, Sendable, Hashable, CaseIterable {
    /// The latest change wins (by hybrid timestamp): names, categories, stores, settings,
    /// carts' names, budgets and status, the order of a cart's lines, deletions.
    case latest
    /// The price seen most recently wins, whenever it was entered; equal days: the latest
    /// change. An old receipt entered today never replaces last week's price.
    case newestSeen
    /// A cart line: the latest change wins, except that a bought line stays bought against
    /// any change made without knowing of the purchase (an edit, a removal, on another
    /// device at the same time). Unticking it after seeing it bought still unticks it.
    case boughtStays

    /// The index of the winning version; nil for no versions.
    public func winner(_ versions: [VersionFacts]) -> Int? {
        guard !versions.isEmpty else { return nil }
        switch self {
        case .latest:
            return versions.indices.max { versions[$0].stamp < versions[$1].stamp }
        case .newestSeen:
            return versions.indices.max {
                (versions[$0].seen ?? .min, versions[$0].stamp) < (versions[$1].seen ?? .min, versions[$1].stamp)
            }
        case .boughtStays:
            guard let bought = versions.indices.filter({ versions[$0].isBought })
                .max(by: { versions[$0].stamp < versions[$1].stamp }) else {
                return SyncRule.latest.winner(versions)
            }
            let purchase = versions[bought].stamp
            let informed = versions.indices.filter {
                !versions[$0].isBought && versions[$0].stamp > purchase && versions[$0].replaces >= purchase
            }
            return (informed + [bought]).max { versions[$0].stamp < versions[$1].stamp }
        }
    }
}
