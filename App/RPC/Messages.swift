import Domain

// The JSON-RPC 2.0 messages of `grock rpc`: a request as read from a line, the response to it,
// and the notification the server sends when another process changes the data.

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

    /// Why `id` cannot be a request's id, or nil when it can: a string, null, or a whole number
    /// that fits 64 bits, the ids that come back exactly as sent. Any other number would come
    /// back as the nearest `Double` (2^63 as 9.223372036854776e+18), which a client matching
    /// replies by id would miss.
    static func idProblem(_ id: JSONValue?) -> String? {
        switch id {
        case nil, .null?, .string?, .integer?: return nil
        case .number?:
            return "an id that is a number is a whole number from -9223372036854775808 to 9223372036854775807"
                + " (any other comes back inexact: send it as a string)"
        default: return "an id is a string or a number"
        }
    }

    static func read(_ value: JSONValue) -> Result<Request, Refusal> {
        func refused(_ code: RPCErrorCode, _ message: String, id: JSONValue? = nil) -> Result<Request, Refusal> {
            .failure(Refusal(id: id ?? .null, error: RPCFailure(code: code, message: message)))
        }
        guard case .object(let fields) = value else {
            return refused(.invalidRequest, "a request is a JSON object (one a line: batches are not supported)")
        }
        let id = fields["id"]
        if let problem = idProblem(id) { return refused(.invalidRequest, problem) }
        guard fields["jsonrpc"] == .string("2.0"), case .string(let method)? = fields["method"] else {
            return refused(.invalidRequest, #"not a JSON-RPC 2.0 request: it needs "jsonrpc": "2.0" and a "method" string"#, id: id)
        }
        switch fields["params"] {
        case nil, .null?: return .success(Request(id: id, method: method, params: [:]))
        case .object(let params)?: return .success(Request(id: id, method: method, params: params))
        default: return refused(.invalidParams, "params is an object of named parameters", id: id)
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

extension RPCServer {
    /// `{"jsonrpc":"2.0","method":"changed","params":{"origin":"elsewhere"}}`: the data was
    /// changed by someone else (another grock); a client shows it afresh. Changes made through
    /// this server are answered by their responses and not repeated.
    struct ChangeNotification: Encodable {
        let jsonrpc = "2.0"
        let method = "changed"
        let params: Params

        struct Params: Encodable {
            let origin: String
            let summary: String?
        }

        init(_ change: StorageChange) { params = Params(origin: change.origin.rawValue, summary: change.summary) }
    }
}
