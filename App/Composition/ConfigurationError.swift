import Domain

/// Why a front cannot be configured, with the kind of error it is.
public struct ConfigurationError: Error, ClassifiedError, Sendable, Equatable, CustomStringConvertible {
    /// `.storage` when no data directory can be found; `.invalidInput` for an environment
    /// variable that does not read.
    public let kind: ErrorKind
    /// The message to show, naming the variable or flag at fault and what it should be.
    public let description: String

    /// An error of `kind`, described by `description`.
    public init(kind: ErrorKind, description: String) {
        self.kind = kind
        self.description = description
    }
}
