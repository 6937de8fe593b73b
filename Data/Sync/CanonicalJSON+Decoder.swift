// A `Decoder` over a scanned `CanonicalJSON.Value`: a record decodes through its own `Codable`
// conformance, as from `JSONDecoder`. Whatever it does not expect (a type mismatch, a missing
// key, a number out of range, a float) throws, and the caller asks `JSONDecoder` instead.
extension CanonicalJSON {
    struct NotCanonical: Error {}

    struct ValueDecoder: Decoder {
        let value: Value
        var codingPath: [any CodingKey] { [] }
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
            guard case .object(let fields) = value else { throw NotCanonical() }
            return KeyedDecodingContainer(Keyed(fields: fields))
        }

        func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
            guard case .array(let elements) = value else { throw NotCanonical() }
            return Unkeyed(elements: elements)
        }

        func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(value: value) }
    }

    /// A value as `type`: a scalar as it is, anything else (a record, an array, an enum of
    /// strings) through the type's own `Decodable`.
    fileprivate static func decode<T: Decodable>(_ type: T.Type, from value: Value) throws -> T {
        if let scalar = scalar(value, as: type) { return scalar }
        return try T(from: ValueDecoder(value: value))
    }

    /// A string, flag or integer that is a `type` (an integer in its range); nil for any other.
    private static func scalar<T>(_ value: Value, as type: T.Type) -> T? {
        switch value {
        case .text(let text): text as? T
        case .flag(let flag): flag as? T
        case .integer(let number): number as? T ?? Int(exactly: number) as? T ?? Int32(exactly: number) as? T
        case .null, .object, .array: nil
        }
    }

    private struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let fields: [(key: String, value: Value)]
        var codingPath: [any CodingKey] { [] }
        var allKeys: [Key] { fields.compactMap { Key(stringValue: $0.key) } }

        private func value(_ key: Key) -> Value? {
            let name = key.stringValue
            return fields.first { $0.key == name }?.value
        }

        func contains(_ key: Key) -> Bool { value(key) != nil }

        func decodeNil(forKey key: Key) throws -> Bool {
            guard let value = value(key) else { throw NotCanonical() }
            if case .null = value { return true }
            return false
        }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            guard let value = value(key) else { throw NotCanonical() }
            return try CanonicalJSON.decode(type, from: value)
        }

        func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
            guard let value = value(key) else { return nil }
            if case .null = value { return nil }
            return try CanonicalJSON.decode(type, from: value)
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            guard let value = value(key) else { throw NotCanonical() }
            return try ValueDecoder(value: value).container(keyedBy: type)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            guard let value = value(key) else { throw NotCanonical() }
            return try ValueDecoder(value: value).unkeyedContainer()
        }

        func superDecoder() throws -> any Decoder { throw NotCanonical() }
        func superDecoder(forKey key: Key) throws -> any Decoder { throw NotCanonical() }
    }

    private struct Unkeyed: UnkeyedDecodingContainer {
        let elements: [Value]
        var currentIndex = 0
        var codingPath: [any CodingKey] { [] }
        var count: Int? { elements.count }
        var isAtEnd: Bool { currentIndex == elements.count }

        private mutating func next() throws -> Value {
            guard !isAtEnd else { throw NotCanonical() }
            defer { currentIndex += 1 }
            return elements[currentIndex]
        }

        mutating func decodeNil() throws -> Bool {
            guard !isAtEnd, case .null = elements[currentIndex] else { return false }
            currentIndex += 1
            return true
        }

        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try CanonicalJSON.decode(type, from: next()) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
            try ValueDecoder(value: next()).container(keyedBy: type)
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try ValueDecoder(value: next()).unkeyedContainer() }
        mutating func superDecoder() throws -> any Decoder { throw NotCanonical() }
    }

    private struct Single: SingleValueDecodingContainer {
        let value: Value
        var codingPath: [any CodingKey] { [] }

        func decodeNil() -> Bool {
            if case .null = value { return true }
            return false
        }

        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            guard let scalar = CanonicalJSON.scalar(value, as: type) else { throw NotCanonical() }
            return scalar
        }
    }
}
