import Foundation
import TestSupport
@testable import Web
import Testing

/// `IdempotencyStore` on its own: keys by session, the lines of its file (those of before keys
/// were kept by session, and those that cannot be read), and the oldest keys forgotten.
@Suite struct IdempotencyStoreTests {
    private func key(_ session: String, _ key: String) -> IdempotencyStore.Key { IdempotencyStore.Key(session: session, key: key) }

    /// A line without a session answers for its key in every session; a line that cannot be read is skipped.
    @Test func theFileIsReadLineByLine() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try FileManager.default.createDirectory(atPath: directory.path + "/web", withIntermediateDirectories: true)
        try "old-key\t2a\nsession-a\tnew-key\t2b\nnot a line\nx\ty\tz\tw\nsession-a\ttorn\tnothex\n"
            .write(toFile: directory.path + "/web/applied", atomically: true, encoding: .utf8)
        let store = try IdempotencyStore(directory: directory.path)
        #expect(store.lookup(key("anyone", "old-key"), fingerprint: 0x2a) == .applied)
        #expect(store.lookup(key("anyone", "old-key"), fingerprint: 0x2b) == .anotherChange)
        #expect(store.lookup(key("session-a", "new-key"), fingerprint: 0x2b) == .applied)
        #expect(store.lookup(key("session-b", "new-key"), fingerprint: 0x2b) == .new, "another session's key")
        #expect(store.lookup(key("session-a", "torn"), fingerprint: 0) == .new)
    }

    /// Past twice `keptKeys`, the newest `keptKeys` are kept; a session's keys move whole to its next session.
    @Test func theOldestKeysAreForgottenAndASessionsKeysCarryOver() throws {
        func key(_ session: String, _ key: String) -> IdempotencyStore.Key { IdempotencyStore.Key(sessionID: session, key: key) }
        var store = try IdempotencyStore(directory: nil)
        let count = 2 * IdempotencyStore.keptKeys
        for index in 0..<count { try store.record(key("a", "k\(index)"), fingerprint: UInt64(index)) }
        #expect(store.lookup(key("a", "k\(count - IdempotencyStore.keptKeys - 1)"), fingerprint: 0) == .new, "forgotten")
        #expect(store.lookup(key("a", "k\(count - IdempotencyStore.keptKeys)"), fingerprint: UInt64(count - IdempotencyStore.keptKeys)) == .applied)
        store.begin(key("a", "busy"))
        #expect(store.lookup(key("a", "busy"), fingerprint: 1) == .inFlight && store.lookup(key("b", "busy"), fingerprint: 1) == .new)
        store.end(key("a", "busy"))
        #expect(store.lookup(key("a", "busy"), fingerprint: 1) == .new)
        try store.carryOver(from: "a", to: "b")
        #expect(store.lookup(key("b", "k\(count - 1)"), fingerprint: UInt64(count - 1)) == .applied)
        #expect(store.lookup(key("a", "k\(count - 1)"), fingerprint: UInt64(count - 1)) == .new)
    }
}
