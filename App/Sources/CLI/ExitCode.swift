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
