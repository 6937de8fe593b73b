import Foundation
import Testing

extension HostileSegmentTests {
    /// A segment's first line is its format, compared whole: `grock-sync-segment\t12` starts like
    /// this Grock's `\t1` but is another format, damaged here, not read as this one.
    @Test func aSegmentOfAnotherFormatIsDamagedNotReadAsThisOne() async throws {
        let home = try await Household.make()
        defer { try? FileManager.default.removeItem(atPath: home.root) }
        try home.forgeRaw("evil", format: "grock-sync-segment\t12")
        let report = try await home.sync("phone").exchange()
        #expect(report.damaged.contains { $0.hasPrefix("evil/00000000.seg: its format is not this Grock's (grock-sync-segment\\t12)") },
                "\(report)")
    }
}
