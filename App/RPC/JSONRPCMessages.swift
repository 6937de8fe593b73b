import Composition
import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Presentation

// The JSON-RPC 2.0 messages on the wire: a request, a response, an error, and the JSON values
// they carry.

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

/// A request as read from a JSON object: any field of the wrong shape is a JSON-RPC error
/// that still answers the caller's id when it has a usable one.
struct Request {
    /// nil: a notification (no `id` at all); `.null` is an id too, and gets an answer.
    let id: JSONValue?
    let method: String
    let params: [String: JSONValue]

    struct Refusal: Error {
        let id: JSONValue
        let error: RPCFailure
    }

    static func read(_ value: JSONValue) -> Result<Request, Refusal> {
        guard case .object(let fields) = value else {
            return .failure(Refusal(id: .null, error: RPCFailure(code: .invalidRequest, message: "a request is a JSON object (one a line: batches are not supported)")))
        }
        let id = fields["id"]
        switch id {
        case nil, .null?, .string?, .integer?, .number?: break
        default: return .failure(Refusal(id: .null, error: RPCFailure(code: .invalidRequest, message: "an id is a string or a number")))
        }
        guard fields["jsonrpc"] == .string("2.0"), case .string(let method)? = fields["method"] else {
            return .failure(Refusal(id: id ?? .null, error: RPCFailure(code: .invalidRequest, message: "not a JSON-RPC 2.0 request: it needs \"jsonrpc\": \"2.0\" and a \"method\" string")))
        }
        switch fields["params"] {
        case nil, .null?: return .success(Request(id: id, method: method, params: [:]))
        case .object(let params)?: return .success(Request(id: id, method: method, params: params))
        default: return .failure(Refusal(id: id ?? .null, error: RPCFailure(code: .invalidParams, message: "params is an object of named parameters")))
        }
    }
}

/// A response: the request's id with its result or its error.
package struct Response: Encodable {
    let id: JSONValue
    var result: (any Encodable & Sendable)?
    var error: RPCFailure?

    /// A success: `result` answers the request `id` names.
    package init(id: JSONValue, result: any Encodable & Sendable) {
        self.id = id
        self.result = result
    }

    init(id: JSONValue, error: RPCFailure) {
        self.id = id
        self.error = error
    }

    private enum Keys: String, CodingKey { case jsonrpc, id, result, error }

    /// Writes `{"jsonrpc": "2.0", "id": …}` with the error, or else the result (`null` when
    /// there is neither), never both, as JSON-RPC 2.0 requires.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode("2.0", forKey: .jsonrpc)
        try container.encode(id, forKey: .id)
        if let error {
            try container.encode(error, forKey: .error)
        } else if let result {
            try result.encode(to: container.superEncoder(forKey: .result))
        } else {
            try container.encodeNil(forKey: .result)
        }
    }
}

/// What this front refuses by itself (sync without a data directory).
struct RPCRefusal: Error, ClassifiedError, CustomStringConvertible {
    let description: String
    var kind: ErrorKind { .refused }
}

/// A JSON-RPC error: its code (`RPCErrorCode`), its sentence, and for Grock's own errors the
/// `ErrorKind` by name in `data.kind`.
struct RPCFailure: Error, Encodable, Sendable {
    let code: RPCErrorCode
    let message: String
    let data: [String: String]?

    init(code: RPCErrorCode, message: String) {
        self.code = code
        self.message = Echo.escaped(message)
        self.data = nil
    }

    init(_ error: any Error) {
        let kind = ErrorKind.of(error)
        code = RPCErrorCode(kind)
        message = Echo.escaped("\(error)")
        data = ErrorKind.isTransient(error) ? ["kind": kind.rawValue, "transient": "true"] : ["kind": kind.rawValue]
    }
}
