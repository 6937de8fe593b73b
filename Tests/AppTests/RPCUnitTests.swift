import Foundation
@testable import RPC
import Testing

/// Parts of `grock rpc` that no request can reach from outside: a result that cannot be
/// encoded, the method table, and each method's parameter type held to its declaration.
@MainActor @Suite struct RPCUnitTests {
    /// A result whose encoding throws, as a mistake of Grock's would.
    private struct Unencodable: Encodable, Sendable {
        struct Failure: Error {}
        func encode(to encoder: any Encoder) throws { throw Failure() }
    }

    /// A number JSON has no spelling for.
    private struct NotANumber: Encodable, Sendable {
        let value = Double.nan
    }

    @Test(arguments: [JSONValue.integer(7), .string("seven"), .null, .integer(9_007_199_254_740_993)])
    func aResultThatCannotBeEncodedIsAnInternalErrorWithTheRequestsID(_ id: JSONValue) throws {
        for result in [Unencodable() as any Encodable & Sendable, NotANumber()] {
            let line = RPCServer.encode(Response(id: id, result: result))
            #expect(!line.contains("\n"))
            let decoded = try JSONDecoder().decode(JSONValue.self, from: Data(line.utf8))
            guard case .object(let fields) = decoded, case .object(let error)? = fields["error"] else { Issue.record("\(line)"); continue }
            #expect(fields["jsonrpc"] == .string("2.0") && fields["id"] == id && fields["result"] == nil, "\(line)")
            #expect(error["code"] == .integer(Int64(RPCErrorCode.internalError.rawValue)), "\(line)")
            #expect(error["message"] == .string("the result could not be encoded as JSON (a mistake of Grock's; please report it)"))
        }
    }

    @Test func aResultThatEncodesIsUnchanged() {
        #expect(RPCServer.encode(Response(id: .integer(1), result: ["a/b": "c"])) == #"{"id":1,"jsonrpc":"2.0","result":{"a/b":"c"}}"#)
    }

    @Test func everyMethodNameIsDeclaredOnce() {
        let names = RPCMethod.all.map(\.name)
        #expect(Set(names).count == names.count, "declared twice: \(Dictionary(grouping: names, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted())")
        #expect(RPCMethod.named.count == names.count)
    }

    /// A name declared twice does not stop the program: the first declaration answers.
    @Test func aNameDeclaredTwiceKeepsItsFirst() throws {
        let first = try #require(RPCMethod.all.first)
        let second = try #require(RPCMethod.all.dropFirst().first)
        let clash = RPCMethod(first.name, second.parameters, "the second declaration", takes: second.takes, decodingAndCalling: second.call)
        let table = RPCMethod.table([first, clash, second])
        #expect(table.count == 2)
        #expect(table[first.name]?.summary == first.summary)
    }

    /// Each method's parameter type agrees with its declaration: the declared parameters decode
    /// into it (all of them, and the required ones alone), and it holds exactly the names declared.
    @Test(arguments: RPCMethod.all.map(\.name))
    func aMethodsParametersDecodeAsDeclared(_ name: String) throws {
        let method = try #require(RPCMethod.named[name])
        let every = Dictionary(uniqueKeysWithValues: method.parameters.map { ($0.name, Self.sample($0.kind)) })
        let required = every.filter { name, _ in method.parameters.contains { $0.name == name && $0.isRequired } }
        #expect(try Self.namesHeld(method.takes, every, method.parameters) == Set(every.keys), "\(name): the type holds other names")
        _ = try Self.namesHeld(method.takes, required, method.parameters)
    }

    private static func sample(_ kind: RPCMethod.Parameter.Kind) -> JSONValue {
        switch kind {
        case .text, .textOrNull: .string("1")
        case .texts: .array([.string("1")])
        case .objects: .array([])
        case .integer(let range): .integer(range.lowerBound)
        case .flag: .bool(true)
        }
    }

    /// The names a `P` decoded from `values` encodes again.
    private static func namesHeld<P: RPCParameters>(_: P.Type, _ values: [String: JSONValue], _ declared: [RPCMethod.Parameter]) throws -> Set<String> {
        let decoded = try Params.decode(P.self, from: values, checkedAgainst: declared)
        guard case .object(let fields) = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(decoded)) else { return [] }
        return Set(fields.keys)
    }
}
