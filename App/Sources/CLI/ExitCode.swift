import Composition
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

    /// The exit code for an error.
    static func of(_ error: any Error) -> ExitCode {
        switch error {
        case is UsageError: .usage
        case let failure as CommandFailure: failure.code
        default:
            switch ErrorKind.of(error) {
            case .invalidInput: .usage
            case .notFound, .refused, .conflict: .refused
            case .storage: .storage
            }
        }
    }
}

extension ErrorKind {
    /// The kind of any error a command can end with.
    static func of(_ error: any Error) -> ErrorKind {
        switch error {
        case let error as DomainError: error.kind
        case let error as ConfigurationError: error.kind
        case is UsageError, is PurchaseCSV.RowError, is BackupCodec.Failure: .invalidInput
        case let failure as CommandFailure:
            switch failure.code {
            case .usage: .invalidInput
            case .refused: .refused
            case .success, .storage: .storage
            }
        default: .storage
        }
    }
}

/// A command that failed with a message of its own.
struct CommandFailure: Error, CustomStringConvertible {
    let code: ExitCode
    let description: String
}
