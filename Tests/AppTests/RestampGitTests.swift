import Foundation
import TestSupport
import Testing

/// Found by an independent attack on `grock sync --restamp`: through git (docs/SYNC.md's
/// recipe), the restamp writes its former id's `device` file ("restamped NEW MS") but pushes
/// only the new id's folder: the file stays modified in the phone's clone, never committed, so
/// the laptop never learns the old changes were taken back, keeps waiting for the old segment,
/// and the new id's segment (which comes after it) waits behind it: nothing reaches the laptop.
@Suite(.serialized) struct RestampGitTests {
    @Test func aRestampThroughGitReachesTheOthers() throws {
        let journey = SyncJourneyTests()
        let laptop = try Grock(now: "2026-11-21T12:00:00+01:00"), phone = try Grock(now: "2026-11-21T12:00:00+01:00")
        defer { laptop.home.remove(); phone.home.remove() }
        let remote = laptop.home.path + "/remote.git"
        try FileManager.default.createDirectory(atPath: remote, withIntermediateDirectories: true)
        try journey.git(remote, ["init", "--quiet", "--bare"])
        try journey.git(laptop.home.path, ["clone", "--quiet", remote, laptop.home.path + "/household"])
        try journey.git(phone.home.path, ["clone", "--quiet", remote, phone.home.path + "/household"])
        try laptop.stocked()
        try laptop.ok(["sync", "init", laptop.home.path + "/household", "--name", "laptop"])
        try phone.ok(["sync", "join", phone.home.path + "/household", "--name", "phone"])

        try phone.ok(["store", "add", "Penny"], now: "2030-11-21T12:00:00+01:00")
        try phone.ok(["sync"], now: "2026-11-21T12:05:00+01:00")
        try phone.ok(["sync", "--restamp"], now: "2026-11-21T12:05:00+01:00")
        let status = try journey.git(phone.home.path + "/household", ["status", "--porcelain"])
        #expect(status.isEmpty, "left uncommitted in the phone's clone: \(status)")
        let result = try laptop.run(arguments: ["sync"], extra: ["GROCK_NOW": "2026-11-21T12:06:00+01:00"])
        #expect(result.status == 0 && !result.stderr.contains("waiting"), "\(result.stderr)")
        #expect(try laptop.ok(["store", "list"], now: "2026-11-21T12:06:00+01:00").contains("Penny"))
    }
}
