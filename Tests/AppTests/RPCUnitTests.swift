import Foundation
@testable import RPC
import Testing

/// Parts of `grock rpc` that no request can reach from outside: a result that cannot be
/// encoded, and the method table.
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
        let clash = RPCMethod(first.name, second.parameters, "the second declaration", call: second.call)
        let table = RPCMethod.table([first, clash, second])
        #expect(table.count == 2)
        #expect(table[first.name]?.summary == first.summary)
    }
}
