// Reading a method's parameters from its parameter type, so that the type is their one
// declaration: its `init(from:)` (synthesized, or written by hand) is run over a decoder that
// answers every field with a placeholder and notes, in the order asked, the key, its type's kind
// (`ParameterValue`), and whether it was asked for with `decode` (required) or `decodeIfPresent`
// (optional). What it notes is what `rpc.discover` lists and `RPCParameters.checked` checks.

enum ParameterRecorder {
    /// A field whose type is no `ParameterValue`, or a way of decoding no parameter is read by.
    struct Undeclarable: Error, CustomStringConvertible {
        let description: String
    }

    /// The parameters `P` decodes, in the order it asks for them.
    /// - Throws: `Undeclarable` for a field of a type no parameter kind takes, a key asked for
    ///   twice, or a nested or unkeyed container.
    static func parameters<P: Decodable>(of _: P.Type) throws -> [RPCMethod.Parameter] {
        let notes = Notes()
        _ = try P(from: Recorder(notes: notes))
        return notes.parameters
    }

    /// What the decoder has been asked for so far (a class: the containers it hands out add to it).
    private final class Notes {
        var parameters: [RPCMethod.Parameter] = []

        func note<T>(_ type: T.Type, _ key: some CodingKey, required: Bool) throws -> T {
            guard let value = type as? any ParameterValue.Type, let placeholder = value.placeholder as? T else {
                throw Undeclarable(description: "\(key.stringValue) is a \(T.self), which no parameter kind takes")
            }
            guard !parameters.contains(where: { $0.name == key.stringValue }) else {
                throw Undeclarable(description: "\(key.stringValue) is read twice")
            }
            parameters.append(RPCMethod.Parameter(name: key.stringValue, kind: value.kind, isRequired: required))
            return placeholder
        }
    }

    private struct Recorder: Decoder {
        let notes: Notes
        var codingPath: [any CodingKey] { [] }
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy _: Key.Type) -> KeyedDecodingContainer<Key> {
            KeyedDecodingContainer(Fields(notes: notes))
        }

        func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
            throw Undeclarable(description: "the parameters are an array, not named")
        }

        func singleValueContainer() throws -> any SingleValueDecodingContainer {
            throw Undeclarable(description: "the parameters are one value, not named")
        }
    }

    /// The named fields: each `decode` and `decodeIfPresent` goes to `Notes.note`, the one place
    /// that knows the kinds. Every key is there (`contains`), not null: so the default
    /// `decodeIfPresent` of a type no parameter takes reaches `decode`, which refuses the type.
    private struct Fields<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let notes: Notes
        var codingPath: [any CodingKey] { [] }
        var allKeys: [Key] { [] }

        func contains(_ key: Key) -> Bool { true }
        func decodeNil(forKey key: Key) throws -> Bool { false }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try notes.note(type, key, required: true) }
        func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? { try notes.note(type, key, required: false) }

        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try notes.note(type, key, required: true) }
        func decode(_ type: String.Type, forKey key: Key) throws -> String { try notes.note(type, key, required: true) }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try notes.note(type, key, required: true) }
        func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try notes.note(type, key, required: true) }
        func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try notes.note(type, key, required: true) }
        func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try notes.note(type, key, required: true) }
        func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try notes.note(type, key, required: true) }
        func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try notes.note(type, key, required: true) }
        func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try notes.note(type, key, required: true) }
        func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try notes.note(type, key, required: true) }
        func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try notes.note(type, key, required: true) }
        func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try notes.note(type, key, required: true) }
        func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try notes.note(type, key, required: true) }
        func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try notes.note(type, key, required: true) }

        // The optional primitives a parameter can be; the others' default reaches `decode` above.
        func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try notes.note(type, key, required: false) }
        func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try notes.note(type, key, required: false) }

        func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            throw Undeclarable(description: "\(key.stringValue) is read as a nested object, which no parameter kind is")
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            throw Undeclarable(description: "\(key.stringValue) is read as a nested array, which no parameter kind is")
        }

        func superDecoder() throws -> any Decoder { throw Undeclarable(description: "the parameters read a super decoder") }
        func superDecoder(forKey key: Key) throws -> any Decoder {
            throw Undeclarable(description: "\(key.stringValue) reads a super decoder")
        }
    }
}
