import Domain

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
