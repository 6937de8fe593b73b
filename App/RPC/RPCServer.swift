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
        let reader = LineReader(fd: input, maximum: Self.maximumRequest)
        let out = Output(fd: output)
        let changes = container.changes()
        let notifier = Task { @MainActor in
            for await change in changes where change.origin == .elsewhere {
                // Two strings: a notification always encodes; were one not to, it is not sent.
                guard let line = try? Self.line(ChangeNotification(change)) else { continue }
                // A notification that could not be written ends the server as a response would.
                guard out.write(line) else {
                    reader.stop()
                    return
                }
            }
        }
        defer { notifier.cancel() }
        _ = await serve(next: { await reader.next() }, write: out.write)
        return out.failure
    }

    /// Standard output, written a line at a time by the responses and the notifications.
    private final class Output {
        let output: OutputDescriptor
        /// Why a write failed; nothing is written after.
        private(set) var failure: String?

        init(fd: Int32) { output = OutputDescriptor(fd) }

        func write(_ line: String) -> Bool {
            guard failure == nil else { return false }
            failure = output.writeAll(Array((line + "\n").utf8))
            return failure == nil
        }
    }

    /// Answers every line of `input` through `output` until `input` ends (nil) or `output` fails.
    /// - Returns: false when `output` failed.
    func serve(next input: () async -> LineBuffer.Line?, write output: (String) -> Bool) async -> Bool {
        while let line = await input() {
            let response: String?
            switch line {
            case .tooLong: response = Self.tooLong
            case .text(let text):
                guard !text.allSatisfy(\.isWhitespace) else { continue }
                response = await respond(to: text)
            }
            if let response, !output(response) { return false }
        }
        return true
    }

    /// The response line to one request line; nil for a notification.
    package func respond(to line: String) async -> String? { await answer(to: line).line }

    /// The response line to one request line (nil for a notification), and whether the method
    /// ran to its end: a change it made is stored then, even should its result fail to encode,
    /// which is what `grock serve` keeps an idempotency key for.
    package func answer(to line: String) async -> (line: String?, succeeded: Bool) {
        guard line.utf8.count <= Self.maximumRequest else { return (Self.tooLong, false) }
        let value: JSONValue
        do { value = try JSONDecoder().decode(JSONValue.self, from: Data(line.utf8)) } catch {
            return (Self.refusal(RPCFailure(code: .parseError, message: "not JSON: a request is one JSON object on one line")), false)
        }
        let request: Request
        switch Request.read(value) {
        case .success(let read): request = read
        case .failure(let failure): return (Self.refusal(failure.error, id: failure.id), false)
        }
        let outcome: Result<any Encodable & Sendable, RPCFailure>
        do {
            outcome = .success(try await call(request.method, request.params))
        } catch let failure as RPCFailure {
            outcome = .failure(failure)
        } catch {
            outcome = .failure(RPCFailure(error))
        }
        switch (outcome, request.id) {
        case (.success, nil): return (nil, true)   // a notification: done, not answered
        case (.failure, nil): return (nil, false)
        case (.success(let result), let id?): return (Self.encode(Response(id: id, result: result)), true)
        case (.failure(let failure), let id?): return (Self.refusal(failure, id: id), false)
        }
    }

    /// The response to a line longer than `maximumRequest`, which is refused unread.
    static var tooLong: String {
        refusal(RPCFailure(code: .invalidRequest, message: "the request is longer than \(maximumRequest) bytes"))
    }

    /// The response line carrying `failure` to the request `id` (null: a request not read far
    /// enough to know its id, or whose id cannot come back exactly).
    static func refusal(_ failure: RPCFailure, id: JSONValue = .null) -> String {
        encode(Response(id: id, error: failure))
    }

    /// `response` as one line of JSON, its keys sorted. A result that cannot be encoded (a
    /// mistake of Grock's, such as a number JSON has no spelling for) is answered as an
    /// `internalError` (-32603) carrying the request's id: the caller matches it to its request
    /// and hears that it failed, instead of reading a line that is no JSON-RPC response.
    package static func encode(_ response: Response) -> String {
        do {
            return try line(response)
        } catch {
            let failure = Response(id: response.id, error: RPCFailure(code: .internalError,
                                   message: "the result could not be encoded as JSON (a mistake of Grock's; please report it)"))
            // An id is one read from JSON, a code and a sentence: they encode. Should even this
            // fail, the same error without the id is still a response a client can read.
            return (try? line(failure))
                ?? #"{"error":{"code":\#(RPCErrorCode.internalError.rawValue),"message":"the result could not be encoded as JSON"},"#
                + #""id":null,"jsonrpc":"2.0"}"#
        }
    }

    /// A request's method and parameters as one text, whatever its id or spacing: what
    /// `grock serve` keys a change by.
    /// - Throws: `EncodingError` should either not encode (values read from JSON always do).
    package static func changeText(method: JSONValue, params: JSONValue) throws -> String {
        try line(method) + "\n" + line(params)
    }

    /// The `internalError` (-32603) response to the request `id`, for a request Grock could not
    /// take in.
    package static func internalError(id: JSONValue) -> String {
        let failure = RPCFailure(code: .internalError,
                                 message: "the request could not be encoded as JSON (a mistake of Grock's; please report it)")
        return refusal(failure, id: id)
    }

    /// The invalid-request (-32600) response to a request whose `id` could not come back exactly
    /// (a number with a fraction or beyond 64 bits), or nil when it can: what `grock serve`
    /// answers before looking a keyed change up.
    package static func idRefusal(_ id: JSONValue) -> String? {
        Request.idProblem(id).map { refusal(RPCFailure(code: .invalidRequest, message: $0)) }
    }

    /// `value` as one line of JSON, its keys sorted and slashes kept.
    static func line(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    // MARK: - Methods

    /// The result of `method` (its parameters checked and decoded by the method's declaration).
    /// - Throws: `RPCFailure` for a method not declared or parameters it does not take; the method's own errors.
    private func call(_ method: String, _ params: [String: JSONValue]) async throws -> any Encodable & Sendable {
        guard let known = RPCMethod.named[method] else {
            throw RPCFailure(code: .methodNotFound, message: "no method \(Echo.quoted(method)) (rpc.discover lists them)")
        }
        return try await known.call(container, params)
    }
}
