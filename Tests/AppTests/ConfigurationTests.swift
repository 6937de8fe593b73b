import Composition
import DataLayer
import Dispatch
import Domain
import TestSupport
import Testing

/// Every front reads its configuration the same way (`Configuration.read`).
@Suite struct ConfigurationTests {
    @Test func theDataDirectoryComesFromTheFlagThenTheEnvironment() throws {
        #expect(try Configuration.read(dataDirectory: "/d", environment: ["GROCK_HOME": "/g"]).store == .directory("/d"))
        #expect(try Configuration.read(environment: ["GROCK_HOME": "/g", "HOME": "/h"]).store == .directory("/g"))
        #expect(try Configuration.read(environment: ["XDG_DATA_HOME": "/x", "HOME": "/h"]).store == .directory("/x/grock"))
        #expect(try Configuration.read(environment: ["HOME": "/h"]).store == .directory("/h/.local/share/grock"))
        #expect(try Configuration.read(inMemory: true, environment: [:]).store == .inMemory)
        // An empty --data-dir is an error, never the default; no directory at all is a storage error.
        for (flag, environment) in [("", ["HOME": "/h"]), (nil, [:])] as [(String?, [String: String])] {
            #expect(throws: ConfigurationError(kind: .storage,
                description: "no data directory: pass --data-dir DIR or set GROCK_HOME or HOME")) {
                try Configuration.read(dataDirectory: flag, environment: environment)
            }
        }
    }

    @Test func theClockTheLockAndColourFollowTheEnvironment() throws {
        let fixed = try Configuration.read(environment: ["HOME": "/h", "GROCK_NOW": "2026-03-02T10:00:00+01:00",
            "GROCK_LOCK_TIMEOUT_MS": "250"])
        #expect(fixed.fixedNow == Timestamp(rfc3339: "2026-03-02T10:00:00+01:00") && fixed.lockTimeout == .milliseconds(250)
            && fixed.colorAllowed)
        #expect(try Configuration.read(environment: ["HOME": "/h", "NO_COLOR": "1"]).colorAllowed == false)
        #expect(try Configuration.read(environment: ["HOME": "/h", "TERM": "dumb"]).colorAllowed == false)
        #expect(throws: ConfigurationError.self) { try Configuration.read(environment: ["HOME": "/h", "GROCK_NOW": "tomorrow\u{1B}"]) }
        for bad in ["soon", "-5", "1e3", "86400001"] {
            #expect(throws: ConfigurationError(kind: .invalidInput,
                description: "GROCK_LOCK_TIMEOUT_MS is \"\(bad)\", not a number of milliseconds from 0 to 86400000")) {
                try Configuration.read(environment: ["HOME": "/h", "GROCK_LOCK_TIMEOUT_MS": bad])
            }
        }
        #expect(try Configuration.read(environment: ["HOME": "/h", "GROCK_WATCH_MS": "20"]).watchInterval == .milliseconds(20))
        #expect(try Configuration.read(environment: ["HOME": "/h"]).watchInterval == .seconds(1))
        #expect(throws: ConfigurationError(kind: .invalidInput,
            description: "GROCK_WATCH_MS is \"0\", not a number of milliseconds from 1 to 86400000")) {
            try Configuration.read(environment: ["HOME": "/h", "GROCK_WATCH_MS": "0"])
        }
        // Asserted outside a `catch` (issue #25, 5: no error was no failure).
        #expect(throws: ConfigurationError(kind: .invalidInput,
            description: "GROCK_NOW is \"tomorrow\\e\", not an RFC 3339 time like 2026-03-02T10:00:00+01:00")) {
            try Configuration.read(environment: ["HOME": "/h", "GROCK_NOW": "tomorrow\u{1B}"])
        }
    }
}

/// A front's storage works off its caller's actor unless the front asks for it in place.
@Suite struct StorageWorkTests {
    /// Told by whether the main actor can run while the storage works: a job put on it meanwhile
    /// runs at once off it, and not before the work ends in place. (Comparing threads was flaky:
    /// a worker thread can be the one the caller ran on a moment before.)
    @MainActor @Test func aBackgroundStorageWorksOffTheCallersActorAndInPlaceOnIt() async throws {
        func mainActorRunsDuringTheWork(of storage: any Storage, waiting seconds: Double) async throws -> Bool {
            let ran = DispatchSemaphore(value: 0)
            Task { @MainActor in ran.signal() }
            return try await storage.read { _ in ran.wait(timeout: .now() + seconds) == .success }
        }
        #expect(try await mainActorRunsDuringTheWork(of: BackgroundStorage(InMemoryStorage()), waiting: 30),
                "the main actor is free while the storage works")
        #expect(try await !mainActorRunsDuringTheWork(of: InMemoryStorage(), waiting: 0.2), "in place, the work holds the main actor")
        #expect(Configuration(store: .inMemory).storageWork == .background, "a new front gets the background unless it asks")
    }
}
