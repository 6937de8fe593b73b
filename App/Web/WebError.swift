import Domain

/// Why `grock serve` cannot start or go on, in a sentence.
struct WebError: Error, ClassifiedError, CustomStringConvertible {
    let description: String
    var kind: ErrorKind { .refused }
    init(_ description: String) { self.description = description }
}
