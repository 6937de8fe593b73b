import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// How a method's parameters are declared, listed and checked: by the fields of one type (`RPCParameters`),
// read into `RPCMethod.Parameter`s that `rpc.discover` lists and every request is checked against.

/// A method's parameters as one typed value, and their one declaration: each field a parameter,
/// named by its key, its kind by its type (`ParameterValue`), required as a plain field and
/// optional as an optional (`ParameterRecorder` reads them into `RPCMethod.Parameter`s). Money and
/// quantities are strings, never JSON numbers (a binary fraction is not an exact amount).
protocol RPCParameters: Decodable, Sendable {}

/// The parameters of a method that takes none.
struct NoParameters: RPCParameters {}

extension RPCParameters {
    /// A request's named parameters as this type: checked against what the type declares first,
    /// so that a caller's mistake is answered in the declaration's words
    /// (`Parameter.problem(with:)`), then decoded once.
    /// - Throws: `RPCFailure` `invalidParams` for a parameter the method does not take, a required
    ///   one missing, or one of the wrong JSON type; `internalError` when the type decodes other
    ///   than it declares (a mistake of Grock's, which `RPCUnitTests` looks for).
    static func checked(_ values: [String: JSONValue], against parameters: [RPCMethod.Parameter]) throws -> Self {
        let names = parameters.map(\.name)
        if let unknown = values.keys.sorted().first(where: { !names.contains($0) }) {
            let taken = names.isEmpty ? "none" : names.joined(separator: ", ")
            throw RPCFailure(code: .invalidParams, message: "unknown parameter \(Echo.quoted(unknown)); this method takes \(taken)")
        }
        for parameter in parameters {
            if let problem = parameter.problem(with: values[parameter.name]) { throw RPCFailure(code: .invalidParams, message: problem) }
        }
        do {
            // The values were read from JSON: they encode again, and decode as the type declares.
            return try JSONDecoder().decode(Self.self, from: JSONEncoder().encode(values))
        } catch let failure as RPCFailure {
            throw failure
        } catch {
            throw RPCFailure(code: .internalError, message: "the method reads its parameters other than as it declares them (\(error))")
        }
    }
}

extension RPCMethod {
    /// A named parameter and the JSON type it takes, as a parameter type's field declares it
    /// (`ParameterValue`).
    struct Parameter: Sendable, Equatable {
        enum Kind: Sendable, Equatable {
            /// A string: amounts and quantities too ("1.09", never 1.09). `String`.
            case text
            /// A string, or null to remove what it sets. `NullRemoves<String>`.
            case textOrNull
            /// A non-empty array of strings. `[String]`.
            case texts
            /// An array of objects (their fields in the method's summary and docs/RPC.md): an array
            /// of a `ParameterElement` such as `Decision`.
            case objects
            /// A whole number within the range. `Bounded`.
            case integer(ClosedRange<Int64>)
            /// `Bool`.
            case flag
        }

        let name: String
        let kind: Kind
        let isRequired: Bool

        /// Why `value` (nil: absent) is not what this parameter takes; nil when it is.
        func problem(with value: JSONValue?) -> String? {
            switch (kind, value) {
            case (.textOrNull, nil): return "\(name) is required (null removes it)"
            case (_, nil), (_, .null?): return isRequired && kind != .textOrNull ? "\(name) is required" : nil
            case (.text, .string?), (.textOrNull, .string?), (.flag, .bool?): return nil
            case (.text, _), (.textOrNull, _): return "\(name) must be a string (amounts and quantities too: \"1.09\", not 1.09)"
            case (.texts, .array(let items)?) where !items.isEmpty && items.allSatisfy({ if case .string = $0 { true } else { false } }):
                return nil
            case (.texts, _): return "\(name) must be a non-empty array of strings"
            case (.objects, .array(let items)?) where items.allSatisfy({ if case .object = $0 { true } else { false } }): return nil
            case (.objects, _): return "\(name) must be an array of objects"
            case (.integer(let range), .integer(let value)?) where range.contains(value): return nil
            case (.integer(let range), _):
                // Bounded or not, a number out of its bounds (1e20 too) is told its bounds.
                let bounds = range == Int64.min...Int64.max ? "" : " from \(range.lowerBound) to \(range.upperBound)"
                return "\(name) must be a whole number\(bounds)"
            case (.flag, _): return "\(name) must be true or false"
            }
        }
    }
}
