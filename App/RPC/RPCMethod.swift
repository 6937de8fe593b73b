import Composition
import Domain

/// One method of Grock's JSON-RPC API, declared once in `RPCMethod.all`: its name, what it does,
/// the type its parameters decode into, and the call. The parameter type is their one
/// declaration: `ParameterRecorder` reads from it the list (`parameters`) that `rpc.discover`
/// prints and every request's parameters are checked against (`Params`) before they decode into
/// it, for `grock rpc` and any other front that answers the same bodies.
struct RPCMethod: Sendable {
    /// A named parameter and the JSON type it takes, as a parameter type's field declares it
    /// (`ParameterValue`).
    struct Parameter: Sendable, Equatable {
        enum Kind: Sendable, Equatable {
            /// A string: amounts and quantities too ("1.09", never 1.09). `String`.
            case text
            /// A string, or null to remove what it sets. `NullRemoves<String>`.
            case textOrNull
            /// A non-empty array of strings. `[String]`.
            case texts
            /// An array of objects (their fields in the method's summary and docs/RPC.md): an array
            /// of a `ParameterElement` such as `Decision`.
            case objects
            /// A whole number within the range. `Bounded`.
            case integer(ClosedRange<Int64>)
            /// `Bool`.
            case flag
        }

        let name: String
        let kind: Kind
        let isRequired: Bool

        /// Why `value` (nil: absent) is not what this parameter takes; nil when it is.
        func problem(with value: JSONValue?) -> String? {
            switch (kind, value) {
            case (.textOrNull, nil): return "\(name) is required (null removes it)"
            case (_, nil), (_, .null?): return isRequired && kind != .textOrNull ? "\(name) is required" : nil
            case (.text, .string?), (.textOrNull, .string?), (.flag, .bool?): return nil
            case (.text, _), (.textOrNull, _): return "\(name) must be a string (amounts and quantities too: \"1.09\", not 1.09)"
            case (.texts, .array(let items)?) where !items.isEmpty && items.allSatisfy({ if case .string = $0 { true } else { false } }): return nil
            case (.texts, _): return "\(name) must be a non-empty array of strings"
            case (.objects, .array(let items)?) where items.allSatisfy({ if case .object = $0 { true } else { false } }): return nil
            case (.objects, _): return "\(name) must be an array of objects"
            case (.integer(let range), .integer(let value)?) where range.contains(value): return nil
            case (.integer(let range), .integer?): return "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound)"
            case (.integer, _): return "\(name) must be a whole number"
            case (.flag, _): return "\(name) must be true or false"
            }
        }
    }

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
                try await call(container, try Params.decode(P.self, from: values, checkedAgainst: parameters))
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
