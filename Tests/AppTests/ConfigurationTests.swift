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
