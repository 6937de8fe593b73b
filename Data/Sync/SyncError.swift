import Domain

/// Why sync could not go on. Each names the file or the household and what to do.
public enum SyncError: Error, ClassifiedError, Sendable, Equatable, CustomStringConvertible {
    /// Sync is not set up in this data directory.
    case notSetUp
    /// Sync is set up already (with `folder`).
    case alreadySetUp(folder: String)
    /// Erasing a device of a household would tell the others nothing and leave it unable to merge.
    case erasingWhileSyncing(folder: String)
    /// The folder is not a household's (no `grock-household` file), or is one already.
    case notAHousehold(folder: String)
    case alreadyAHousehold(folder: String)
    /// Joining needs an empty data directory: a device's own data cannot be merged into a
    /// household's without duplicating everything both have.
    case dataToReplace
    /// A file of the household or of this device's sync state is damaged.
    case damaged(what: String, reason: String)
    /// The folder cannot be used (missing, not a directory, a link, not ours, unwritable).
    case unusableFolder(path: String, reason: String)
    /// `git` failed on a folder that is a git work tree.
    case git(reason: String)
    /// The folder lost its household file, and this device does not remember its household
    /// (set up by an earlier Grock, and not synced since).
    case householdLost(folder: String)
    /// The folder now holds another household than the one this device belongs to.
    case otherHousehold(folder: String, found: String, this: String)
    /// A device joining found no start of the household it could take (still arriving, damaged,
    /// waiting, or gone with its device's folder): it took nothing.
    case noStart(folder: String, reason: String)
    /// Leaving would drop `count` changes made here that no other device has yet.
    case unsentChanges(count: Int)
    /// A restamp was asked for, but no change of this device is stamped more than a day ahead of
    /// its clock (`clock`, ms since 1970).
    case nothingToRestamp(clock: Int64)
    /// A restamp was asked for while this device's clock (`clock`) reads more than a day before a
    /// change `device` made (`latest`): the clock is wrong now, and would stamp its changes before
    /// the household's.
    case clockBehind(clock: Int64, device: String, latest: Int64)

    /// `.refused` when sync is not set up, an erase would cut a device off, a leave would drop
    /// unsent changes or a restamp has nothing to do or a clock behind; `.conflict` when
    /// the directory or folder is in the wrong household state; `.notFound` for a folder that is
    /// no household's; `.storage` for damaged files, an unusable folder or a failed `git`.
    public var kind: ErrorKind {
        switch self {
        case .notSetUp, .unsentChanges, .nothingToRestamp, .clockBehind: .refused
        case .alreadySetUp, .dataToReplace, .alreadyAHousehold: .conflict
        case .erasingWhileSyncing: .refused
        case .notAHousehold: .notFound
        case .householdLost, .otherHousehold, .noStart: .conflict
        case .damaged, .unusableFolder, .git: .storage
        }
    }

    /// The message to show: the folder or file at fault and what a person can do, in no front's
    /// words (the command that does it is the front's: Composition's `Remedy`).
    public var description: String {
        switch self {
        case .notSetUp: "this data directory does not sync"
        case .alreadySetUp(let folder): "this data directory syncs already, through \(folder)"
        case .erasingWhileSyncing(let folder):
            "this device syncs with the household in \(folder): "
                + "erasing it would tell the others nothing; leave the household first"
        case .notAHousehold(let folder): "\(folder) is not a household's sync folder (no grock-household file)"
        case .alreadyAHousehold(let folder): "\(folder) is a household's sync folder already"
        case .dataToReplace: "this data directory holds data: joining a household needs an empty one"
        case .damaged(let what, let reason): "\(what) is damaged: \(reason)"
        case .unusableFolder(let path, let reason): "\(path): \(reason)"
        case .git(let reason): "git: \(reason)"
        case .householdLost(let folder):
            "\(folder) lost its grock-household file and this device does not know its household; "
                + "put the folder back, or leave the household and join it again through a folder another device syncs"
        case .otherHousehold(let folder, let found, let this):
            "\(folder) now holds another household (\(found)) than this device's (\(this)); "
                + "nothing was merged: leave the household and join it again through its folder"
        case .noStart(let folder, let reason):
            "\(folder) holds no start of the household this device can take (\(reason)); nothing was joined: "
                + "join again once it is whole, or sync a device of the household first, which writes a snapshot"
        case .unsentChanges(let count): SyncError.unsent(count)
        case .nothingToRestamp(let clock):
            "no change of this device is stamped more than a day ahead of its clock (\(Timestamp(clamping: clock / 1000))): "
                + "nothing to restamp"
        case .clockBehind(let clock, let device, let latest):
            "this device's clock reads \(Timestamp(clamping: clock / 1000)), more than a day before a change of device \(device) "
                + "(\(Timestamp(clamping: latest / 1000))): set the clock right, then restamp; nothing was changed"
        }
    }

    /// `unsentChanges`' message, singular for one change.
    private static func unsent(_ count: Int) -> String {
        let them = count == 1 ? "it" : "them"
        return "\(Wording.counted(count, "change")) made on this device \(count == 1 ? "was" : "were") not sent to the household yet; "
            + "nothing was changed: send \(them) first, or leave without \(them)"
    }
}
