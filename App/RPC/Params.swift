import Domain

/// A request's named parameters, checked against its method's declaration (`RPCMethod.Parameter`,
/// the one place their types are stated, which `rpc.discover` lists too) before the method runs,
/// then read only as declared. Money and quantities are strings, never JSON numbers (a binary
/// fraction is not an exact amount).
struct Params {
    private let values: [String: JSONValue]
    private let declared: [RPCMethod.Parameter]

    /// Refuses a parameter the method does not take, a required one missing, or one of the wrong JSON type.
    init(_ values: [String: JSONValue], checkedAgainst parameters: [RPCMethod.Parameter]) throws {
        let names = parameters.map(\.name)
        if let unknown = values.keys.sorted().first(where: { !names.contains($0) }) {
            throw RPCFailure(code: .invalidParams, message: "unknown parameter \(Echo.quoted(unknown)); this method takes \(names.isEmpty ? "none" : names.joined(separator: ", "))")
        }
        for parameter in parameters {
            if let problem = parameter.problem(with: values[parameter.name]) { throw RPCFailure(code: .invalidParams, message: problem) }
        }
        self.values = values
        declared = parameters
    }

    // Every value was checked against its declaration: an accessor that finds another type, or
    // a parameter not declared, was called by a method that reads it other than as it declares it.

    /// A parameter's value; nil when it is absent or null.
    private func value(_ name: String) throws -> JSONValue? {
        guard declared.contains(where: { $0.name == name }) else { throw misread(name) }
        return values[name] == .null ? nil : values[name]
    }

    private func misread(_ name: String) -> RPCFailure {
        RPCFailure(code: .internalError, message: "the method reads \(name) other than as it declares it")
    }

    /// Whether the request names the parameter at all, null included.
    func isGiven(_ name: String) throws -> Bool {
        _ = try value(name)
        return values[name] != nil
    }

    func optionalText(_ name: String) throws -> String? {
        switch try value(name) {
        case nil: return nil
        case .string(let text)?: return text
        default: throw misread(name)
        }
    }

    func text(_ name: String) throws -> String {
        guard let text = try optionalText(name) else { throw misread(name) }
        return text
    }

    func optionalTexts(_ name: String) throws -> [String]? {
        guard case .array(let items)? = try value(name) else { return nil }
        return try items.map { item in
            guard case .string(let text) = item else { throw misread(name) }
            return text
        }
    }

    func texts(_ name: String) throws -> [String] {
        guard let texts = try optionalTexts(name) else { throw misread(name) }
        return texts
    }

    /// The objects of an array of objects; none when it is absent.
    func objects(_ name: String) throws -> [[String: JSONValue]] {
        switch try value(name) {
        case nil: return []
        case .array(let items)?:
            return try items.map { item in
                guard case .object(let fields) = item else { throw misread(name) }
                return fields
            }
        default: throw misread(name)
        }
    }

    /// A whole number, within the range its declaration gives.
    func optionalInteger(_ name: String) throws -> Int? {
        switch try value(name) {
        case nil: return nil
        case .integer(let value)?:
            guard let whole = Int(exactly: value) else { throw misread(name) }
            return whole
        default: throw misread(name)
        }
    }

    func integer(_ name: String) throws -> Int {
        guard let whole = try optionalInteger(name) else { throw misread(name) }
        return whole
    }

    func flag(_ name: String) throws -> Bool {
        switch try value(name) {
        case nil: return false
        case .bool(let value)?: return value
        default: throw misread(name)
        }
    }

    func quantity(_ name: String) throws -> Quantity? { try optionalText(name).map { try Quantity(parsing: $0) } }

    func unit(_ name: String) throws -> MeasureUnit? { try optionalText(name).map { try MeasureUnit(parsing: $0) } }
}
