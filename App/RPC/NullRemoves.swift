/// A required string that null removes (`cart.budget`'s budget): `value` is nil for null. The
/// parameter must be given, null or not, so that leaving it out is never read as removing.
struct NullRemoves<Value: Decodable & Sendable>: Decodable, Sendable {
    let value: Value?

    init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        value = try single.decodeNil() ? nil : single.decode(Value.self)
    }

    private init(value: Value?) { self.value = value }
}

extension NullRemoves: ParameterValue where Value == String {
    static var kind: RPCMethod.Parameter.Kind { .textOrNull }
    static var placeholder: NullRemoves<String> { NullRemoves(value: nil) }
}
