import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A method's parameters as one typed value, and their one declaration: each field a parameter,
/// named by its key, its kind by its type (`ParameterValue`), required as a plain field and
/// optional as an optional (`ParameterRecorder` reads them). Money and quantities are strings,
/// never JSON numbers (a binary fraction is not an exact amount).
protocol RPCParameters: Decodable, Sendable {}

/// The parameters of a method that takes none.
struct NoParameters: RPCParameters {}

/// Reading a request's named parameters: checked against what the method's type declares first,
/// so that a caller's mistake is answered in the declaration's words (`Parameter.problem(with:)`),
/// then decoded once into that type.
enum Params {
    /// `values` as a `P`.
    /// - Throws: `RPCFailure` `invalidParams` for a parameter the method does not take, a required
    ///   one missing, or one of the wrong JSON type; `internalError` when `P` decodes other than
    ///   it declares (a mistake of Grock's, which `RPCUnitTests` looks for).
    static func decode<P: RPCParameters>(_: P.Type, from values: [String: JSONValue],
                                         checkedAgainst parameters: [RPCMethod.Parameter]) throws -> P {
        let names = parameters.map(\.name)
        if let unknown = values.keys.sorted().first(where: { !names.contains($0) }) {
            throw RPCFailure(code: .invalidParams, message: "unknown parameter \(Echo.quoted(unknown)); this method takes \(names.isEmpty ? "none" : names.joined(separator: ", "))")
        }
        for parameter in parameters {
            if let problem = parameter.problem(with: values[parameter.name]) { throw RPCFailure(code: .invalidParams, message: problem) }
        }
        do {
            // The values were read from JSON: they encode again, and decode as the type declares.
            return try JSONDecoder().decode(P.self, from: JSONEncoder().encode(values))
        } catch let failure as RPCFailure {
            throw failure
        } catch {
            throw RPCFailure(code: .internalError, message: "the method reads its parameters other than as it declares them (\(error))")
        }
    }
}
