import Composition

/// Answering a request: the checks every request passes (the sessions file, the `Host`), the
/// pairing, the session, then the route `WebRoute`'s table gives.
extension WebServer {
    /// The response to a request, whether it opened a stream, and whether it came with a session
    /// (its connection is then among the last the loop closes to make room for another).
    func respond(to request: HTTPRequest) async -> (bytes: [UInt8], stream: Bool, paired: Bool) {
        refreshSessions()
        guard let host = request.headers["host"]?.lowercased(), HostCheck(port: port).isOwnHost(host) else {
            return (WebResponse.make(403, text: "this server answers to its own address only (the Host header names another)"), false,
                    false)
        }
        if sessionsFailure != nil {
            // The reason stays on the server's terminal: the file's path is not for any client to read.
            return (WebResponse.make(503,
                                     text: "the server cannot read its sessions file: "
                                               + "no session is honoured until it can (its terminal says why)"), false, false)
        }
        if request.method == "GET" || request.method == "HEAD", request.path == "/", request.query["token"] != nil {
            // Pairing changes the sessions: a HEAD, which must change nothing (a link preview,
            // `curl -I`), would otherwise use up the token the phone needs.
            guard request.method == "GET" else {
                return (WebResponse.make(405, text: "only GET pairs: open the URL in a browser", headers: ["Allow": "GET"]), false, false)
            }
            return (pair(request), false, false)
        }
        guard let session = sessions.session(request.cookie(Self.cookie)) else {
            return (WebResponse.make(401, text: "not paired: open the URL grock serve printed (with its token) once on this device"), false,
                    false)
        }
        let (bytes, stream) = await route(request, session: session)
        return (bytes, stream, true)
    }

    /// The response to a paired browser's request, from the route table; and whether it opened a stream.
    private func route(_ request: HTTPRequest, session: WebSessions.Session) async -> ([UInt8], Bool) {
        // HEAD is answered as GET (`receive` drops the body).
        switch WebRoute.lookup(method: request.method == "HEAD" ? "GET" : request.method, path: request.path) {
        case .route(.file(let file)): return (WebResponse.make(200, body: file.bytes, type: file.contentType), false)
        case .route(.session):
            return (WebResponse.make(200, body: Array("{\"version\":\"\(GrockVersion.number)\"}".utf8), type: "application/json"), false)
        case .route(.events):
            return (Array(("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\n"
                               + WebResponse.securityHeaders + "\r\nretry: 2000\n\n").utf8), true)
        case .route(.rpc): return (await call(request, session: session), false)
        case .wrongMethod: return (WebResponse.make(405, text: "\(request.method) is not how \(request.path) is used"), false)
        case .notFound: return (WebResponse.make(404, text: "nothing at \(request.path)"), false)
        }
    }

    /// Reads the sessions file again when it changed. `grock serve --revoke` run meanwhile, in
    /// another process, ends these sessions now. A file that cannot be read (or is damaged, or
    /// was replaced by a link) might hold a revocation: every request that needs a session is
    /// refused until it can be read again (fail closed).
    private func refreshSessions() {
        do {
            try sessions.reloadIfChanged()
            if sessionsFailure != nil { options.warn("the sessions file can be read again: serving") }
            sessionsFailure = nil
        } catch {
            // Told once, when it starts failing: a client retrying must not flood the terminal.
            if sessionsFailure == nil { options.warn("\(error); no session is honoured until it can be read") }
            sessionsFailure = error
        }
    }

    /// `GET /?token=`: a new session for a browser that shows the pairing token, sent to `/`;
    /// the token is used up, and the URL with the next one is announced.
    private func pair(_ request: HTTPRequest) -> [UInt8] {
        guard sessions.isPairingToken(request.query["token"]) else {
            return WebResponse.make(401, text: "this pairing token is not (or no longer) valid: open the URL grock serve printed")
        }
        let session: WebSessions.Session
        do { session = try sessions.open() } catch { return WebResponse.make(500, text: "the session cannot be kept: \(error)") }
        announce(url(port: port))
        // The browser's session before this one (ended by --revoke, say): its changes sent
        // again under the new one are still applied once.
        do { try request.cookie(Self.cookie).map { old throws(WebError) in try idempotency.carryOver(from: old, to: session.id) } } catch {
            return WebResponse.make(500, text: "the keys of the changes this browser sent cannot be kept: \(error)")
        }
        return WebResponse.make(303, text: "paired", headers: ["Location": "/",
                                "Set-Cookie": "\(Self.cookie)=\(session.id); Path=/; HttpOnly; SameSite=Strict; Max-Age=31536000"])
    }
}
