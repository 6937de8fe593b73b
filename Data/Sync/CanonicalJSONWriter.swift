/// Writes Grock's records as `JSONEncoder` with `.sortedKeys` and `.withoutEscapingSlashes`
/// writes them, byte for byte, without its cost (it was a twelfth of an exchange, most of it
/// looking up types at run time). Only the shapes Grock's records have are written here:
/// objects and arrays of strings, integers and flags. A string that needs an escape, a float
/// or any other shape gives nil, and the caller asks `JSONEncoder`, so the text is always
/// `JSONEncoder`'s (`CanonicalJSONTests` compares the two on every record kind).
enum CanonicalJSONWriter {
    static func text<T: Encodable>(_ value: T) -> String? {
        let root = Node(), context = Context()
        do { try value.encode(to: NodeEncoder(node: root, context: context)) } catch { return nil }
        guard !context.isRefused else { return nil }
        var text = ""
        return root.write(into: &text) ? text : nil
    }

    /// Something written that this writer leaves to `JSONEncoder`.
    private final class Context {
        var isRefused = false
    }

    private final class Node {
        enum Kind { case unset, scalar(String), object, array }
        var kind = Kind.unset
        var fields: [(key: String, node: Node)] = []
        var elements: [Node] = []

        func write(into text: inout String) -> Bool {
            switch kind {
            case .unset: return false
            case .scalar(let scalar): text += scalar
            case .object:
                text += "{"
                for (offset, field) in fields.sorted(by: { $0.key < $1.key }).enumerated() {
                    if offset > 0 { text += "," }
                    guard let key = Node.quoted(field.key) else { return false }
                    text += key + ":"
                    guard field.node.write(into: &text) else { return false }
                }
                text += "}"
            case .array:
                text += "["
                for (offset, element) in elements.enumerated() {
                    if offset > 0 { text += "," }
                    guard element.write(into: &text) else { return false }
                }
                text += "]"
            }
            return true
        }

        /// The string in quotes, or nil when `JSONEncoder` would escape something in it.
        static func quoted(_ string: String) -> String? {
            guard !string.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else { return nil }
            return "\"" + string + "\""
        }

        func child(_ key: String) -> Node {
            if case .unset = kind { kind = .object }
            let node = Node()
            fields.append((key, node))
            return node
        }

        func element() -> Node {
            if case .unset = kind { kind = .array }
            let node = Node()
            elements.append(node)
            return node
        }
    }

    private struct NodeEncoder: Encoder {
        let node: Node
        let context: Context
        var codingPath: [any CodingKey] { [] }
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            if case .unset = node.kind { node.kind = .object }
            return KeyedEncodingContainer(Keyed<Key>(node: node, context: context))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            if case .unset = node.kind { node.kind = .array }
            return Unkeyed(node: node, context: context)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer { Single(node: node, context: context) }
    }

    /// Writes one value into `node`: the scalars Grock's records hold, or a nested record.
    private static func encode<T: Encodable>(_ value: T, into node: Node, context: Context) throws {
        switch value {
        case let string as String:
            guard let quoted = Node.quoted(string) else { context.isRefused = true; return }
            node.kind = .scalar(quoted)
        case let flag as Bool: node.kind = .scalar(flag ? "true" : "false")
        case let number as Int: node.kind = .scalar(String(number))
        case let number as Int64: node.kind = .scalar(String(number))
        case let number as Int32: node.kind = .scalar(String(number))
        case let number as UInt64: node.kind = .scalar(String(number))
        case is Double, is Float: context.isRefused = true
        default: try value.encode(to: NodeEncoder(node: node, context: context))
        }
    }

    private struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let node: Node
        let context: Context
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil(forKey key: Key) throws { node.child(key.stringValue).kind = .scalar("null") }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            try CanonicalJSONWriter.encode(value, into: node.child(key.stringValue), context: context)
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type,
                                                            forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            NodeEncoder(node: node.child(key.stringValue), context: context).container(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            NodeEncoder(node: node.child(key.stringValue), context: context).unkeyedContainer()
        }
        mutating func superEncoder() -> any Encoder { context.isRefused = true; return NodeEncoder(node: Node(), context: context) }
        mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder() }
    }

    private struct Unkeyed: UnkeyedEncodingContainer {
        let node: Node
        let context: Context
        var codingPath: [any CodingKey] { [] }
        var count: Int { node.elements.count }

        mutating func encodeNil() throws { node.element().kind = .scalar("null") }
        mutating func encode<T: Encodable>(_ value: T) throws {
            try CanonicalJSONWriter.encode(value, into: node.element(), context: context)
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            NodeEncoder(node: node.element(), context: context).container(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            NodeEncoder(node: node.element(), context: context).unkeyedContainer()
        }
        mutating func superEncoder() -> any Encoder { context.isRefused = true; return NodeEncoder(node: Node(), context: context) }
    }

    private struct Single: SingleValueEncodingContainer {
        let node: Node
        let context: Context
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil() throws { node.kind = .scalar("null") }
        mutating func encode<T: Encodable>(_ value: T) throws { try CanonicalJSONWriter.encode(value, into: node, context: context) }
    }
}
