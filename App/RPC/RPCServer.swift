import Composition
import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Presentation

/// `grock rpc`: a second front over the same view models as the command line, for another
/// program. JSON-RPC 2.0, one request per line on stdin, one response per line on stdout (a
/// notification, without `id`, gets none), until stdin ends. Results are the `--json` documents;
/// a failure's `error.data.kind` is its `ErrorKind` (docs/RPC.md).
@MainActor
public struct RPCServer {
    /// A line longer than this is refused unread: no request of Grock's comes near it.
    static let maximumRequest = 1 << 20

    let container: AppContainer

    /// A server over `container`'s view models.
    public init(container: AppContainer) { self.container = container }

    /// Answers the requests read from `input` on `output` until `input` ends, and tells of the
    /// changes other processes make meanwhile (`changed` notifications).
    /// - Returns: nil, or what made writing to `output` fail (the caller's exit status says so).
    public func run(input: Int32, output: Int32) async -> String? {
        var reader = LineReader(fd: input, maximum: Self.maximumRequest)
        let out = Output(fd: output)
        let changes = container.changes()
        let notifier = Task { @MainActor in
            for await change in changes where change.origin == .elsewhere {
                guard out.write(Self.encode(ChangeNotification(change))) else { return }
            }
        }
        defer { notifier.cancel() }
        // A notification that could not be written ends the server as a response would.
        _ = await serve(next: { await reader.next(stop: { out.failure != nil }) }, write: out.write)
        return out.failure
    }

    /// Standard output, written a line at a time by the responses and the notifications.
    private final class Output {
        let fd: Int32
        /// Why a write failed; nothing is written after.
        private(set) var failure: String?

        init(fd: Int32) { self.fd = fd }

        func write(_ line: String) -> Bool {
            guard failure == nil else { return false }
            failure = LineReader.writeAll(Array((line + "\n").utf8), to: fd)
            return failure == nil
        }
    }

    /// `{"jsonrpc":"2.0","method":"changed","params":{"origin":"elsewhere"}}`: the data was
    /// changed by someone else (another grock); a client shows it afresh. Changes made through
    /// this server are answered by their responses and not repeated.
    struct ChangeNotification: Encodable {
        let jsonrpc = "2.0"
        let method = "changed"
        let params: Params

        struct Params: Encodable {
            let origin: String
            let summary: String?
        }

        init(_ change: StorageChange) { params = Params(origin: change.origin.rawValue, summary: change.summary) }
    }

    /// A line of input: its text, or the fact that it was longer than `maximumRequest` (its
    /// bytes were read and dropped, never kept).
    enum Line: Equatable {
        case text(String)
        case tooLong
    }

    /// Answers every line of `input` through `output` until `input` ends (nil) or `output` fails.
    /// - Returns: false when `output` failed.
    func serve(next input: () async -> Line?, write output: (String) -> Bool) async -> Bool {
        while let line = await input() {
            let response: String?
            switch line {
            case .tooLong: response = Self.encode(Response(id: .null, error: RPCFailure(code: -32600, message: "the request is longer than \(Self.maximumRequest) bytes")))
            case .text(let text):
                guard !text.allSatisfy(\.isWhitespace) else { continue }
                response = await respond(to: text)
            }
            if let response, !output(response) { return false }
        }
        return true
    }

    /// The response line to one request line; nil for a notification.
    func respond(to line: String) async -> String? {
        guard line.utf8.count <= Self.maximumRequest else {
            return Self.encode(Response(id: .null, error: RPCFailure(code: -32600, message: "the request is longer than \(Self.maximumRequest) bytes")))
        }
        let value: JSONValue
        do { value = try JSONDecoder().decode(JSONValue.self, from: Data(line.utf8)) } catch {
            return Self.encode(Response(id: .null, error: RPCFailure(code: -32700, message: "not JSON: a request is one JSON object on one line")))
        }
        let request: Request
        switch Request.read(value) {
        case .success(let read): request = read
        case .failure(let failure): return Self.encode(Response(id: failure.id, error: failure.error))
        }
        let outcome: Result<any Encodable & Sendable, RPCFailure>
        do {
            outcome = .success(try await call(request.method, request.params))
        } catch let failure as RPCFailure {
            outcome = .failure(failure)
        } catch {
            outcome = .failure(RPCFailure(error))
        }
        guard let id = request.id else { return nil }   // a notification: done, not answered
        switch outcome {
        case .success(let result): return Self.encode(Response(id: id, result: result))
        case .failure(let failure): return Self.encode(Response(id: id, error: failure))
        }
    }

    static func encode(_ response: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Every result is a plain value document; encoding one cannot fail.
        return String(decoding: (try? encoder.encode(response)) ?? Data("{}".utf8), as: UTF8.self)
    }


    // MARK: - Methods

    private func call(_ method: String, _ params: Params) async throws -> any Encodable & Sendable {
        guard let known = RPCMethod.named[method] else {
            throw RPCFailure(code: -32601, message: "no method \(Echo.quoted(method)) (rpc.discover lists them)")
        }
        try params.check(against: known.parameters)
        return try await known.call(container, params)
    }
}

// MARK: - The wire

/// A JSON value as a request carries it.
enum JSONValue: Codable, Sendable, Equatable {
    /// A whole number is kept exactly (an id of 2^53 + 1 comes back as it was sent).
    case null, bool(Bool), integer(Int64), number(Double), string(String), array([JSONValue]), object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null } else if let value = try? container.decode(Bool.self) { self = .bool(value) } else if let value = try? container.decode(Int64.self) { self = .integer(value) } else if let value = try? container.decode(Double.self) { self = .number(value) } else if let value = try? container.decode(String.self) { self = .string(value) } else if let value = try? container.decode([JSONValue].self) { self = .array(value) } else { self = .object(try container.decode([String: JSONValue].self)) }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

/// A request as read from a JSON object: any field of the wrong shape is a JSON-RPC error
/// that still answers the caller's id when it has a usable one.
struct Request {
    /// nil: a notification (no `id` at all); `.null` is an id too, and gets an answer.
    let id: JSONValue?
    let method: String
    let params: Params

    struct Refusal: Error {
        let id: JSONValue
        let error: RPCFailure
    }

    static func read(_ value: JSONValue) -> Result<Request, Refusal> {
        guard case .object(let fields) = value else {
            return .failure(Refusal(id: .null, error: RPCFailure(code: -32600, message: "a request is a JSON object (one a line: batches are not supported)")))
        }
        let id = fields["id"]
        switch id {
        case nil, .null?, .string?, .integer?, .number?: break
        default: return .failure(Refusal(id: .null, error: RPCFailure(code: -32600, message: "an id is a string or a number")))
        }
        guard fields["jsonrpc"] == .string("2.0"), case .string(let method)? = fields["method"] else {
            return .failure(Refusal(id: id ?? .null, error: RPCFailure(code: -32600, message: "not a JSON-RPC 2.0 request: it needs \"jsonrpc\": \"2.0\" and a \"method\" string")))
        }
        switch fields["params"] {
        case nil, .null?: return .success(Request(id: id, method: method, params: Params([:])))
        case .object(let params)?: return .success(Request(id: id, method: method, params: Params(params)))
        default: return .failure(Refusal(id: id ?? .null, error: RPCFailure(code: -32602, message: "params is an object of named parameters")))
        }
    }
}

struct Response: Encodable {
    let id: JSONValue
    var result: (any Encodable & Sendable)?
    var error: RPCFailure?

    init(id: JSONValue, result: any Encodable & Sendable) {
        self.id = id
        self.result = result
    }

    init(id: JSONValue, error: RPCFailure) {
        self.id = id
        self.error = error
    }

    private enum Keys: String, CodingKey { case jsonrpc, id, result, error }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode("2.0", forKey: .jsonrpc)
        try container.encode(id, forKey: .id)
        if let error { try container.encode(error, forKey: .error) } else if let result { try result.encode(to: container.superEncoder(forKey: .result)) } else {
            try container.encodeNil(forKey: .result)
        }
    }
}

/// A JSON-RPC error: the protocol's own codes for a request that cannot be read, and
/// -32001...-32005 for Grock's `ErrorKind`s, also given by name in `data.kind`.
/// `export`'s result: the document as text, to save as a file as it is.
struct ExportDocument: Encodable, Sendable {
    let format: String
    let text: String
}

/// What this front refuses by itself (sync without a data directory).
struct RPCRefusal: Error, ClassifiedError, CustomStringConvertible {
    let description: String
    var kind: ErrorKind { .refused }
}

struct RPCFailure: Error, Encodable, Sendable {
    let code: Int
    let message: String
    let data: [String: String]?

    init(code: Int, message: String) {
        self.code = code
        self.message = Echo.escaped(message)
        self.data = nil
    }

    init(_ error: any Error) {
        let kind = ErrorKind.of(error)
        code = RPCFailure.code(of: kind)
        message = Echo.escaped("\(error)")
        data = ErrorKind.isTransient(error) ? ["kind": kind.rawValue, "transient": "true"] : ["kind": kind.rawValue]
    }

    /// Each kind's code, as docs/RPC.md lists them: fixed here, whatever order the kinds are declared in.
    static func code(of kind: ErrorKind) -> Int {
        switch kind {
        case .invalidInput: -32001
        case .notFound: -32002
        case .refused: -32003
        case .conflict: -32004
        case .storage: -32005
        }
    }
}

/// A request's named parameters, read with the types Grock takes: money and quantities as
/// strings, never as JSON numbers (a binary fraction is not an exact amount).
struct Params {
    let values: [String: JSONValue]

    init(_ values: [String: JSONValue]) { self.values = values }

    func optionalText(_ name: String) throws -> String? {
        switch values[name] {
        case nil, .null?: return nil
        case .string(let text)?: return text
        default: throw RPCFailure(code: -32602, message: "\(name) must be a string (amounts and quantities too: \"1.09\", not 1.09)")
        }
    }

    func text(_ name: String) throws -> String {
        guard let text = try optionalText(name) else { throw RPCFailure(code: -32602, message: "\(name) is required") }
        return text
    }

    func texts(_ name: String) throws -> [String] {
        guard case .array(let items)? = values[name], !items.isEmpty else { throw RPCFailure(code: -32602, message: "\(name) must be a non-empty array of strings") }
        return try items.map { item in
            guard case .string(let text) = item else { throw RPCFailure(code: -32602, message: "\(name) must be a non-empty array of strings") }
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
        default: throw RPCFailure(code: -32602, message: "\(name) must be a whole number from 1 to 1000")
        }
    }

    func flag(_ name: String) throws -> Bool {
        switch values[name] {
        case nil, .null?: return false
        case .bool(let value)?: return value
        default: throw RPCFailure(code: -32602, message: "\(name) must be true or false")
        }
    }

    func quantity(_ name: String) throws -> Quantity? { try optionalText(name).map { try Quantity(parsing: $0) } }

    func unit(_ name: String) throws -> MeasureUnit? { try optionalText(name).map { try MeasureUnit(parsing: $0) } }
}

/// What `rpc.discover` answers: an OpenRPC document (spec.open-rpc.org) of every method, each
/// parameter with a JSON Schema of its type. Results are the view models' documents (RPC.md);
/// their schemas are not spelled out (`"result": {"name": "result", "schema": {}}`).
struct OpenRPCDocument: Encodable, Sendable {
    let openrpc = "1.3.2"
    let info = Info()
    let methods: [MethodDocument]

    struct Info: Encodable, Sendable {
        let title = "Grock"
        let version = GrockVersion.number
        let description = "Grock's view models over JSON-RPC 2.0, one message a line on stdin and stdout. The server also sends "
            + "the notification \"changed\" ({\"origin\": \"elsewhere\"}) when another process changes the data."
    }
}

struct MethodDocument: Encodable, Sendable {
    let name: String
    let params: [ParamDocument]
    let summary: String
    let result = ResultDocument()

    init(_ method: RPCMethod) {
        name = method.name
        params = method.parameters.map(ParamDocument.init)
        summary = method.summary
    }

    struct ResultDocument: Encodable, Sendable {
        let name = "result"
        let schema = [String: String]()
    }
}

/// A method's parameter as `rpc.discover` describes it, in OpenRPC's shape.
struct ParamDocument: Encodable, Sendable {
    let name: String
    let required: Bool
    let schema: Schema

    /// A JSON Schema of a parameter's type.
    enum Schema: Encodable, Sendable, Equatable {
        /// `string` (amounts and quantities too), `integer` or `boolean`.
        case plain(String)
        /// An array of strings.
        case strings
        /// An array of objects (their fields in the method's summary and RPC.md).
        case objects
        /// A string, or null (to remove what it sets).
        case stringOrNull

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            switch self {
            case .plain(let type): try container.encode(type, forKey: .type)
            case .strings, .objects:
                try container.encode("array", forKey: .type)
                try container.encode(["type": self == .strings ? "string" : "object"], forKey: .items)
            case .stringOrNull: try container.encode(["string", "null"], forKey: .type)
            }
        }

        private enum Key: CodingKey { case type, items }
    }

    init(_ parameter: RPCMethod.Parameter) {
        name = parameter.name
        required = parameter.isRequired
        switch parameter.kind {
        case .text: schema = .plain("string")
        case .textOrNull: schema = .stringOrNull
        case .texts: schema = .strings
        case .objects: schema = .objects
        case .integer: schema = .plain("integer")
        case .flag: schema = .plain("boolean")
        }
    }
}

/// What a change that leaves nothing to show did, in a sentence (`Party: deleted cart`).
struct NoticeDocument: Encodable, Sendable {
    let notice: String?
}

struct UndoDocument: Encodable, Sendable {
    let undid: String
}

/// A result with the warnings its intent raised (a price that looks like a slip).
struct Warned<Value: Encodable & Sendable>: Encodable, Sendable {
    let value: Value
    let warnings: [String]
}
