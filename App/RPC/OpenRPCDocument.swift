import Composition

/// What `rpc.discover` answers: an OpenRPC document (spec.open-rpc.org) of every method, each
/// parameter with a JSON Schema of its type. Results are the view models' documents (RPC.md);
/// their schemas are not spelled out (`"result": {"name": "result", "schema": {}}`).
struct OpenRPCDocument: Encodable, Sendable {
    let openrpc = "1.3.2"
    let info = Info()
    let methods: [MethodDocument]

    struct Info: Encodable, Sendable {
        let title = "Grock"
        let version = GrockVersion.number
        let description = "Grock's view models over JSON-RPC 2.0, one message a line on stdin and stdout. The server also sends "
            + "the notification \"changed\" ({\"origin\": \"elsewhere\"}) when another process changes the data."
    }
}
