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
