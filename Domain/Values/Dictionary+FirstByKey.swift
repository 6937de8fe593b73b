// Dictionaries from listed pairs that never trap on a key given twice.
extension Dictionary {
    /// The pairs by key, the first one of a key given twice. What a repository lists is keyed by
    /// id, and a storage that lists an id twice (another front's, a fake) must get an answer,
    /// never stop the program as `init(uniqueKeysWithValues:)` would.
    init(firstByKey pairs: some Sequence<(Key, Value)>) {
        self.init(pairs, uniquingKeysWith: { first, _ in first })
    }
}
