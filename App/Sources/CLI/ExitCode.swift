import Composition
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
        switch ErrorKind.of(error) {
        case .invalidInput: .usage
        case .notFound, .refused, .conflict: .refused
        case .storage: .storage
        }
    }
}

/// A command line Grock cannot make sense of: exit code 2.
struct UsageError: ClassifiedError, CustomStringConvertible {
    var kind: ErrorKind { .invalidInput }

    let description: String
    init(_ description: String) { self.description = description }
}

/// A failure the command line finds itself (a doctor's problems, an output that cannot be
/// written), of the kind that gives its exit code.
struct CommandFailure: ClassifiedError, CustomStringConvertible {
    let kind: ErrorKind
    let description: String
}
