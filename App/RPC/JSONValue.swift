/// A JSON value as a request carries it (also read by `grock serve`, to key a change by its
/// method and parameters).
package enum JSONValue: Codable, Sendable, Equatable {
    /// A whole number is kept exactly (an id of 2^53 + 1 comes back as it was sent).
    case null, bool(Bool), integer(Int64), number(Double), string(String), array([JSONValue]), object([String: JSONValue])

    /// Reads any JSON value: `null`, then a boolean, a whole number that fits 64 bits (kept exact),
    /// any other number, a string, an array, and an object last.
    /// - Throws: `DecodingError` when the value is none of them (what an object fails with).
    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        // Each type tried in turn (a failed try is the answer "not this type"): the first that
        // decodes is the value's; a value none decodes fails as an object.
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
