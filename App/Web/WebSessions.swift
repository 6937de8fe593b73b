import Composition

/// Who may use `grock serve`: the pairing token its URL carries, and the sessions of the
/// browsers that opened that URL (each an id, the `HttpOnly` cookie the browser sends back).
/// A pairing token pairs one browser: the pairing draws the next. Kept in
/// `web/sessions` in the data directory (mode 0600), so that a phone stays paired when the
/// server restarts; `grock serve --revoke` draws a new token and ends every session. With
/// `--in-memory` they live as long as the process.
struct WebSessions {
    struct Session: Equatable {
        let id: String
    }

    private(set) var pairingToken: String
    private(set) var sessions: [Session]
    private let path: String?
    /// The file as last read or written (device, inode, size, modification time): another process's write changes it.
    private var identity: PrivateTextFile.Identity?
    static let keptSessions = 1000

    /// The sessions kept in `directory` (a new token when there are none yet); with `afresh`, a
    /// new token and no session written over the file unread, so that `grock serve --revoke`
    /// also mends a file damaged or replaced by a link (the name is replaced, not followed).
    init(directory: String?, afresh: Bool = false) throws(WebError) {
        path = directory.map { $0 + "/web/sessions" }
        pairingToken = WebSessions.randomToken()
        sessions = []
        guard path != nil else { return }
        if afresh { try save() } else if try !load() { try save() }
    }

    /// Reads the file again when another process (`grock serve --revoke`) changed it. A file that
    /// cannot be read (or is damaged) throws, and throws again on every call until it can be read:
    /// the version last read successfully is never taken as the current one (fail closed).
    mutating func reloadIfChanged() throws(WebError) {
        guard let path, WebFiles.identity(path) != identity else { return }
        _ = try load()
    }

    /// Reads the file; false when there is none (then there is no session).
    private mutating func load() throws(WebError) -> Bool {
        guard let path else { return false }
        // Taken before the read (a write in between makes the next check read again), kept only
        // once the file has been read whole: a failed read is tried again by the next check.
        let seen = WebFiles.identity(path)
        if let text = try WebFiles.read(path) {
            let lines = text.split(separator: "\n").map(String.init)
            // Every token Grock writes is 32 hexadecimal digits; a session line of an earlier
            // version holds a second token after a tab, which the page sent with every change
            // (docs/WEB.md): no longer used, dropped when the file is next written.
            let ids = lines.dropFirst().map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
            guard let first = lines.first, WebSessions.isToken(first),
                  ids.allSatisfy({ $0.count <= 2 && WebSessions.isToken($0[0]) }) else {
                throw WebError("\(path) is damaged: run grock serve --revoke to start it afresh", kind: .storage)
            }
            pairingToken = first
            sessions = ids.map { Session(id: String($0[0])) }
            identity = seen
            return true
        }
        // Deleted meanwhile: no session is kept in memory only (fail closed). The printed URL
        // still pairs, and writes the file afresh.
        sessions = []
        identity = seen
        return false
    }

    /// A new session for a browser that showed the pairing token, which it uses up: the next
    /// browser needs the next token (a URL seen over a shoulder, or left in a browser's history,
    /// pairs nobody once used).
    mutating func open() throws(WebError) -> Session {
        try reloadIfChanged()
        let session = Session(id: WebSessions.randomToken())
        pairingToken = WebSessions.randomToken()
        sessions.append(session)
        // A browser that pairs again and again must not grow the file without end.
        if sessions.count > Self.keptSessions { sessions.removeFirst(sessions.count - Self.keptSessions) }
        try save()
        return session
    }

    /// The session whose id a request's cookie gives, compared in constant time; nil for none or
    /// one not kept (revoked, or pushed out by newer pairings).
    func session(_ id: String?) -> Session? {
        guard let id else { return nil }
        return sessions.first { WebSessions.same($0.id, id) }
    }

    /// Whether `given` is the pairing token, compared in constant time.
    func isPairingToken(_ given: String?) -> Bool { given.map { WebSessions.same($0, pairingToken) } ?? false }

    private mutating func save() throws(WebError) {
        guard let path else { return }
        try WebFiles.write(([pairingToken] + sessions.map(\.id)).joined(separator: "\n") + "\n", to: path)
        identity = WebFiles.identity(path)
    }

    /// Whether `text` is a token as `randomToken` writes them: 32 hexadecimal digits.
    static func isToken(_ text: some StringProtocol) -> Bool { text.utf8.count == 32 && text.allSatisfy(\.isHexDigit) }

    /// 128 random bits as 32 hexadecimal digits (the system's secure generator).
    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let digits = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }.joined()
    }

    /// Equal texts, compared without stopping at the first difference (no timing to learn from).
    static func same(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for index in x.indices { difference |= x[index] ^ y[index] }
        return difference == 0
    }
}
