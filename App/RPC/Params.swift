import Domain

/// A request's named parameters, read with the types Grock takes: money and quantities as
/// strings, never as JSON numbers (a binary fraction is not an exact amount).
struct Params {
    let values: [String: JSONValue]

    init(_ values: [String: JSONValue]) { self.values = values }

    func optionalText(_ name: String) throws -> String? {
        switch values[name] {
        case nil, .null?: return nil
        case .string(let text)?: return text
        default: throw RPCFailure(code: .invalidParams, message: "\(name) must be a string (amounts and quantities too: \"1.09\", not 1.09)")
        }
    }

    func text(_ name: String) throws -> String {
        guard let text = try optionalText(name) else { throw RPCFailure(code: .invalidParams, message: "\(name) is required") }
        return text
    }

    func texts(_ name: String) throws -> [String] {
        guard case .array(let items)? = values[name], !items.isEmpty else { throw RPCFailure(code: .invalidParams, message: "\(name) must be a non-empty array of strings") }
        return try items.map { item in
            guard case .string(let text) = item else { throw RPCFailure(code: .invalidParams, message: "\(name) must be a non-empty array of strings") }
            return text
        }
    }

    func optionalTexts(_ name: String) throws -> [String]? {
        guard let value = values[name], value != .null else { return nil }
        return try texts(name)
    }

    /// A whole number from 1 to 1000 (a count of stores).
    func count(_ name: String) throws -> Int? {
        switch values[name] {
        case nil, .null?: return nil
        case .integer(let value)? where (1...1000).contains(value): return Int(value)
        default: throw RPCFailure(code: .invalidParams, message: "\(name) must be a whole number from 1 to 1000")
        }
    }

    func flag(_ name: String) throws -> Bool {
        switch values[name] {
        case nil, .null?: return false
        case .bool(let value)?: return value
        default: throw RPCFailure(code: .invalidParams, message: "\(name) must be true or false")
        }
    }

    func quantity(_ name: String) throws -> Quantity? { try optionalText(name).map { try Quantity(parsing: $0) } }

    func unit(_ name: String) throws -> MeasureUnit? { try optionalText(name).map { try MeasureUnit(parsing: $0) } }
}

extension Params {
    /// Refuses a parameter the method does not take, a required one missing, or one of the wrong JSON type.
    func check(against parameters: [RPCMethod.Parameter]) throws {
        let names = parameters.map(\.name)
        if let unknown = values.keys.sorted().first(where: { !names.contains($0) }) {
            throw RPCFailure(code: .invalidParams, message: "unknown parameter \(Echo.quoted(unknown)); this method takes \(names.isEmpty ? "none" : names.joined(separator: ", "))")
        }
        for parameter in parameters {
            if let problem = parameter.problem(with: values[parameter.name]) { throw RPCFailure(code: .invalidParams, message: problem) }
        }
    }
}
