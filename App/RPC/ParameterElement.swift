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
