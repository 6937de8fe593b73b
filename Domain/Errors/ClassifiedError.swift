/// An error that says what kind of failure it is, from whichever layer it comes (a rule of the
/// domain, a storage, a front's own configuration), so that a front maps every error it meets
/// without importing the layer that threw it.
public protocol ClassifiedError: Error {
    var kind: ErrorKind { get }
    /// Whether the same request may succeed later as it is: another process held the data.
    var isTransient: Bool { get }
}

extension ClassifiedError {
    /// False: an error is final unless it says otherwise.
    public var isTransient: Bool { false }
}
