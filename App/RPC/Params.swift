import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A method's parameters as one typed value: the fields its declaration (`RPCMethod.Parameter`)
/// names, a required one as a plain field, an optional one as an optional. Money and
/// quantities are strings, never JSON numbers (a binary fraction is not an exact amount).
/// `Encodable` too, so that a test can hold each type to its declaration (the names it encodes
/// are the names declared).
protocol RPCParameters: Codable, Sendable {}

/// The parameters of a method that takes none.
struct NoParameters: RPCParameters {}

/// Reading a request's named parameters: checked against the method's declaration first, so
/// that a caller's mistake is answered in the declaration's words (`Parameter.problem(with:)`),
/// then decoded once into the method's type.
enum Params {
    /// `values` as a `P`.
    /// - Throws: `RPCFailure` `invalidParams` for a parameter the method does not take, a required
    ///   one missing, or one of the wrong JSON type; `internalError` when `P` disagrees with the
    ///   declaration (a mistake of Grock's, which `RPCUnitTests` looks for).
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
            // The values were read from JSON: they encode again, and decode as the declaration says.
            return try JSONDecoder().decode(P.self, from: JSONEncoder().encode(values))
        } catch let failure as RPCFailure {
            throw failure
        } catch {
            throw RPCFailure(code: .internalError, message: "the method reads its parameters other than as it declares them (\(error))")
        }
    }
}
