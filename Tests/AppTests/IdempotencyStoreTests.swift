import Foundation
import TestSupport
@testable import Web
import Testing

/// `IdempotencyStore` on its own: keys by session (named with the file's secret), the lines of
/// its file (a file of before the secret, and lines that cannot be read), and the oldest keys
/// forgotten; and `SipHash`, which names the sessions, against its published test vectors.
@Suite struct IdempotencyStoreTests {
    private func write(_ text: String, in directory: TemporaryDirectory) throws {
        try FileManager.default.createDirectory(atPath: directory.path + "/web", withIntermediateDirectories: true)
        try text.write(toFile: directory.path + "/web/applied", atomically: true, encoding: .utf8)
    }

    /// A line that cannot be read is skipped; the others answer for their session only.
    @Test func theFileIsReadLineByLine() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let secret = "0123456789abcdef0123456789abcdef"
        let hash = try #require(SipHash(hexadecimalKey: secret))
        let sessionName = String(hash(Array("session-a".utf8)), radix: 16)
        try write("\(IdempotencyStore.header)\t\(secret)\n\(sessionName)\tnew-key\t2b\n"
            + "not a line\nx\ty\tz\tw\n\(sessionName)\ttorn\tnothex\n"
                  + "old-key\t2a\n", in: directory)
        let store = try IdempotencyStore(directory: directory.path)
        #expect(store.lookup(store.key(sessionID: "session-a", key: "new-key"), fingerprint: 0x2b) == .applied)
        #expect(store.lookup(store.key(sessionID: "session-a", key: "new-key"), fingerprint: 0x2c) == .anotherChange)
        #expect(store.lookup(store.key(sessionID: "session-b", key: "new-key"), fingerprint: 0x2b) == .new, "another session's key")
        #expect(store.lookup(store.key(sessionID: "session-a", key: "torn"), fingerprint: 0) == .new)
        #expect(store.lookup(store.key(sessionID: "anyone", key: "old-key"), fingerprint: 0x2a) == .new,
            "a line without a session names none")
    }

    /// A file of before the secret (sessions named by FNV-1a, or not at all) is dropped whole and
    /// written afresh: none of its lines answers for any session.
    @Test func aFileOfBeforeTheSecretIsDropped() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let fnv = String(IdempotencyStore.fingerprint(Array("session-a".utf8)), radix: 16)
        try write("old-key\t2a\n\(fnv)\tnew-key\t2b\n", in: directory)
        let store = try IdempotencyStore(directory: directory.path)
        #expect(store.lookup(store.key(sessionID: "anyone", key: "old-key"), fingerprint: 0x2a) == .new)
        #expect(store.lookup(store.key(sessionID: "session-a", key: "new-key"), fingerprint: 0x2b) == .new)
        let written = try String(contentsOfFile: directory.path + "/web/applied", encoding: .utf8)
        #expect(written.hasPrefix(IdempotencyStore.header + "\t") && written.split(separator: "\n").count == 1, "\(written)")
    }

    /// A session's name depends on the install's secret (another install names it otherwise) and
    /// outlives a restart (the same file names it the same).
    @Test func aSessionsNameIsKeyedWithTheInstallsSecret() throws {
        let one = try TemporaryDirectory(), other = try TemporaryDirectory()
        defer { one.remove(); other.remove() }
        var store = try IdempotencyStore(directory: one.path)
        let key = store.key(sessionID: "session-a", key: "k")
        #expect(key.session != String(IdempotencyStore.fingerprint(Array("session-a".utf8)), radix: 16), "not FNV-1a")
        #expect(try IdempotencyStore(directory: other.path).key(sessionID: "session-a", key: "k") != key)
        try store.record(key, fingerprint: 7)
        let again = try IdempotencyStore(directory: one.path)
        #expect(again.key(sessionID: "session-a", key: "k") == key && again.lookup(key, fingerprint: 7) == .applied)
    }

    /// Past twice `keptKeys`, the newest `keptKeys` of a lone session are kept; a session's keys move whole to its next session.
    @Test func theOldestKeysAreForgottenAndASessionsKeysCarryOver() throws {
        var store = try IdempotencyStore(directory: nil)
        func key(_ session: String, _ key: String) -> IdempotencyStore.Key { store.key(sessionID: session, key: key) }
        let count = 2 * IdempotencyStore.keptKeys
        for index in 0..<count { try store.record(key("a", "k\(index)"), fingerprint: UInt64(index)) }
        #expect(store.lookup(key("a", "k\(count - IdempotencyStore.keptKeys - 1)"), fingerprint: 0) == .new, "forgotten")
        #expect(store.lookup(key("a", "k\(count - IdempotencyStore.keptKeys)"),
            fingerprint: UInt64(count - IdempotencyStore.keptKeys)) == .applied)
        store.begin(key("a", "busy"))
        #expect(store.lookup(key("a", "busy"), fingerprint: 1) == .inFlight && store.lookup(key("b", "busy"), fingerprint: 1) == .new)
        store.end(key("a", "busy"))
        #expect(store.lookup(key("a", "busy"), fingerprint: 1) == .new)
        try store.carryOver(from: "a", to: "b")
        #expect(store.lookup(key("b", "k\(count - 1)"), fingerprint: UInt64(count - 1)) == .applied)
        #expect(store.lookup(key("a", "k\(count - 1)"), fingerprint: UInt64(count - 1)) == .new)
    }

    /// One session sending thousands of changes does not push another's out (29th review: the
    /// keys were forgotten oldest first, whoever sent them, so a paired phone sending 10,000
    /// changes made another phone's change sent again apply twice).
    @Test func aSessionSendingThousandsOfChangesKeepsAnothersKeys() throws {
        var store = try IdempotencyStore(directory: nil)
        func key(_ session: String, _ key: String) -> IdempotencyStore.Key { store.key(sessionID: session, key: key) }
        for index in 0..<5 { try store.record(key("phone", "p\(index)"), fingerprint: 1) }
        for index in 0..<(2 * IdempotencyStore.keptKeys) { try store.record(key("tablet", "t\(index)"), fingerprint: 2) }
        #expect((0..<5).allSatisfy { store.lookup(key("phone", "p\($0)"), fingerprint: 1) == .applied })
        #expect(store.lookup(key("tablet", "t\(2 * IdempotencyStore.keptKeys - 1)"), fingerprint: 2) == .applied)
        #expect(store.lookup(key("tablet", "t0"), fingerprint: 2) == .new, "its oldest are forgotten")
    }

    /// A key whose line cannot be written (a directory where the file was) is still known to
    /// this store: the change sent again is applied once while the server runs; the next whole
    /// write of the file keeps it too.
    @Test func aKeyTheFileCannotTakeIsStillKnown() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var store = try IdempotencyStore(directory: directory.path)
        let key = store.key(sessionID: "session-a", key: "k")
        try FileManager.default.removeItem(atPath: directory.path + "/web/applied")
        try FileManager.default.createDirectory(atPath: directory.path + "/web/applied", withIntermediateDirectories: false)
        #expect(throws: WebError.self) { try store.record(key, fingerprint: 7) }
        #expect(store.lookup(key, fingerprint: 7) == .applied)
        try FileManager.default.removeItem(atPath: directory.path + "/web/applied")
        try store.carryOver(from: "session-a", to: "session-b")
        let again = try IdempotencyStore(directory: directory.path)
        #expect(again.lookup(again.key(sessionID: "session-b", key: "k"), fingerprint: 7) == .applied)
    }

    /// SipHash-2-4's vectors (key 00 01 … 0f, message 00 01 … of each length), from its paper.
    @Test(arguments: [(0, 0x726f_db47_dd0e_0e31 as UInt64), (1, 0x74f8_39c5_93dc_67fd), (8, 0x93f5_f579_9a93_2462),
        (15, 0xa129_ca61_49be_45e5)])
    func sipHashAnswersItsVectors(length: Int, expected: UInt64) throws {
        let hash = try #require(SipHash(hexadecimalKey: "0706050403020100" + "0f0e0d0c0b0a0908"))
        #expect(hash((0..<length).map { UInt8($0) }) == expected)
    }
}
