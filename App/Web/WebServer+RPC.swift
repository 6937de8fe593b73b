#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RPC

/// `POST /rpc`: a JSON-RPC request from the page, checked (the header only a script of the page
/// can send, the origin, the content type) and applied once per session and `Idempotency-Key`.
extension WebServer {
    /// The response to `POST /rpc`: refused, "already applied", or the JSON-RPC answer.
    func call(_ request: HTTPRequest, session: WebSessions.Session) async -> [UInt8] {
        let started = ContinuousClock.now
        // A form of another site cannot set a header, and a script of another site can only with
        // the server's leave (a CORS preflight), which this server never gives; the session itself
        // is a cookie no script reads (docs/WEB.md).
        guard request.headers["x-requested-with"]?.isEmpty == false else {
            return WebResponse.make(403, text: "a change needs the X-Requested-With header (a page of another site cannot send it)")
        }
        if !HostCheck.isOwnOrigin(request.headers["origin"], host: request.headers["host"]) {
            return WebResponse.make(403, text: "a change from another origin (\(request.headers["origin"] ?? "")) is refused")
        }
        guard request.headers["content-type"]?.lowercased().hasPrefix("application/json") == true else {
            return WebResponse.make(415, text: "send the JSON-RPC request as application/json")
        }
        var keyed: (key: IdempotencyStore.Key, fingerprint: UInt64)?
        if let key = request.headers["idempotency-key"] {
            switch admit(key, body: request.body, session: session) {
            case .success(let admitted): keyed = admitted
            case .failure(let refusal): return refusal.bytes
            }
        }
        defer { if let keyed { idempotency.end(keyed.key) } }
        let (line, succeeded) = await rpc.answer(to: String(decoding: request.body, as: UTF8.self))
        var warning: String?
        if let keyed, succeeded {
            // Kept before the answer leaves: an answer lost on the way makes the page send it again.
            do { try idempotency.record(keyed.key, fingerprint: keyed.fingerprint) } catch {
                // The change is stored: a failure would have the page send it again, and it
                // would be applied twice. Answered as made, with a warning (the file's path and
                // errno are for the server's terminal, not for a client).
                options.warn("a change was saved, but its Idempotency-Key could not be written down: \(error)")
                warning = Self.keyNotKept
            }
        }
        // The server's own time, for the page's developer tools and bench/web.sh.
        let elapsed = started.duration(to: .now)
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        var headers = ["Server-Timing": "app;dur=\(Double(Int(milliseconds * 1000)) / 1000)"]
        headers[Self.warningHeader] = warning
        return WebResponse.make(200, body: Array((line ?? "").utf8), type: "application/json", headers: headers)
    }

    /// The header of a change's answer that tells what went wrong around a change that was made:
    /// the JSON-RPC answer itself stays the one `grock rpc` gives.
    static let warningHeader = "Grock-Warning"
    /// The warning of a change whose key could not be written to `web/applied`.
    static let keyNotKept = "the change was saved, but the server could not write down its Idempotency-Key (its terminal says why): "
        + "sent again after grock serve restarts, it would be applied again"

    /// A keyed change that is not to be applied (now): the response that says why.
    private struct NotApplied: Error {
        let bytes: [UInt8]
    }

    /// The change's key and fingerprint, marked as being applied; or the answer when it is not
    /// to be applied: a key that cannot be one, a notification, a key already applied (with
    /// this change or another) or being applied now.
    private func admit(_ key: String, body: [UInt8], session: WebSessions.Session)
        -> Result<(key: IdempotencyStore.Key, fingerprint: UInt64), NotApplied> {
        guard !key.isEmpty, key.count <= 100, key.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else {
            return .failure(NotApplied(bytes: WebResponse.make(400, text: "an Idempotency-Key is up to 100 letters, digits and dashes")))
        }
        // Answered once it is applied: a notification (no id) would be applied unanswered, its key
        // never kept. A body that is not a JSON object (why it is not does not matter) has no id either.
        guard case .object(let fields)? = try? JSONDecoder().decode(JSONValue.self, from: Data(body)), let id = fields["id"] else {
            return .failure(NotApplied(
                bytes: WebResponse.make(400, text: "a change sent with an Idempotency-Key is a JSON-RPC request with an id")))
        }
        // Refused as grock rpc refuses it, before "already applied" could answer an id that changed.
        if let refusal = RPCServer.idRefusal(id) {
            return .failure(NotApplied(bytes: WebResponse.make(200, body: Array(refusal.utf8), type: "application/json")))
        }
        // The change itself (method and parameters), whatever its id or spacing. Values read
        // from JSON encode again; were one not to, no key is kept for a text it does not have.
        guard let change = try? RPCServer.changeText(method: fields["method"] ?? .null, params: fields["params"] ?? .null) else {
            return .failure(NotApplied(bytes: WebResponse.make(200, body: Array(RPCServer.internalError(id: id).utf8),
                                                               type: "application/json")))
        }
        let fingerprint = IdempotencyStore.fingerprint(Array(change.utf8))
        let storeKey = idempotency.key(sessionID: session.id, key: key)
        switch idempotency.lookup(storeKey, fingerprint: fingerprint) {
        case .anotherChange:
            return .failure(NotApplied(bytes: WebResponse.make(422, text: "this Idempotency-Key was used for another change")))
        case .applied:
            return .failure(NotApplied(
                bytes: WebResponse.make(200, body: Array(RPCServer.encode(Response(id: id, result: AlreadyApplied())).utf8),
                                        type: "application/json")))
        case .inFlight:
            // The same change sent again while its first try is still being applied (its answer
            // was given up on): not applied twice; the page sends it again and hears "already applied".
            return .failure(NotApplied(bytes: WebResponse.make(409, text: "this change is being applied; send it again")))
        case .new:
            idempotency.begin(storeKey)
            return .success((storeKey, fingerprint))
        }
    }
}

/// The answer to a change whose key was applied before.
struct AlreadyApplied: Encodable, Sendable {
    let alreadyApplied = true
}
