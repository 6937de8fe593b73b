import Domain

/// A failure the command line finds itself (a doctor's problems, an output that cannot be
/// written), of the kind that gives its exit code.
struct CommandFailure: ClassifiedError, CustomStringConvertible {
    let kind: ErrorKind
    let description: String
}
