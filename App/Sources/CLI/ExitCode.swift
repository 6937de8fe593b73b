import DataLayer
import Domain

/// The documented exit codes of `grock`.
public enum ExitCode: Int32, Sendable {
    case success = 0
    /// Refused by a rule of Grock, or something named does not exist.
    case refused = 1
    /// The command line is wrong: unknown command or option, missing or malformed argument.
    case usage = 2
    /// The data directory cannot be used: unreadable, newer version, busy, permissions.
    case storage = 3

    /// The exit code for an error, and the line to print for it.
    static func of(_ error: any Error) -> ExitCode {
        switch error {
        case is UsageError: return .usage
        case is StorageError: return .storage
        case let error as DomainError:
            switch error {
            case .invalidAmount, .invalidQuantity, .tooLarge, .unknownUnit, .unknownCurrency, .invalidDate, .futureDate, .invalidName, .invalidPosition, .importRow:
                return .usage
            default:
                return .refused
            }
        case let failure as CommandFailure: return failure.code
        case is PurchaseCSV.RowError, is BackupCodec.Failure: return .usage
        default: return .storage
        }
    }
}

/// A command that failed with a message of its own.
struct CommandFailure: Error, CustomStringConvertible {
    let code: ExitCode
    let description: String
}
