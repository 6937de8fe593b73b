import Composition
import Domain

/// One method of Grock's JSON-RPC API, declared once in `RPCMethod.all`: its name, its
/// parameters with their types, what it does, and the call. That one declaration drives
/// `rpc.discover`, the checking of every request's parameters (`Params`), and the dispatch, for
/// `grock rpc` and any other front that answers the same bodies. A method reads its parameters
/// as one typed value (`RPCParameters`), decoded once the request has passed the checks.
struct RPCMethod: Sendable {
    /// A named parameter and the JSON type it takes.
    struct Parameter: Sendable, Equatable {
        enum Kind: Sendable, Equatable {
            /// A string: amounts and quantities too ("1.09", never 1.09).
            case text
            /// A string, or null to remove what it sets.
            case textOrNull
            /// A non-empty array of strings.
            case texts
            /// An array of objects (their fields in the method's summary and docs/RPC.md).
            case objects
            /// A whole number within the range.
            case integer(ClosedRange<Int64>)
            case flag
        }

        let name: String
        let kind: Kind
        let isRequired: Bool

        static func text(_ name: String, required: Bool = true) -> Parameter { Parameter(name: name, kind: .text, isRequired: required) }
        static func textOrNull(_ name: String) -> Parameter { Parameter(name: name, kind: .textOrNull, isRequired: true) }
        static func texts(_ name: String, required: Bool = true) -> Parameter { Parameter(name: name, kind: .texts, isRequired: required) }
        static func objects(_ name: String, required: Bool = true) -> Parameter { Parameter(name: name, kind: .objects, isRequired: required) }
        static func integer(_ name: String, in range: ClosedRange<Int64>, required: Bool = true) -> Parameter {
            Parameter(name: name, kind: .integer(range), isRequired: required)
        }
        static func flag(_ name: String, required: Bool = true) -> Parameter { Parameter(name: name, kind: .flag, isRequired: required) }

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
    let parameters: [Parameter]
    let summary: String
    /// The type the parameters decode into (what `RPCUnitTests` holds to `parameters`).
    let takes: any RPCParameters.Type
    /// Checks the request's parameters against `parameters`, decodes them into `takes`, and runs the method.
    let call: @MainActor @Sendable (AppContainer, [String: JSONValue]) async throws -> any Encodable & Sendable

    /// A method whose parameters, checked against `parameters`, decode into one `P`: the method
    /// reads its typed fields, never the request's JSON.
    init<P: RPCParameters>(_ name: String, _ parameters: [Parameter], _ summary: String, takes: P.Type,
                           call: @escaping @MainActor @Sendable (AppContainer, P) async throws -> any Encodable & Sendable) {
        self.init(name, parameters, summary, takes: P.self, decodingAndCalling: { container, values in
            try await call(container, try Params.decode(P.self, from: values, checkedAgainst: parameters))
        })
    }

    /// A method that takes no parameter.
    init(_ name: String, _ summary: String, call: @escaping @MainActor @Sendable (AppContainer) async throws -> any Encodable & Sendable) {
        self.init(name, [], summary, takes: NoParameters.self, decodingAndCalling: { container, values in
            _ = try Params.decode(NoParameters.self, from: values, checkedAgainst: [])
            return try await call(container)
        })
    }

    /// A method as given: `call` checks and decodes the parameters itself.
    init(_ name: String, _ parameters: [Parameter], _ summary: String, takes: any RPCParameters.Type,
         decodingAndCalling call: @escaping @MainActor @Sendable (AppContainer, [String: JSONValue]) async throws -> any Encodable & Sendable) {
        self.name = name
        self.parameters = parameters
        self.summary = summary
        self.takes = takes
        self.call = call
    }

    /// Every method by name.
    static let named: [String: RPCMethod] = table(all)

    /// `methods` by name. A name declared twice keeps its first declaration rather than stopping
    /// the program before it answers anything (RPCTests check that every name is declared once).
    static func table(_ methods: [RPCMethod]) -> [String: RPCMethod] {
        Dictionary(methods.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }
}
