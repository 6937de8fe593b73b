/// A method as `rpc.discover` describes it, in OpenRPC's shape: its name, summary and
/// parameters; its result is a view model's document, described in RPC.md, not as a schema.
struct MethodDocument: Encodable, Sendable {
    let name: String
    let params: [ParamDocument]
    let summary: String
    let result = ResultDocument()

    init(_ method: RPCMethod) {
        name = method.name
        params = method.parameters.map(ParamDocument.init)
        summary = method.summary
    }

    /// The result OpenRPC asks every method to name: `{"name": "result", "schema": {}}`.
    struct ResultDocument: Encodable, Sendable {
        let name = "result"
        let schema = [String: String]()
    }
}
