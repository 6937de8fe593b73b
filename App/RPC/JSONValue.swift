/// A JSON value as a request carries it (also read by `grock serve`, to key a change by its
/// method and parameters).
package enum JSONValue: Codable, Sendable, Equatable {
    /// A whole number from -2^63 to 2^63 - 1 is kept exactly (an id of 2^53 + 1 comes back as it
    /// was sent); any other number is a `Double`, the nearest one, which is why a request's id
    /// may not be one (`Request.idProblem`).
    case null, bool(Bool), integer(Int64), number(Double), string(String), array([JSONValue]), object([String: JSONValue])

    /// Reads any JSON value: `null`, then a boolean, a whole number that fits 64 bits (kept exact),
    /// any other number, a string, an array, and an object last.
    /// - Throws: `DecodingError` when the value is none of them (what an object fails with).
    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        // A single-value container tells its value's type only by decoding it: each type is
        // tried in turn, and the first that decodes is the value's.
        if container.decodeNil() {
            self = .null
        } else if let value = Self.decoded(Bool.self, from: container) {
            self = .bool(value)
        } else if let value = Self.decoded(Int64.self, from: container) {
            self = .integer(value)
        } else if let value = Self.decoded(Double.self, from: container) {
            self = .number(value)
        } else if let value = Self.decoded(String.self, from: container) {
            self = .string(value)
        } else if let value = Self.decoded([JSONValue].self, from: container) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// The value as a `T`; nil when it is not one. Any error means "another type", which the
    /// next type tried answers: a mismatch, or a number `T` cannot hold exactly (1.5 as `Int64`),
    /// for which Foundation's decoder throws an error of its own rather than a `DecodingError`.
    /// A value no type reads is refused by the last try, the object, which throws.
    private static func decoded<T: Decodable>(_: T.Type, from container: any SingleValueDecodingContainer) -> T? {
        do { return try container.decode(T.self) } catch { return nil }
    }

    /// Writes the value back as it was read: a whole number without a fraction, so an id
    /// answers as it was sent.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}
