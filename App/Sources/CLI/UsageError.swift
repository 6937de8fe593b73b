import Domain

/// A command line Grock cannot make sense of: exit code 2.
struct UsageError: ClassifiedError, CustomStringConvertible {
    var kind: ErrorKind { .invalidInput }

    let description: String
    init(_ description: String) { self.description = description }
}
