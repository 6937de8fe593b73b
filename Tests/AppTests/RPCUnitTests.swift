import Composition
import Foundation
@testable import RPC
import Testing

/// Parts of `grock rpc` that no request can reach from outside: a result that cannot be
/// encoded, the method table, and the parameters each method's type declares.
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
        #expect(Set(names).count == names.count,
            "declared twice: \(Dictionary(grouping: names, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted())")
        #expect(RPCMethod.named.count == names.count)
    }

    /// A name declared twice does not stop the program: the first declaration answers.
    @Test func aNameDeclaredTwiceKeepsItsFirst() throws {
        let first = try #require(RPCMethod.all.first)
        let second = try #require(RPCMethod.all.dropFirst().first)
        let clash = RPCMethod(first.name, "the second declaration") { _ in NoticeDocument(notice: nil) }
        let table = RPCMethod.table([first, clash, second])
        #expect(table.count == 2)
        #expect(table[first.name]?.summary == first.summary)
    }

    // MARK: - Parameters read from their type

    /// Each method's parameters are what its type declares, and they decode into it: every one
    /// given, and the required ones alone (a wrapper that decodes other than it declares fails).
    @Test(arguments: RPCMethod.all.map(\.name))
    func aMethodsParametersAreItsTypesFields(_ name: String) throws {
        let method = try #require(RPCMethod.named[name])
        #expect(try ParameterRecorder.parameters(of: method.takes) == method.parameters)
        let every = Dictionary(uniqueKeysWithValues: method.parameters.map { ($0.name, Self.sample($0.kind)) })
        let required = every.filter { name, _ in method.parameters.contains { $0.name == name && $0.isRequired } }
        _ = try Self.decode(method.takes, every, method.parameters)
        _ = try Self.decode(method.takes, required, method.parameters)
    }

    /// Every kind, required and optional, in the order the type asks for them, a hand-written
    /// `init(from:)` read as the synthesized one is.
    @Test func eachFieldsTypeSaysItsKind() throws {
        struct Every: RPCParameters {
            let text: String
            let note: String?
            let budget: NullRemoves<String>
            let items: [String]?
            let decisions: [RPCMethod.Decision]
            let position: Bounded<OneToAThousand>
            let maxStores: Bounded<OneToAThousand>?
            let apply: Bool?
        }
        struct Nested: RPCParameters {
            let every: Every
            let flag: Bool
            private enum CodingKeys: CodingKey { case flag }
            init(from decoder: any Decoder) throws {
                every = try Every(from: decoder)
                flag = try decoder.container(keyedBy: CodingKeys.self).decode(Bool.self, forKey: .flag)
            }
        }
        typealias P = RPCMethod.Parameter
        #expect(try ParameterRecorder.parameters(of: Nested.self) == [
            P(name: "text", kind: .text, isRequired: true), P(name: "note", kind: .text, isRequired: false),
            P(name: "budget", kind: .textOrNull, isRequired: true), P(name: "items", kind: .texts, isRequired: false),
            P(name: "decisions", kind: .objects, isRequired: true), P(name: "position", kind: .integer(1...1000), isRequired: true),
            P(name: "maxStores", kind: .integer(1...1000), isRequired: false), P(name: "apply", kind: .flag, isRequired: false),
            P(name: "flag", kind: .flag, isRequired: true),
        ])
    }

    /// Sixteenth review: a decision's field of the wrong type was read as absent, and answered
    /// as missing. It is refused as any parameter of the wrong type is, named by its place,
    /// before the receipt is read.
    @Test(arguments: [
        ([["line": .string("two"), "decision": .string("skip")]], "decisions[0].line must be a whole number"),
        ([["line": .number(1.5), "decision": .string("skip")]], "decisions[0].line must be a whole number"),
        ([["line": .integer(1), "decision": .integer(5)]], "decisions[0].decision must be a string"),
        ([["line": .integer(1), "decision": .string("skip")], ["line": .integer(2), "decision": .string("item"), "item": .bool(true)]],
         "decisions[1].item must be a string"),
    ] as [([[String: JSONValue]], String)])
    func aDecisionsFieldOfTheWrongTypeIsRefusedSayingSo(_ decisions: [[String: JSONValue]], _ message: String) async throws {
        let apply = try #require(RPCMethod.named["receipt.apply"])
        let params: [String: JSONValue] = ["text": .string("MILK 1.09"), "decisions": .array(decisions.map(JSONValue.object))]
        do {
            _ = try await apply.call(AppContainer.inMemory(), params)
            Issue.record("the call was answered")
        } catch let failure as RPCFailure {
            #expect(failure.code == .invalidParams && failure.message.hasPrefix(message), "\(failure.message)")
        }
    }

    /// A number past a bounded parameter's range is told the range, whatever its JSON type
    /// (seventeenth review: 1e20 was answered "must be a whole number").
    @Test(arguments: [JSONValue.number(1e20), .integer(0), .integer(Int64.max), .string("3")])
    func aPositionOutOfItsRangeIsToldTheRange(_ position: JSONValue) async throws {
        let move = try #require(RPCMethod.named["category.move"])
        do {
            _ = try await move.call(AppContainer.inMemory(), ["category": .string("Dairy"), "position": position])
            Issue.record("the call was answered")
        } catch let failure as RPCFailure {
            #expect(failure.code == .invalidParams && failure.message == "position must be a whole number from 1 to 1000",
                "\(failure.message)")
        }
    }

    private struct Fraction: RPCParameters { let cart: String; let share: Double }
    private struct OptionalCount: RPCParameters { let cart: String; let count: Int? }
    private struct Twice: RPCParameters {
        let cart: String
        private enum CodingKeys: CodingKey { case cart }
        init(from decoder: any Decoder) throws {
            let fields = try decoder.container(keyedBy: CodingKeys.self)
            _ = try fields.decodeIfPresent(String.self, forKey: .cart)
            cart = try fields.decode(String.self, forKey: .cart)
        }
    }

    /// A field no parameter kind takes (a number JSON would round, an unbounded whole number) is
    /// no declaration: the method lists no parameter and answers every call with internalError,
    /// the program still answers the rest.
    @Test(arguments: [Fraction.self, OptionalCount.self, Twice.self] as [any RPCParameters.Type])
    func aFieldNoParameterKindTakesIsAnInternalError(_ type: any RPCParameters.Type) async throws {
        #expect(throws: ParameterRecorder.Undeclarable.self) { try ParameterRecorder.parameters(of: type) }
        let method = Self.method(taking: type)
        #expect(method.parameters.isEmpty)
        do {
            _ = try await method.call(AppContainer.inMemory(), ["cart": .string("x")])
            Issue.record("the call was answered")
        } catch let failure as RPCFailure {
            #expect(failure.code == .internalError
                && failure.message.hasPrefix("the method's parameters are declared in a way Grock cannot read"), "\(failure.message)")
        }
    }

    private static func method<P: RPCParameters>(taking _: P.Type) -> RPCMethod {
        RPCMethod("broken", "a method declared with a type no parameter list reads", takes: P.self) { _, _ in NoticeDocument(notice: nil) }
    }

    private static func sample(_ kind: RPCMethod.Parameter.Kind) -> JSONValue {
        switch kind {
        case .text, .textOrNull: .string("1")
        case .texts: .array([.string("1")])
        case .objects: .array([.object(["line": .integer(1), "decision": .string("skip")])])
        case .integer(let range): .integer(range.lowerBound)
        case .flag: .bool(true)
        }
    }

    /// `values`, checked against `declared`, decoded into a `P`.
    private static func decode<P: RPCParameters>(_: P.Type, _ values: [String: JSONValue], _ declared: [RPCMethod.Parameter]) throws -> P {
        try P.checked(values, against: declared)
    }
}
