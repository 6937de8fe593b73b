/// A type a method's parameter can have: it says which `RPCMethod.Parameter.Kind` it is, so that
/// a parameter type's fields alone declare what `rpc.discover` lists and `RPCParameters.checked`
/// checks (`ParameterRecorder` reads them). A plain type where it says enough (`String`, `Bool`,
/// an array: `ParameterElement`), a small wrapper where it does not (`NullRemoves`, `Bounded`).
protocol ParameterValue: Decodable, Sendable {
    /// The JSON it takes, as `rpc.discover` lists it and `RPCParameters.checked` checks it.
    static var kind: RPCMethod.Parameter.Kind { get }
    /// Any value of the type: what `ParameterRecorder` answers a field with, to read the next.
    static var placeholder: Self { get }
}

extension String: ParameterValue {
    static var kind: RPCMethod.Parameter.Kind { .text }
    static var placeholder: String { "" }
}

extension Bool: ParameterValue {
    static var kind: RPCMethod.Parameter.Kind { .flag }
    static var placeholder: Bool { false }
}
