/// A JSON value as a request carries it (also read by `grock serve`, to key a change by its
/// method and parameters).
package enum JSONValue: Codable, Sendable, Equatable {
    /// A whole number from -2^63 to 2^63 - 1 is kept exactly (an id of 2^53 + 1 comes back as it
    /// was sent); any other number is a `Double`, the nearest one, which is why a request's id
    /// may not be one (`Request.idProblem`).
    case null, bool(Bool), integer(Int64), number(Double), string(String), array([JSONValue]), object([String: JSONValue])

    /// Reads any JSON value. A single-value container tells a value's type only by decoding it,
    /// so the types are tried in one order and the first that decodes is the value's: `null`; a
    /// boolean (1 is no `true`); a whole number from -2^63 to 2^63 - 1, kept exact (Foundation's
    /// decoder takes 1.0 and 1e2 for whole numbers too); any other number a `Double` holds; a
    /// string; an array; an object last. JSONValueTests pins what each shape of JSON becomes. A
    /// key repeated in an object keeps its first value: the decoder drops the others before this
    /// sees the object (docs/RPC.md).
    /// - Throws: `DecodingError` when the value is none of them (what an object fails with).
    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        // Any error means "another type", which the next type answers: a mismatch, or a number
        // a type cannot hold exactly (1.5 as `Int64`), for which Foundation's decoder may throw
        // an error of its own rather than a `DecodingError`.
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
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
