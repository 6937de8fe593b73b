#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Who may use `grock serve`: the pairing token its URL carries, and the sessions of the
/// browsers that opened that URL (each with the token its requests that change data must
/// carry in a header). Kept in `web/sessions` in the data directory (mode 0600), so that a
/// phone stays paired when the server restarts; `grock serve --revoke` draws a new token and
/// ends every session. With `--in-memory` they live as long as the process.
struct WebSessions {
    struct Session: Equatable {
        let id: String
        /// Sent back in `X-Grock-Token` by every request that changes data.
        let token: String
    }

    private(set) var pairingToken: String
    private(set) var sessions: [Session]
    private let path: String?
    /// The file as last read or written (inode, size, change time): another process's write changes it.
    private var identity: [Int]?
    static let keptSessions = 1000

    /// The sessions kept in `directory` (a new token when there are none yet).
    init(directory: String?) throws(WebError) {
        path = directory.map { $0 + "/web/sessions" }
        pairingToken = WebSessions.randomToken()
        sessions = []
        guard path != nil else { return }
        if try !load() { try save() }
    }

    /// Reads the file again when another process (`grock serve --revoke`) changed it.
    mutating func reloadIfChanged() throws(WebError) {
        guard let path, WebFiles.identity(path) != identity else { return }
        _ = try load()
    }

    /// Reads the file; false when there is none.
    private mutating func load() throws(WebError) -> Bool {
        guard let path else { return false }
        identity = WebFiles.identity(path)
        if let text = try WebFiles.read(path) {
            let lines = text.split(separator: "\n").map(String.init)
            guard let first = lines.first, first.count == 32, first.allSatisfy(\.isHexDigit) else {
                throw WebError("\(path) is damaged: run grock serve --revoke to start it afresh")
            }
            pairingToken = first
            sessions = lines.dropFirst().compactMap { line in
                let parts = line.split(separator: "\t").map(String.init)
                return parts.count == 2 ? Session(id: parts[0], token: parts[1]) : nil
            }
            return true
        }
        return false
    }

    /// A new session for a browser that showed the pairing token.
    mutating func open() throws(WebError) -> Session {
        try reloadIfChanged()
        let session = Session(id: WebSessions.randomToken(), token: WebSessions.randomToken())
        sessions.append(session)
        // A browser that pairs again and again must not grow the file without end.
        if sessions.count > Self.keptSessions { sessions.removeFirst(sessions.count - Self.keptSessions) }
        try save()
        return session
    }

    func session(_ id: String?) -> Session? {
        guard let id else { return nil }
        return sessions.first { WebSessions.same($0.id, id) }
    }

    /// A new pairing token, and no session.
    mutating func revoke() throws(WebError) {
        pairingToken = WebSessions.randomToken()
        sessions = []
        try save()
    }

    /// Whether `given` is the pairing token, compared in constant time.
    func isPairingToken(_ given: String?) -> Bool { given.map { WebSessions.same($0, pairingToken) } ?? false }

    private mutating func save() throws(WebError) {
        guard let path else { return }
        try WebFiles.write(([pairingToken] + sessions.map { "\($0.id)\t\($0.token)" }).joined(separator: "\n") + "\n", to: path)
        identity = WebFiles.identity(path)
    }

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

/// The few files `grock serve` keeps of its own (in `web/` of the data directory): read whole,
/// written whole through a temporary file and a rename, flushed to disk, mode 0600.
enum WebFiles {
    static func read(_ path: String) throws(WebError) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else {
            if errno == ENOENT { return nil }
            throw WebError("cannot read \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(fd, $0) }
            if count < 0 { if errno == EINTR { continue }; throw WebError("cannot read \(path): \(String(cString: strerror(errno)))") }
            if count == 0 { break }
            bytes += chunk[..<count]
            if bytes.count > 1 << 24 { throw WebError("\(path) is larger than 16 MiB: run grock serve --revoke to start it afresh") }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func write(_ text: String, to path: String) throws(WebError) {
        let directory = String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
        if mkdir(directory, 0o700) != 0 && errno != EEXIST { throw WebError("cannot make \(directory): \(String(cString: strerror(errno)))") }
        let temporary = path + ".tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { throw WebError("cannot write \(path): \(String(cString: strerror(errno)))") }
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { systemWrite(fd, $0) }
            if written < 0 { if errno == EINTR { continue }; close(fd); unlink(temporary); throw WebError("cannot write \(path): \(String(cString: strerror(errno)))") }
            offset += written
        }
        guard fsync(fd) == 0, close(fd) == 0, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw WebError("cannot write \(path): \(String(cString: strerror(errno)))")
        }
        let directoryFD = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryFD >= 0 { _ = fsync(directoryFD); close(directoryFD) }
    }

    /// What tells one version of a file from another: inode, size and change time (nil: no file).
    static func identity(_ path: String) -> [Int]? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return [Int(info.st_ino), Int(info.st_size), Int(info.st_ctim.tv_sec), Int(info.st_ctim.tv_nsec)]
    }

    static func remove(_ path: String) throws(WebError) {
        guard unlink(path) == 0 || errno == ENOENT else { throw WebError("cannot remove \(path): \(String(cString: strerror(errno)))") }
    }

    /// Adds a line to the end of `path` and flushes it to disk.
    static func append(_ line: String, to path: String) throws(WebError) {
        let directory = String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
        if mkdir(directory, 0o700) != 0 && errno != EEXIST { throw WebError("cannot make \(directory): \(String(cString: strerror(errno)))") }
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { throw WebError("cannot write \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        let bytes = Array((line + "\n").utf8)
        guard bytes.withUnsafeBytes({ systemWrite(fd, $0) }) == bytes.count, fsync(fd) == 0 else {
            throw WebError("cannot write \(path): \(String(cString: strerror(errno)))")
        }
    }
}

// The system's calls, out of reach of `WebFiles.read` and `WebFiles.write`.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Int { read(fd, buffer.baseAddress, buffer.count) }
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) -> Int { write(fd, buffer.baseAddress, buffer.count) }
