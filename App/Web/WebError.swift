import Domain

/// Why `grock serve` cannot start or go on, in a sentence.
struct WebError: Error, ClassifiedError, CustomStringConvertible {
    let description: String
    /// `.storage` for a file of `web/` that cannot be read or written (exit 3, as any storage
    /// problem); `.refused` for the rest (an address taken, a socket refused).
    let kind: ErrorKind
    init(_ description: String, kind: ErrorKind = .refused) {
        self.description = description
        self.kind = kind
    }
}
