/// Where use cases get fresh identifiers, so that tests can make them predictable.
public protocol IdentifierSource: Sendable {
    /// A new identifier, unique within this data set: lowercase hexadecimal, at least 8 digits.
    func makeIdentifier() -> String
}
