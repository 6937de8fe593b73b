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
