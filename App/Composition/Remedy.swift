import DataLayer

/// What a person can do about a failure of the data layer, named without any front's words:
/// each front says it its own way (the command line: `(see grock doctor)`), and none needs to
/// know the data layer's error types.
public enum Remedy: Sendable, Equatable {
    /// A file of the data directory cannot be read: `doctor` says which and why.
    case runDoctor
    /// The data directory's state is lost: erasing it is the way on.
    case reset
    /// The data directory was written by a newer Grock.
    case upgrade
    /// Sync is not set up here: start a household or join one.
    case startOrJoinHousehold
    /// The data directory syncs: leave the household first.
    case leaveHousehold
    /// Joining would replace data this directory holds: keep a copy, then erase it.
    case exportThenReset
    /// The folder holds a household already: join it.
    case joinHousehold
    /// The folder is not a household: start one there.
    case startHousehold
    /// The folder lost or changed its household: leave, then join the household again.
    case rejoinHousehold
    /// Changes made here wait to be sent: sync first, or leave without them.
    case syncOrDiscard
    /// A csv file's numbers have a decimal comma (or, `decimalPoint`, a point), or its text is Latin-1.
    case decimalComma, decimalPoint, latin1

    /// The remedy for `error`, when the data layer knows one.
    public init?(for error: any Error) {
        switch error {
        case StorageError.unreadable: self = .runDoctor
        case StorageError.stateLost: self = .reset
        case StorageError.newerVersion: self = .upgrade
        case SyncError.notSetUp: self = .startOrJoinHousehold
        case SyncError.erasingWhileSyncing: self = .leaveHousehold
        case SyncError.dataToReplace: self = .exportThenReset
        case SyncError.alreadyAHousehold: self = .joinHousehold
        case SyncError.notAHousehold: self = .startHousehold
        case SyncError.householdLost, SyncError.otherHousehold: self = .rejoinHousehold
        case SyncError.unsentChanges: self = .syncOrDiscard
        case let transfer as TransferError:
            guard let remedy = transfer.remedy else { return nil }
            self = remedy
        case let row as PurchaseCSV.RowError:
            switch row.remedy {
            case .decimalComma: self = .decimalComma
            case .decimalPoint: self = .decimalPoint
            case .latin1: self = .latin1
            case nil: return nil
            }
        default: return nil
        }
    }
}
