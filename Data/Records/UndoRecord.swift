/// The changes that can be undone, newest last. Entry `n`'s state before the change is the
/// file `undo/n.json`, or, when `hadState` is false, the empty state of a new data directory.
struct UndoRecord: Codable, Equatable {
    var nextSequence: Int
    var entries: [UndoEntryRecord]
}

struct UndoEntryRecord: Codable, Equatable {
    var sequence: Int
    var summary: String
    var hadState: Bool
    /// The vault file the state before the change used, kept while this entry is.
    var vault: String?
}
