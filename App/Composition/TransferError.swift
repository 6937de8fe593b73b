import Domain

/// A file that cannot be read or written, or whose contents are refused, named with its path.
public struct TransferError: Error, ClassifiedError, Sendable, CustomStringConvertible {
    /// `.invalidInput` for a path or file's contents refused; `.storage` for output that failed
    /// part way.
    public let kind: ErrorKind
    /// The message to show, naming the file at fault.
    public let description: String
    /// What the person can change to make it work (a CSV's decimal comma, its encoding).
    public let remedy: Remedy?

    init(kind: ErrorKind, description: String, remedy: Remedy? = nil) {
        self.kind = kind
        self.description = description
        self.remedy = remedy
    }

    /// Output that fails part way (a full disk): a storage problem, as for any command.
    static func output(_ error: any Error) -> TransferError {
        TransferError(kind: .storage, description: "cannot write the output: \(error)")
    }
}
