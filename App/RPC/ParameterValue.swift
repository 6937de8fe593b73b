// The types a method's parameter can have: each says which `RPCMethod.Parameter.Kind` it is, so
// that a parameter type's fields alone declare what `rpc.discover` lists and `RPCParameters.checked` checks
// (`ParameterRecorder` reads them). A plain type where it says enough (`String`, `Bool`,
// `[String]`), a small wrapper where it does not (`NullRemoves`, `Bounded`).

/// A type a method's parameter can have.
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

/// What an array parameter holds, which says the array's kind: `[String]` is `texts`, an array
/// of a decoded object (a receipt's `Decision`) `objects`.
protocol ParameterElement: Decodable, Sendable {
    static var arrayKind: RPCMethod.Parameter.Kind { get }
}

extension String: ParameterElement {
    static var arrayKind: RPCMethod.Parameter.Kind { .texts }
}

extension Array: ParameterValue where Element: ParameterElement {
    static var kind: RPCMethod.Parameter.Kind { Element.arrayKind }
    static var placeholder: [Element] { [] }
}

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

/// The range a `Bounded` whole number is held to.
protocol IntegerBounds: Sendable {
    static var range: ClosedRange<Int64> { get }
}

/// 1 to 1000: a position in a list, a number of stores.
enum OneToAThousand: IntegerBounds {
    static var range: ClosedRange<Int64> { 1...1000 }
}

/// A whole number within `Bounds.range`, as `RPCParameters.checked` checks it before anything decodes.
struct Bounded<Bounds: IntegerBounds>: ParameterValue {
    let value: Int

    static var kind: RPCMethod.Parameter.Kind { .integer(Bounds.range) }
    static var placeholder: Bounded { Bounded(value: Int(Bounds.range.lowerBound)) }

    /// - Throws: `DecodingError` for a number outside the range (which `RPCParameters.checked` refuses first).
    init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        let number = try single.decode(Int64.self)
        guard Bounds.range.contains(number) else {
            throw DecodingError.dataCorruptedError(in: single, debugDescription: "\(number) is outside \(Bounds.range)")
        }
        value = Int(number)
    }

    private init(value: Int) { self.value = value }
}
