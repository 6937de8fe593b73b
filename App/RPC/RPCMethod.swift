import Composition
import Domain

/// One method of Grock's JSON-RPC API, declared once in `RPCMethod.all`: its name, what it does,
/// the type its parameters decode into, and the call. The parameter type is their one
/// declaration: `ParameterRecorder` reads from it the list (`parameters`) that `rpc.discover`
/// prints and every request's parameters are checked against (`RPCParameters.checked`) before
/// they decode into it, for `grock rpc` and any other front that answers the same bodies.
struct RPCMethod: Sendable {
    let name: String
    /// What `P`'s fields declare, in their order.
    let parameters: [Parameter]
    let summary: String
    /// The type the parameters decode into, whose fields declare them.
    let takes: any RPCParameters.Type
    /// Checks the request's parameters against `parameters`, decodes them into the method's type, and runs the method.
    let call: @MainActor @Sendable (AppContainer, [String: JSONValue]) async throws -> any Encodable & Sendable

    /// A method whose parameters, checked against what `P` declares, decode into one `P`: the
    /// method reads its typed fields, never the request's JSON. Should `P` have a field no
    /// parameter kind takes (a mistake of Grock's, which `RPCUnitTests` looks for), the method
    /// is listed without parameters and answers every call with `internalError`, rather than
    /// stopping the program before it answers anything.
    init<P: RPCParameters>(_ name: String, _ summary: String, takes: P.Type,
                           call: @escaping @MainActor @Sendable (AppContainer, P) async throws -> any Encodable & Sendable) {
        self.name = name
        self.summary = summary
        self.takes = P.self
        do {
            let parameters = try ParameterRecorder.parameters(of: P.self)
            self.parameters = parameters
            self.call = { container, values in
                try await call(container, try P.checked(values, against: parameters))
            }
        } catch {
            let message = "the method's parameters are declared in a way Grock cannot read (\(error))"
            self.parameters = []
            self.call = { _, _ in throw RPCFailure(code: .internalError, message: message) }
        }
    }

    /// A method that takes no parameter.
    init(_ name: String, _ summary: String, call: @escaping @MainActor @Sendable (AppContainer) async throws -> any Encodable & Sendable) {
        self.init(name, summary, takes: NoParameters.self) { container, _ in try await call(container) }
    }

    /// Every method by name.
    static let named: [String: RPCMethod] = table(all)

    /// `methods` by name. A name declared twice keeps its first declaration rather than stopping
    /// the program before it answers anything (RPCTests check that every name is declared once).
    static func table(_ methods: [RPCMethod]) -> [String: RPCMethod] {
        Dictionary(methods.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }
}
