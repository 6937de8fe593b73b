/// The changes `POST /rpc` applied, each under the session that sent it and the
/// `Idempotency-Key` it chose, so that a change sent again (its answer lost, the server
/// restarted) is applied once. A key is one session's own: another session using the same key
/// has its change applied, and learns nothing of the first. Kept in `web/applied` in the data
/// directory, a line a change, flushed before the change is answered; `keptKeys` are kept, the
/// newest of each session first (older ones belong to changes acknowledged long ago).
///
/// The file's first line holds the secret its sessions are named with (`SipHash`): the id is the
/// session's cookie, so it is not written down a second time (the file outlives `--revoke`),
/// and a name made with a secret cannot be aimed at another session's. A file without that line
/// was written before (its sessions named by an unkeyed FNV-1a fingerprint, or by none): its
/// lines name no session that can be told from a forged one, so they are dropped on load.
struct IdempotencyStore {
    /// A change's name: the session that sent it (`IdempotencyStore.key(sessionID:key:)` names
    /// it) and the key it chose.
    struct Key: Hashable {
        let session: String
        let key: String
    }

    /// What is known of a key.
    enum Lookup: Equatable {
        /// Never applied, nor being applied.
        case new
        /// Applied before, with the same change.
        case applied
        /// Applied before, with another change (another method or parameters).
        case anotherChange
        /// Being applied now, on another connection.
        case inFlight
    }

    static let keptKeys = 10_000
    /// How many of each session's newest keys are kept whatever the others send: more than a
    /// phone's queue of changes sent again after a lost answer.
    static let keptOfEachSession = 100
    /// What the file's first line starts with, before a tab and the secret.
    static let header = "grock-applied-2"
    /// Each key applied, with its change's fingerprint and when it was applied (a number that
    /// grows): the oldest are the ones forgotten.
    private var applied: [Key: (fingerprint: UInt64, order: Int)] = [:]
    private var nextOrder = 0
    /// Keys of changes being applied now.
    private var inFlight: Set<Key> = []
    private let path: String?
    /// The secret sessions are named with, as written in the file's first line.
    private let secret: String
    private let sessionName: SipHash

    /// The keys kept in `directory` (none with `--in-memory`); a file longer than `keptKeys`
    /// is trimmed on the way in, and one of before (without the secret) is written afresh.
    /// - Throws: `WebError` when the file cannot be read, or written.
    init(directory: String?) throws(WebError) {
        path = directory.map { $0 + "/web/applied" }
        let lines = (try path.flatMap { path throws(WebError) in try WebFiles.read(path) } ?? "").split(separator: "\n")
        let kept = lines.first.flatMap(Self.secret(inHeader:))
        secret = kept ?? WebSessions.randomToken()
        guard let sessionName = SipHash(hexadecimalKey: secret) else {
            throw WebError("the secret of \(path ?? "web/applied") is not 32 hexadecimal digits", kind: .storage)
        }
        self.sessionName = sessionName
        guard kept != nil else {
            try write()
            return
        }
        for line in lines.dropFirst() {
            // A line that cannot be read names no change: it is skipped, as a torn last line is.
            let parts = line.split(separator: "\t").map(String.init)
            guard parts.count == 3, let fingerprint = UInt64(parts[2], radix: 16) else { continue }
            remember(Key(session: parts[0], key: parts[1]), fingerprint: fingerprint)
        }
        if applied.count > Self.keptKeys { try forgetOldest() }
    }

    /// The secret in the file's first line; nil when the line is not one (a file of before).
    private static func secret(inHeader line: Substring) -> String? {
        let parts = line.split(separator: "\t")
        guard parts.count == 2, parts[0] == header, SipHash(hexadecimalKey: parts[1]) != nil else { return nil }
        return String(parts[1])
    }

    /// `key` sent by the session whose id (its cookie) is `sessionID`.
    func key(sessionID: String, key: String) -> Key {
        Key(session: String(sessionName(Array(sessionID.utf8)), radix: 16), key: key)
    }

    /// What is known of `key`, sent again with the change `fingerprint` names.
    func lookup(_ key: Key, fingerprint: UInt64) -> Lookup {
        if let known = applied[key] {
            return known.fingerprint == fingerprint ? .applied : .anotherChange
        }
        return inFlight.contains(key) ? .inFlight : .new
    }

    /// `key`'s change is being applied: the same key on another connection meanwhile is `inFlight`.
    mutating func begin(_ key: Key) { inFlight.insert(key) }

    /// `key`'s change is no longer being applied (applied and `record`ed, or refused).
    mutating func end(_ key: Key) { inFlight.remove(key) }

    /// Keeps `key` as applied, flushed to the file before it returns.
    /// - Throws: `WebError` when the file cannot be written: the change was made, and its key is
    ///   kept in memory only (this server answers it as applied; after a restart it is new).
    mutating func record(_ key: Key, fingerprint: UInt64) throws(WebError) {
        // Remembered first: while this server runs, the change sent again is applied once even
        // when the file failed (and the next whole write of the file keeps it there too).
        remember(key, fingerprint: fingerprint)
        try path.map { path throws(WebError) in try WebFiles.append(Self.line(key, fingerprint), to: path) }
        // A long-running server's file would otherwise grow without end.
        if applied.count >= 2 * Self.keptKeys { try forgetOldest() }
    }

    /// Gives the keys of the session whose id is `oldID` to the one whose id is `newID`: a
    /// browser paired again (after `--revoke`) sends its waiting changes again under its new
    /// session, and what was applied stays applied once.
    /// - Throws: `WebError` when the file cannot be written.
    mutating func carryOver(from oldID: String, to newID: String) throws(WebError) {
        let old = key(sessionID: oldID, key: "").session, new = key(sessionID: newID, key: "").session
        let moved = applied.filter { $0.key.session == old }
        guard !moved.isEmpty else { return }
        for (key, value) in moved {
            applied[key] = nil
            applied[Key(session: new, key: key.key)] = value
        }
        try write()
    }

    /// A change's fingerprint (FNV-1a): a key sent again must come with the same change. Unkeyed
    /// is enough here: a session can only confuse its own keys with its own changes.
    static func fingerprint(_ bytes: [UInt8]) -> UInt64 {
        bytes.reduce(0xcbf2_9ce4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }

    private mutating func remember(_ key: Key, fingerprint: UInt64) {
        applied[key] = (fingerprint, nextOrder)
        nextOrder += 1
    }

    /// Keeps `keptKeys` keys, in memory and in the file: each session's newest
    /// `keptOfEachSession` first, the most recently active sessions first, then the newest of
    /// the rest. So one session sending thousands of changes cannot make another's change sent
    /// again apply twice.
    private mutating func forgetOldest() throws(WebError) {
        let newestFirst = applied.sorted { $0.value.order > $1.value.order }.map(\.key)
        var kept = Set<Key>(), ofSession: [String: Int] = [:]
        for key in newestFirst where kept.count < Self.keptKeys && ofSession[key.session, default: 0] < Self.keptOfEachSession {
            ofSession[key.session, default: 0] += 1
            kept.insert(key)
        }
        for key in newestFirst where kept.count < Self.keptKeys { kept.insert(key) }
        for key in newestFirst where !kept.contains(key) { applied[key] = nil }
        try write()
    }

    /// Writes the secret, then every key kept, oldest first.
    private func write() throws(WebError) {
        guard let path else { return }
        let lines = applied.sorted { $0.value.order < $1.value.order }.map { Self.line($0.key, $0.value.fingerprint) + "\n" }
        try WebFiles.write(Self.header + "\t" + secret + "\n" + lines.joined(), to: path)
    }

    /// `session TAB key TAB fingerprint`.
    private static func line(_ key: Key, _ fingerprint: UInt64) -> String {
        key.session + "\t" + key.key + "\t" + String(fingerprint, radix: 16)
    }
}
