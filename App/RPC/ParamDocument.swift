/// A method's parameter as `rpc.discover` describes it, in OpenRPC's shape.
struct ParamDocument: Encodable, Sendable {
    let name: String
    let required: Bool
    let schema: Schema

    /// A JSON Schema of a parameter's type.
    enum Schema: Encodable, Sendable, Equatable {
        /// `string` (amounts and quantities too) or `boolean`.
        case plain(String)
        /// A whole number from `minimum` to `maximum`.
        case integer(minimum: Int64, maximum: Int64)
        /// An array of strings.
        case strings
        /// An array of objects (their fields in the method's summary and RPC.md).
        case objects
        /// A string, or null (to remove what it sets).
        case stringOrNull

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            switch self {
            case .plain(let type): try container.encode(type, forKey: .type)
            case .integer(let minimum, let maximum):
                try container.encode("integer", forKey: .type)
                if minimum > Int64.min { try container.encode(minimum, forKey: .minimum) }
                if maximum < Int64.max { try container.encode(maximum, forKey: .maximum) }
            case .strings, .objects:
                try container.encode("array", forKey: .type)
                try container.encode(["type": self == .strings ? "string" : "object"], forKey: .items)
            case .stringOrNull: try container.encode(["string", "null"], forKey: .type)
            }
        }

        private enum Key: CodingKey { case type, items, minimum, maximum }
    }

    init(_ parameter: RPCMethod.Parameter) {
        name = parameter.name
        required = parameter.isRequired
        switch parameter.kind {
        case .text: schema = .plain("string")
        case .textOrNull: schema = .stringOrNull
        case .texts: schema = .strings
        case .objects: schema = .objects
        case .integer(let range): schema = .integer(minimum: range.lowerBound, maximum: range.upperBound)
        case .flag: schema = .plain("boolean")
        }
    }
}
