/// What kind of failure an error is, for every front: the CLI maps it to an exit code, a web
/// front would map it to an HTTP status, an RPC front to an error code.
public enum ErrorKind: String, Sendable, Hashable, CaseIterable {
    /// What was given cannot be understood or is out of bounds (a malformed amount, a date in
    /// the future, a name with control characters): fix the input.
    case invalidInput
    /// Something named does not exist, or more than one thing matches.
    case notFound
    /// A rule of Grock forbids it in the present state (a completed cart is read-only).
    case refused
    /// It would clash with what exists (a name taken, a directory that already has data).
    case conflict
    /// The data cannot be read or written: damaged or foreign files, a busy directory, a full disk.
    case storage
}

extension ErrorKind {
    /// The kind of any error: its own when it says (`ClassifiedError`), else `storage` (an
    /// error nobody classified came from below the rules: files, the system).
    public static func of(_ error: any Error) -> ErrorKind {
        (error as? any ClassifiedError)?.kind ?? .storage
    }

    /// Whether `error` says "not now" rather than "not so": the data was busy with another
    /// process (try again), or the wait for it was cancelled. A front retries or stays quiet
    /// where it would otherwise report damaged or refused data.
    public static func isTransient(_ error: any Error) -> Bool {
        error is CancellationError || (error as? any ClassifiedError)?.isTransient == true
    }
}
