import Domain

// The errors `grock rpc` answers with: a failure's code, sentence and kind, and the codes themselves.

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

/// The `code` of every JSON-RPC error Grock answers with, each named once: the protocol's own
/// for a request that cannot be read, dispatched or run, and one for each of Grock's
/// `ErrorKind`s (docs/RPC.md lists them; a client branches on them, so they never change).
enum RPCErrorCode: Int, Encodable, Sendable {
    /// The line is not JSON.
    case parseError = -32700
    /// Not a JSON-RPC 2.0 request object, or a line too long to be read.
    case invalidRequest = -32600
    /// No method of that name.
    case methodNotFound = -32601
    /// A parameter unknown, missing, of the wrong JSON type, or a value its method cannot take.
    case invalidParams = -32602
    /// A method read a parameter other than as it declares it: a mistake of Grock's, not the caller's.
    case internalError = -32603
    // Grock's own, one per `ErrorKind` (its documentation says what each means); `data.kind`
    // names the kind too.
    case invalidInput = -32001
    case notFound = -32002
    case refused = -32003
    case conflict = -32004
    case storage = -32005

    /// The code of an error of `kind`: fixed here, whatever order the kinds are declared in.
    init(_ kind: ErrorKind) {
        switch kind {
        case .invalidInput: self = .invalidInput
        case .notFound: self = .notFound
        case .refused: self = .refused
        case .conflict: self = .conflict
        case .storage: self = .storage
        }
    }
}
