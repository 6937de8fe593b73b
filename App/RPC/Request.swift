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
