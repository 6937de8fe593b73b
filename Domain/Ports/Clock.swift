/// Where use cases get the current time, so that tests can fix it.
public protocol Clock: Sendable {
    /// The current moment, with the UTC offset days are counted in (a day starts at local midnight).
    func now() -> Timestamp
}

/// Where use cases get fresh identifiers, so that tests can make them predictable.
public protocol IdentifierSource: Sendable {
    /// A new identifier, unique within this data set: lowercase hexadecimal, at least 8 digits.
    func makeIdentifier() -> String
}
