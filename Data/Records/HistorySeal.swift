/// What a state knows of its committed history besides the length, so that a change appends
/// to (and an undo cuts) only the history it recorded, never a file damaged, edited or swapped
/// since: a checksum of the committed lines (`Checksum.lines`), and the file's inode and
/// change time right after the change that last wrote it. While those are unchanged nothing
/// has written to the file since (the change time cannot be set back), so a change need not
/// read it again; otherwise the committed bytes are checked against the checksum first.
struct HistorySeal: Codable, Equatable {
    var checksum: UInt64
    var stamp: String?
}
