import Domain

/// What can go wrong with the files of a data directory. Every case names the file.
public enum StorageError: Error, ClassifiedError, Sendable, Equatable, CustomStringConvertible {
    /// Always `storage`: the data cannot be read or written.
    public var kind: ErrorKind { .storage }

    /// A busy directory is free again once the other process is done.
    public var isTransient: Bool {
        if case .busy = self { true } else { false }
    }

    /// The file exists but is not what Grock wrote: truncated, not JSON, wrong shapes,
    /// a dangling reference. Nothing was written.
    case unreadable(path: String, reason: String)
    /// The state is missing from a directory that holds Grock's other files (`found`, a few of
    /// them): it was deleted or not copied along, and starting afresh would write over them.
    case stateLost(path: String, found: String)
    /// The file was written by a newer Grock.
    case newerVersion(path: String, found: Int, supported: Int)
    /// Another grock process held the data directory for too long.
    case busy(path: String)
    /// The data directory could be changed by someone else: another user's, writable by
    /// others, or a link another user owns. Nothing was read or written.
    case insecure(path: String, reason: String)
    /// The operating system refused: permissions, a full disk, a missing directory.
    case io(path: String, reason: String)

    /// The message to show: the file at fault, what is wrong, and whether anything was changed.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "cannot read \(path): \(reason); nothing was changed"
        case .stateLost(let path, let found):
            "cannot read \(path): it is missing, but the directory holds Grock's data (\(found)); put back state.tsv from a copy of this "
                + "directory, or keep a copy and erase the data to start over; nothing was changed"
        case .newerVersion(let path, let found, let supported):
            "\(path) has schema version \(found), but this version of Grock reads up to \(supported): a newer Grock wrote it"
        case .busy(let path): "the data directory \(path) is busy: another process of Grock is using it; try again"
        case .io(let path, let reason): "\(path): \(reason)"
        case .insecure(let path, let reason): "refusing the data directory \(path): it \(reason); nothing was changed"
        }
    }
}
