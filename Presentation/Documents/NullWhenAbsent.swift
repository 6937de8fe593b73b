/// An optional of a document that the JSON writes as `null` when it is absent, where the
/// synthesized encoding would leave its key out: for the documents whose every key is always
/// written (`CartDocument`, `ItemDocument.Price`), so that a front reads a key's absence as
/// "no value" rather than as an older document.
///
/// A document declares the property `@NullWhenAbsent public private(set) var plannedPrice: String?`
/// and keeps its synthesized `Encodable`; reading and comparing it are those of the optional.
@propertyWrapper
public struct NullWhenAbsent<Value: Sendable & Hashable & Encodable>: Sendable, Hashable, Encodable {
    /// The value; nil is written `null`.
    public var wrappedValue: Value?

    /// The value as a document holds it.
    public init(wrappedValue: Value?) { self.wrappedValue = wrappedValue }

    /// The value, or `null`: never nothing.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}
